import "server-only";
import { setMaxListeners } from "node:events";
import { STATUS_CODES } from "node:http";
import type { Frame, Page, Request, Route } from "playwright-core";
import { AppError, isAppError } from "@/lib/infra/errors";
import { log } from "@/lib/infra/log";
import { parseRetryAfter } from "@/lib/infra/outbound/retry-after";
import type { BrowserResource, ByteBudget, PageFetcher } from "@/lib/infra/outbound/safe-fetch";
import type { PageLimits } from "./limits";

/** Why a request of the page got no answer but a network error: one of the fetcher's codes, or one of ours. */
export type RefusalReason =
  | "blocked_address"
  | "invalid_url"
  | "not_html"
  | "too_large"
  | "too_many_redirects"
  | "upstream_error"
  | "upstream_unreachable"
  | "upstream_timeout"
  /** Past the page's request limit. */
  | "request_limit"
  /** A kind of request a rendered page never makes: media streams, event streams, WebSockets. */
  | "blocked_type"
  /** A request of a popup (a page the page opened). */
  | "popup";

export interface RefusedRequest {
  url: string;
  reason: RefusalReason;
}

/** The first refusals of a page are kept (what a caller wants to see); the rest are only counted. */
const REFUSALS_KEPT = 50;

/** The last document a navigation of the page's main frame arrived at, with its status. */
export interface MainDocument {
  url: string;
  status: number;
}

/**
 * Answers every request one rendered page makes (context.route("**")): each is fetched by our own fetcher, through the
 * SSRF address policy (resolved once, every address checked, the socket pinned to it), under the page's limits
 * (requests, bytes per answer, bytes in all), and fulfilled from that; anything refused is aborted. The browser never
 * reaches the network itself (its proxy is a black hole: launch.ts).
 *
 * Redirects: Playwright does not route the next hop of a redirect it was answered with (it lets the browser follow it
 * unrouted: here, into the black hole). So a frame's document that redirects is answered with a small page that
 * navigates on to the target (location.replace; meta refresh without script), a navigation the route sees and checks
 * like any other, with the redirect's cookies set; a subresource's redirect is followed here, hop by hop, each hop
 * checked by the fetcher again.
 */
export class PageEgress {
  /** Requests the page made (refused and skipped ones included). */
  requests = 0;
  /** Requests not made on purpose: images and fonts, when no screenshot needs them. */
  skipped = 0;
  refusedCount = 0;
  readonly refused: RefusedRequest[] = [];
  readonly budget: ByteBudget;
  /** Set once the page exists: requests of any other page in the context are a popup's. */
  page?: Page;

  private inFlight = 0;
  private lastActivity = performance.now();
  private activityListeners = new Set<() => void>();
  private mainRedirects = 0;
  private mainFetching = false;
  private lastMainDocument?: MainDocument;
  private mainFailure?: AppError;
  private readonly initial: { promise: Promise<MainDocument>; resolve(doc: MainDocument): void; reject(error: AppError): void };

  constructor(
    private readonly fetcher: PageFetcher,
    private readonly limits: PageLimits,
    private readonly signal: AbortSignal,
    private readonly loadImages: boolean,
  ) {
    this.budget = { limit: limits.maxPageBytes, used: 0 };
    // Every request in flight listens to the page's signal: as many as the page may make, not Node's default 10.
    setMaxListeners(limits.maxRequests + 20, signal);
    let resolve!: (doc: MainDocument) => void;
    let reject!: (error: AppError) => void;
    const promise = new Promise<MainDocument>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    promise.catch(() => {});
    this.initial = { promise, resolve, reject };
  }

  /**
   * The document the first navigation ends at, redirects followed; rejects with the reason it was refused
   * (blocked_address, not_html, too_large, upstream_error for a non-2xx answer, …), as the plain fetcher would.
   */
  initialDocument(): Promise<MainDocument> {
    return this.initial.promise;
  }

  /** Whether the main frame's document is being fetched (a deadline then is the site's slowness). */
  get awaitingMainDocument(): boolean {
    return this.mainFetching;
  }

