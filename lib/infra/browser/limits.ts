import { DEFAULT_FETCH_POLICY } from "@/lib/infra/outbound/safe-fetch";

/** What one rendered page may use: every request it makes, together. Why these values: lib/infra/browser/README.md. */
export interface PageLimits {
  /** Requests the page (its frames, workers and popups included) may make; later ones are refused. */
  maxRequests: number;
  /** Decoded bytes of one answer: the plain fetcher's page limit, so a rendered page reads what a fetched one does. */
  maxResponseBytes: number;
  /** Decoded bytes of every answer together. */
  maxPageBytes: number;
  /** Memory (resident) a renderer process may reach before it is killed, and its page fails page_too_complex. */
  maxRendererMemoryMb: number;
  /** Redirects a frame's navigation may follow, as the plain fetcher (too_many_redirects past it). */
  maxRedirects: number;
}

export const DEFAULT_PAGE_LIMITS: PageLimits = {
  maxRequests: 300,
  maxResponseBytes: DEFAULT_FETCH_POLICY.maxBytes,
  maxPageBytes: 25 * 1024 * 1024,
  maxRendererMemoryMb: 1024,
  maxRedirects: DEFAULT_FETCH_POLICY.maxRedirects,
};

/** The longest a caller may ask to wait after the page has loaded (`waitFor` in milliseconds). */
export const MAX_WAIT_FOR_MS = 10_000;

/**
 * With no `waitFor`, a page is taken once it has loaded and its network has been quiet this long (Playwright's
 * "networkidle" uses 500 ms too): long enough for the data a script fetches once the page is up, and the
 * timers that draw it.
 */
export const NETWORK_QUIET_MS = 500;

/** …but never waiting longer than this for the quiet (a page that polls for ever is taken as it is then). */
export const NETWORK_QUIET_CAP_MS = 5_000;

/** What the browser window is: a common laptop screen, so pages lay out as for most of their visitors. */
export const VIEWPORT = { width: 1280, height: 800 } as const;

/** The tallest full-page screenshot (px); Chromium cannot capture past 16,384 anyway. */
export const MAX_SCREENSHOT_HEIGHT = 10_000;

/** How long closing a page's context may take before its browser is taken for hung and killed. */
export const CONTEXT_CLOSE_GRACE_MS = 3_000;

/** How long starting a browser may take. */
export const LAUNCH_TIMEOUT_MS = 30_000;

/** How often the renderer memory watchdog looks, while a browser has pages open. */
export const MEMORY_WATCH_INTERVAL_MS = 250;
