import "server-only";
import { renderPage } from "@/lib/infra/browser";
import { isAppError } from "@/lib/infra/errors";
import { log } from "@/lib/infra/log";
import { pageFetcher } from "@/lib/infra/outbound/safe-fetch";
import { extractJsonInThread } from "@/lib/scrapers/extraction/pool";
import { DEFAULT_RENDER_TIMEOUT_MS } from "@/lib/scrapers/render-options";
import type { RunOptions, RunOutputs } from "@/lib/scrapers/run-options";

// A run's page, as the worker gets it (docs/product.md#rendering): the HTML the server sends, or the page rendered in
// this process's browser pool (lib/infra/browser: a worker renders, the web process never does unless it works the
// queue itself), then extracted in a worker thread either way.

export interface RunPageInput {
  url: string;
  kind: string;
  includeReviews: boolean;
  /** What the run was asked beyond its URL: the rendering options here, the rest for the extraction thread. */
  options: RunOptions;
  /** The run cancelled (or its lease lost): every step stops, rejecting with its reason. */
  signal: AbortSignal;
}

export interface RunPage {
  /** The items as the extraction thread wrote them (JSON text), how many, and the outputs it made beside them. */
  items: Extracted;
  /** Whether the items came from a page rendered in a browser. */
  rendered: boolean;
  /** The PNG asked for with `screenshot`. */
  screenshot?: Buffer;
}

/**
 * Fetches (or renders) and extracts a run's page:
 * - `render: false` (default): the plain fetcher, as always.
 * - `render: true`: the browser. A browser that dies under the page (rendering_crashed) is replaced by the pool and
 *   the render tried once more, within what is left of the run's deadline.
 * - `render: "auto"`: the plain page first; rendered only when it has no item that says anything beyond a title and
 *   its address, or looks like an app shell (needsBrowser). If that render fails, the plain page's items stand when it
 *   had any; otherwise the render's error is the run's.
 */
type Extracted = { json: string; count: number; outputs: RunOutputs | null };

export async function scrapeRunPage(input: RunPageInput): Promise<RunPage> {
  const { options, signal } = input;
  // `fetched`: the address asked and the status answered, for the items that say them (the Web Page scraper's).
  const extract = (html: string, url: string, statusCode: number) =>
    extractJsonInThread(
      {
        kind: input.kind,
        html,
        url,
        fetched: { url: input.url, statusCode },
        includeReviews: input.includeReviews,
        options,
      },
      { signal },
    );
  if (options.render === true) return renderAndExtract(input, extract);
  const page = await pageFetcher().fetchPage(input.url, { signal });
  const items = await extract(page.html, page.url, page.status);
  if (options.render !== "auto" || !needsBrowser(page.html, items)) return { items, rendered: false };
  try {
    return await renderAndExtract(input, extract);
  } catch (error) {
    if (signal.aborted || items.count === 0) throw error;
    log.info({ err: error, url: input.url }, "auto render failed; the plain page's items stand");
    return { items, rendered: false };
  }
}

async function renderAndExtract(
  input: RunPageInput,
  extract: (html: string, url: string, statusCode: number) => Promise<Extracted>,
): Promise<RunPage> {
  const { options, signal } = input;
  const deadlineMs = options.timeout_ms ?? DEFAULT_RENDER_TIMEOUT_MS;
  const until = Date.now() + deadlineMs;
  // Asked as an option, or as a format (issue 24's `formats: ["screenshot"]`): the viewport then.
  const asked = options.screenshot ?? (options.formats?.includes("screenshot") ? true : undefined);
  const screenshot = asked === "full_page" ? { fullPage: true } : asked === true ? { fullPage: false } : undefined;
  const attempt = (ms: number) =>
    renderPage(input.url, {
      deadlineMs: ms,
      signal,
      ...(options.wait_for !== undefined ? { waitFor: options.wait_for } : {}),
      ...(screenshot ? { screenshot } : {}),
    });
  let page: Awaited<ReturnType<typeof renderPage>>;
  try {
    page = await attempt(deadlineMs);
  } catch (error) {
    // The browser died under the page (killed, crashed): the pool has replaced it; once more within the deadline.
    const left = until - Date.now();
    if (!isAppError(error, "rendering_crashed") || signal.aborted || left < 1_000) throw error;
    log.warn({ url: input.url }, "the browser died under a run's page; rendering it once more");
    page = await attempt(left);
  }
  const items = await extract(page.html, page.finalUrl, page.status);
  return { items, rendered: true, ...(page.screenshot ? { screenshot: page.screenshot } : {}) };
}

