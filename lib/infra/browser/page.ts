import "server-only";
import { type Browser, type BrowserContext, type Page, errors as playwrightErrors } from "playwright-core";
import { AppError } from "@/lib/infra/errors";
import type { PageFetcher } from "@/lib/infra/outbound/safe-fetch";
import { PageEgress, type RefusedRequest } from "./egress";
import { invalidWaitForSelector } from "./errors";
import {
  MAX_SCREENSHOT_HEIGHT,
  MAX_WAIT_FOR_MS,
  NETWORK_QUIET_CAP_MS,
  NETWORK_QUIET_MS,
  type PageLimits,
  VIEWPORT,
} from "./limits";

export interface RenderOptions {
  /** The whole render, from asking for a browser page to the last byte of the answer (ms). */
  deadlineMs: number;
  /**
   * What "rendered" means for this page: a CSS selector that must be in the document, or milliseconds to wait once
   * the document is parsed (at most MAX_WAIT_FOR_MS). Without it: the document is parsed and the page's network has
   * been quiet for NETWORK_QUIET_MS since then (at most NETWORK_QUIET_CAP_MS).
   */
  waitFor?: string | number;
  /** Aborts the render (a cancelled run): it rejects with the signal's reason, and its page is closed. */
  signal?: AbortSignal;
  /** A PNG of the viewport, or of the whole page up to `maxHeight` pixels (MAX_SCREENSHOT_HEIGHT at most). */
  screenshot?: { fullPage?: boolean; maxHeight?: number };
}

export interface RenderedPage {
  /** The main frame's document as the browser holds it then (page.content()). */
  html: string;
  /** Where the main frame is then: after redirects, and after any navigation or history change of its own. */
  finalUrl: string;
  /** The HTTP status of the main frame's document. */
  status: number;
  screenshot?: Buffer;
  /** Requests the page made: its frames', workers' and popups' included, refused and skipped ones too. */
  requests: number;
  /** The first requests refused (SSRF policy, limits, blocked kinds), with why. */
  refused: RefusedRequest[];
  refusedCount: number;
  /** Decoded bytes of every answer the page received. */
  bytes: number;
  timings: {
    /** Waiting for a browser page (ms). */
    queuedMs: number;
    /** From the browser page to the answer (ms). */
    renderMs: number;
  };
}

/** Room left at the end of the deadline for taking the HTML and the screenshot, once waiting for the page is done. */
const SNAPSHOT_RESERVE_MS = 1_000;

/** What happened to the page while it rendered, for the pool to name the failure. */
export interface PageOutcome {
  /** The renderer died (out of memory, killed by the watchdog). */
  crashed: boolean;
  /** Still fetching the main document: a deadline then is the site's slowness (upstream_timeout). */
  awaitingDocument: boolean;
  /** The selector being waited for, while it was. */
  waitingFor?: string;
}

/** One render: an incognito context of its own, its egress, its page. */
export class PageSession {
  private context?: BrowserContext;
  private egress?: PageEgress;
  readonly outcome: PageOutcome = { crashed: false, awaitingDocument: false };

  constructor(
    private readonly browser: Browser,
    private readonly fetcher: PageFetcher,
    private readonly limits: PageLimits,
    private readonly userAgent: string,
    /** The render's deadline and the caller's cancellation, together. */
    private readonly signal: AbortSignal,
    /** performance.now() at which the deadline passes. */
    private readonly until: number,
  ) {}

  async render(url: URL, options: RenderOptions): Promise<Omit<RenderedPage, "timings">> {
    const egress = new PageEgress(this.fetcher, this.limits, this.signal, Boolean(options.screenshot));
    this.egress = egress;
    const context = await this.step(
      this.browser.newContext({
        userAgent: this.userAgent,
        viewport: VIEWPORT,
        locale: "en-US",
        serviceWorkers: "block",
        acceptDownloads: false,
      }),
    );
    this.context = context;
    // Both registered before the page exists (a page made meanwhile might start without them), together: each is a
    // round trip to the browser, on every render's path.
    await this.step(
      Promise.all([
        context.route("**", egress.handle),
        // Closed at once (the black hole would refuse them anyway, but the page then waits for a timeout).
        context.routeWebSocket(/.*/, (socket) => void socket.close({ code: 1008, reason: "not allowed" })),
      ]),
    );
    const page = await this.step(context.newPage());
    egress.page = page;
    context.on("page", (popup) => {
      if (popup !== page) void popup.close().catch(() => {});
    });
    // No "dialog" listener: Playwright dismisses alert/confirm/prompt itself when nobody listens, and a listener costs a
    // subscription round trip per page (profiled).
    page.on("crash", () => {
      this.outcome.crashed = true;
    });

    const document = await this.navigate(page, egress, url);
    await this.waitUntilRendered(page, egress, document.url, options.waitFor);
    const html = await this.content(page);
    const finalUrl = page.url();
    if (!/^https?:/.test(finalUrl)) {
      // The main frame left for an error page: one of its later navigations was refused.
      throw egress.mainFrameFailure ?? new AppError("upstream_error", "The page navigated to something that is not a web page.");
    }
    const screenshot = options.screenshot ? await this.screenshot(page, options.screenshot) : undefined;
    return {
      html,
      finalUrl,
      status: egress.mainDocument?.status ?? document.status,
      ...(screenshot ? { screenshot } : {}),
      requests: egress.requests,
      refused: [...egress.refused],
      refusedCount: egress.refusedCount,
      bytes: egress.budget.used,
    };
  }

  /** Closes the context, and with it every page, frame and popup of the render. */
  async close(): Promise<void> {
    await this.context?.close();
  }

  /** How many requests the page had made (the pool logs it with a failure). */
  get requests(): number {
    return this.egress?.requests ?? 0;
  }