  /** Why the main frame's latest navigation was refused, if it was. */
  get mainFrameFailure(): AppError | undefined {
    return this.mainFailure;
  }

  get mainDocument(): MainDocument | undefined {
    return this.lastMainDocument;
  }

  /** The route handler: context.route("**", egress.handle). */
  readonly handle = async (route: Route): Promise<void> => {
    const request = route.request();
    const url = request.url();
    this.requests++;
    if (this.signal.aborted) return abort(route);
    if (this.requests > this.limits.maxRequests) return this.refuse(route, url, "request_limit");
    const type = request.resourceType();
    if (type === "media" || type === "eventsource" || type === "websocket") return this.refuse(route, url, "blocked_type");
    if (!this.loadImages && (type === "image" || type === "font")) {
      this.skipped++;
      return abort(route);
    }
    const frame = frameOf(request);
    // Another page of the context: a popup. The headless shell routes a popup's first document before Playwright
    // knows its frame, so a document whose frame is unknown is one too (the page's own frames are known by then).
    const elsewhere = frame ? frame.page() !== this.page : request.isNavigationRequest();
    if (this.page && elsewhere) return this.refuse(route, url, "popup");
    const document = request.isNavigationRequest();
    const main = document && frame !== null && frame === this.page?.mainFrame();

    this.started();
    if (main) this.mainFetching = true;
    try {
      const answer = await this.fetch(url, request, document);
      if (answer.redirectTo) {
        // Only a document's redirect comes back here: a subresource's was followed by fetch().
        if (main && ++this.mainRedirects > this.limits.maxRedirects) {
          throw new AppError("too_many_redirects", `The page redirected more than ${this.limits.maxRedirects} times.`);
        }
        return await route.fulfill({ status: 200, headers: redirectPageHeaders(answer), body: redirectPage(answer.redirectTo) });
      }
      if (main) {
        if (answer.status < 200 || answer.status >= 300) {
          const text = STATUS_CODES[answer.status];
          // The status and Retry-After as data, as the plain fetcher gives them (a crawl backs off on 429/503).
          const first = (name: string) => [answer.headers[name] ?? []].flat()[0] ?? null;
          const retryAfterSeconds = parseRetryAfter(first("retry-after"), Date.now(), first("date"));
          throw new AppError("upstream_error", `The site answered ${answer.status}${text ? ` ${text}` : ""}.`, {
            upstream: { status: answer.status, retryAfterSeconds },
          });
        }
        this.mainRedirects = 0;
        this.mainFailure = undefined;
        this.lastMainDocument = { url: answer.url, status: answer.status };
        this.initial.resolve(this.lastMainDocument);
      }
      await route.fulfill({ status: answer.status, headers: flatHeaders(answer.headers), body: answer.body });
    } catch (error) {
      if (this.signal.aborted) return abort(route);
      if (!isAppError(error)) log.warn({ err: error, url }, "browser: a request of the page failed unexpectedly");
      const failure = isAppError(error) ? error : new AppError("upstream_unreachable", "The site could not be reached.");
      if (main) {
        this.mainFailure = failure;
        this.initial.reject(failure);
      }
      return this.refuse(route, url, refusalReason(failure));
    } finally {
      if (main) this.mainFetching = false;
      this.ended();
    }
  };