/** Fewer visible characters than this (spaces left out), with scripts on the page: an app shell's empty body. */
const SHELL_TEXT_CHARS = 150;

/** A `<noscript>` asking for JavaScript marks a shell only on a page with less visible text than this. */
const NOSCRIPT_SHELL_TEXT_CHARS = 500;

/**
 * Whether a plainly fetched page is worth a browser: its items say nothing beyond a title and an address (a shell's
 * `<title>` is often all it has), or the page looks like an app shell (looksLikeAppShell).
 */
export function needsBrowser(html: string, items: { json: string; count: number }): boolean {
  if (items.count === 0) return true;
  const parsed = JSON.parse(items.json) as Record<string, unknown>[];
  const saysSomething = parsed.some((item) =>
    Object.entries(item).some(([key, value]) => key !== "title" && key !== "url" && key !== "_meta" && value !== null),
  );
  return !saysSomething || looksLikeAppShell(html);
}

const ASKS_FOR_JAVASCRIPT =
  /(enable|turn on|requires?|needs?|activate)\b[^<]{0,40}\bjavascript|javascript\b[^<]{0,40}\b(required|disabled|enabled|needed)/i;

/** Elements whose content is not visible text. */
const HIDDEN_ELEMENTS = ["script", "style", "template", "noscript", "svg"] as const;

/** Past this size a page is not an app shell (shells are small): not searched, so the check stays cheap. */
const MAX_SHELL_BYTES = 512 * 1024;

/**
 * An app shell: a page drawn by its scripts, whose HTML carries no content yet: it has scripts, and its body almost
 * no visible text (under SHELL_TEXT_CHARS characters once scripts, styles, templates, noscripts, tags and spaces are
 * taken out), or little text and a `<noscript>` asking for JavaScript. One linear pass, on the worker's event loop.
 */
export function looksLikeAppShell(html: string): boolean {
  if (html.length > MAX_SHELL_BYTES) return false;
  const lower = html.toLowerCase();
  if (!lower.includes("<script")) return false;
  const bodyAt = lower.indexOf("<body");
  let at = bodyAt >= 0 ? bodyAt : 0;
  let visible = 0;
  let asksForJavaScript = false;
  const count = (from: number, to: number) => {
    visible += html.slice(from, to).replace(/&[a-z#0-9]+;|\s+/gi, "").length;
  };
  while (at < lower.length && visible < NOSCRIPT_SHELL_TEXT_CHARS) {
    const open = lower.indexOf("<", at);
    if (open < 0) {
      count(at, lower.length);
      break;
    }
    count(at, open);
    const hidden = HIDDEN_ELEMENTS.find(
      (name) => lower.startsWith(name, open + 1) && /[\s>/]/.test(lower[open + 1 + name.length] ?? ""),
    );
    if (hidden) {
      const close = lower.indexOf(`</${hidden}`, open);
      const end = close < 0 ? lower.length : close;
      if (hidden === "noscript" && ASKS_FOR_JAVASCRIPT.test(html.slice(open, end))) asksForJavaScript = true;
      at = close < 0 ? lower.length : lower.indexOf(">", close) + 1 || lower.length;
      continue;
    }
    const tagEnd = lower.indexOf(">", open);
    at = tagEnd < 0 ? lower.length : tagEnd + 1;
  }
  return visible < SHELL_TEXT_CHARS || (asksForJavaScript && visible < NOSCRIPT_SHELL_TEXT_CHARS);
}