  /**
   * Opens `url` and waits for the document its redirects end at: the first navigation's own answer decides, as a
   * plain fetch would (refused address, not HTML, too large, an error status, too many redirects).
   */
  private async navigate(page: Page, egress: PageEgress, url: URL) {
    this.outcome.awaitingDocument = true;
    const opened = page.goto(url.href, { waitUntil: "commit", timeout: this.remaining() });
    const failedToOpen = opened.then(
      () => new Promise<never>(() => {}),
      (error: Error) => {
        // goto's own timeout is the time left to the deadline, and may fire a moment before the deadline's timer: it is
        // the deadline all the same, which the pool names (upstream_timeout while the document is awaited).
        if (error instanceof playwrightErrors.TimeoutError) throw error;
        throw new AppError("upstream_error", `The page could not be opened (${firstLine(error)}).`);
      },
    );
    // A refusal rejects the document first (before the route's abort reaches goto), so its reason wins the race.
    const document = await this.step(Promise.race([egress.initialDocument(), failedToOpen]));
    this.outcome.awaitingDocument = false;
    return document;
  }

  private async waitUntilRendered(page: Page, egress: PageEgress, documentUrl: string, waitFor: RenderOptions["waitFor"]) {
    const isDocument = (current: URL) => withoutHash(current) === withoutHash(new URL(documentUrl));
    if (typeof waitFor === "string") {
      this.outcome.waitingFor = waitFor;
      try {
        await this.step(page.locator(`css=${waitFor}`).first().waitFor({ state: "attached", timeout: this.remaining() }));
      } catch (error) {
        if (/while parsing css selector/i.test(String((error as Error).message))) throw invalidWaitForSelector(waitFor);
        throw error;
      }
      this.outcome.waitingFor = undefined;
      return;
    }
    await this.step(page.waitForURL(isDocument, { waitUntil: "domcontentloaded", timeout: this.remaining() }));
    const room = this.remaining() - SNAPSHOT_RESERVE_MS;
    if (typeof waitFor === "number") {
      await this.step(sleep(Math.max(0, Math.min(waitFor, MAX_WAIT_FOR_MS, room))));
    } else {
      const capMs = Math.max(0, Math.min(NETWORK_QUIET_CAP_MS, room));
      const giveUpAt = performance.now() + capMs;
      // The quiet window on our clock, and the same window on the page's: a renderer short of CPU runs the page's
      // timers late (a script's 300 ms timer that adds the data can fire after our 500 ms have passed), and the
      // page's own timers fire in the order they are due, so once its clock has passed the window they have run.
      const [quietAt] = await this.step(
        Promise.all([
          egress.networkQuiet(NETWORK_QUIET_MS, capMs).then(() => performance.now()),
          pageClockPast(page, NETWORK_QUIET_MS, capMs),
        ]),
      );
      // A timer that fired late may have started a request after the network went quiet: that one is waited for too.
      if (!egress.quietSince(quietAt)) {
        await this.step(egress.networkQuiet(NETWORK_QUIET_MS, Math.max(0, giveUpAt - performance.now())));
      }
    }
  }

  /** page.content(), again once the page is done navigating should a script navigate it just then. */
  private async content(page: Page): Promise<string> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.step(page.content());
      } catch (error) {
        if (attempt >= 3 || !/navigating/i.test(String((error as Error).message))) throw error;
        await this.step(page.waitForLoadState("domcontentloaded", { timeout: this.remaining() }));
      }
    }
  }

  private async screenshot(page: Page, options: NonNullable<RenderOptions["screenshot"]>): Promise<Buffer> {
    if (!options.fullPage) return this.step(page.screenshot({ type: "png", timeout: this.remaining() }));
    const maxHeight = Math.min(options.maxHeight ?? MAX_SCREENSHOT_HEIGHT, MAX_SCREENSHOT_HEIGHT);
    const height = await this.step(page.evaluate(() => document.documentElement.scrollHeight));
    return this.step(
      page.screenshot({
        type: "png",
        fullPage: true,
        ...(height > maxHeight ? { clip: { x: 0, y: 0, width: VIEWPORT.width, height: maxHeight } } : {}),
        timeout: this.remaining(),
      }),
    );
  }

  /** Any step of the render ends when the deadline passes or the caller cancels, whatever the browser is doing. */
  private step<T>(promise: Promise<T>): Promise<T> {
    return untilAborted(promise, this.signal);
  }

  private remaining(): number {
    return Math.max(1, Math.round(this.until - performance.now()));
  }
}

/** `promise`, or the signal's reason as soon as it aborts (the promise is then left to settle unheard). */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => {});
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once the page's own clock has passed `windowMs` after its DOMContentLoaded: a timer set in the page, due
 * then, has fired. At most `capMs` of our time (a page whose main thread never frees up, or that replaced its
 * setTimeout); a page that navigated away meanwhile ends the wait too (its content is read once it has loaded).
 */
function pageClockPast(page: Page, windowMs: number, capMs: number): Promise<void> {
  const pageTimer = page
    .evaluate(
      (windowMs) =>
        new Promise<void>((resolve) => {
          const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
          const loadedAt = navigation?.domContentLoadedEventEnd || performance.now();
          setTimeout(resolve, Math.max(0, loadedAt + windowMs - performance.now()));
        }),
      windowMs,
    )
    .catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  const cap = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, capMs);
  });
  return Promise.race([pageTimer, cap]).finally(() => clearTimeout(timer));
}

function withoutHash(url: URL): string {
  return url.href.slice(0, url.href.length - url.hash.length);
}

function firstLine(error: Error): string {
  return (error.message.split("\n")[0] ?? "").replace(/^page\.goto: /, "");
}