  /**
   * Resolves once no request has been in flight for `quietMs`, counted from this call at the earliest, or after
   * `capMs` whatever the page does. The caller calls it once the document is parsed: the page's parse-time scripts
   * (timers that add data a moment later) ran just then, however long after the last response a busy renderer got
   * to them, so the quiet window must not have started before them.
   */
  async networkQuiet(quietMs: number, capMs: number): Promise<void> {
    const giveUpAt = performance.now() + capMs;
    this.lastActivity = Math.max(this.lastActivity, performance.now());
    for (;;) {
      const now = performance.now();
      if (now >= giveUpAt || this.signal.aborted) return;
      const quietFor = now - this.lastActivity;
      if (this.inFlight === 0 && quietFor >= quietMs) return;
      const wait = this.inFlight === 0 ? quietMs - quietFor : giveUpAt - now;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.activityListeners.delete(done);
          resolve();
        };
        const timer = setTimeout(done, Math.min(wait, giveUpAt - now));
        this.activityListeners.add(done);
      });
    }
  }

  /** No request in flight and none started or ended since `since` (a performance.now() time). */
  quietSince(since: number): boolean {
    return this.inFlight === 0 && this.lastActivity <= since;
  }

  private async fetch(url: string, request: Request, document: boolean): Promise<BrowserResource> {
    // A routed request's headers are complete (cookies included): Playwright builds them from the interception's own
    // event, the same source allHeaders() reads, which would cost an API call and its stack capture per request
    // (~0.3 ms here; profiled). The cookie tests in render.test.ts hold either way.
    const headers = request.headers();
    let method = request.method();
    let body = request.postDataBuffer();
    let target = url;
    for (let hop = 0; ; hop++) {
      const answer = await this.fetcher.fetchForBrowser(target, {
        method,
        headers,
        body,
        signal: this.signal,
        destination: document ? "document" : "subresource",
        maxBytes: this.limits.maxResponseBytes,
        budget: this.budget,
      });
      if (!answer.redirectTo || document) return answer;
      if (hop >= this.limits.maxRedirects) {
        throw new AppError("too_many_redirects", `The resource redirected more than ${this.limits.maxRedirects} times.`);
      }
      // As browsers do: 303 (and 301/302 after a POST) become a GET without a body; 307/308 repeat the request.
      if (answer.status === 303 || ((answer.status === 301 || answer.status === 302) && method === "POST")) {
        method = "GET";
        body = null;
      }
      if (answer.redirectTo.origin !== new URL(target).origin) {
        delete headers.cookie;
        delete headers.authorization;
      }
      target = answer.redirectTo.href;
    }
  }

  private refuse(route: Route, url: string, reason: RefusalReason): Promise<void> {
    this.refusedCount++;
    if (this.refused.length < REFUSALS_KEPT) this.refused.push({ url: url.slice(0, 300), reason });
    return abort(route);
  }

  private started(): void {
    this.inFlight++;
    this.touch();
  }

  private ended(): void {
    this.inFlight--;
    this.touch();
  }

  private touch(): void {
    this.lastActivity = performance.now();
    for (const listener of this.activityListeners) listener();
  }
}

const REFUSAL_REASONS = new Set<string>([
  "blocked_address",
  "invalid_url",
  "not_html",
  "too_large",
  "too_many_redirects",
  "upstream_error",
  "upstream_unreachable",
  "upstream_timeout",
]);

function refusalReason(error: AppError): RefusalReason {
  return REFUSAL_REASONS.has(error.code) ? (error.code as RefusalReason) : "upstream_error";
}

/** The frame a request belongs to; none for a service worker's (blocked anyway) or one Playwright cannot place. */
function frameOf(request: Request): Frame | null {
  try {
    return request.frame();
  } catch {
    return null;
  }
}

/** The page or context may be closing: a route answered late changes nothing. */
async function abort(route: Route): Promise<void> {
  await route.abort("blockedbyclient").catch(() => {});
}

/** Playwright's fulfil takes one string per header; it splits Set-Cookie on newlines, and the rest join with commas. */
function flatHeaders(headers: Record<string, string | string[]>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    flat[name] = Array.isArray(value) ? value.join(name === "set-cookie" ? "\n" : ", ") : value;
  }
  return flat;
}

function redirectPageHeaders(answer: BrowserResource): Record<string, string> {
  const headers: Record<string, string> = { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" };
  const cookies = answer.headers["set-cookie"];
  if (cookies) headers["set-cookie"] = Array.isArray(cookies) ? cookies.join("\n") : cookies;
  return headers;
}

/** A page that navigates its frame on to `target` at once: a navigation the route sees, where a redirect is not. */
export function redirectPage(target: URL): string {
  const attribute = target.href.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  const script = JSON.stringify(target.href).replace(/</g, "\\u003c");
  return `<!doctype html><meta http-equiv="refresh" content="0;url=${attribute}"><script>location.replace(${script})</script>`;
}
