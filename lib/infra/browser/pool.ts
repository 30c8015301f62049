import "server-only";
import { type Browser, errors as playwrightErrors } from "playwright-core";
import { deadline as startDeadline } from "@/lib/infra/deadline";
import { env } from "@/lib/infra/env";
import { AppError, isAppError } from "@/lib/infra/errors";
import { log } from "@/lib/infra/log";
import { createPageFetcher, type FetchPolicy, type PageFetcher, parseTargetUrl } from "@/lib/infra/outbound/safe-fetch";
import { pageCrashed, pageOutOfMemory, renderingBusy, renderingCrashed, renderingUnavailable, renderTimeout } from "./errors";
import { type BlackHole, launchChromium, startBlackHole } from "./launch";
import { CONTEXT_CLOSE_GRACE_MS, DEFAULT_PAGE_LIMITS, type PageLimits } from "./limits";
import { PageSession, type RenderedPage, type RenderOptions } from "./page";
import { BrowserProcesses } from "./processes";

export interface BrowserPoolOptions {
  executablePath: string;
  /** Browsers at most (BROWSER_POOL_SIZE). */
  size: number;
  /** Pages each browser renders at once (BROWSER_PAGES). */
  pagesPerBrowser: number;
  /** Pages a browser renders before it is retired and replaced (BROWSER_RETIRE_AFTER_PAGES). */
  retireAfterPages: number;
  limits: PageLimits;
  /** The fetcher's address policy and timeouts; tests give their own resolver, and loopback as SCRAPER_ALLOW_LOOPBACK. */
  fetchPolicy: Partial<FetchPolicy>;
}

export interface BrowserPoolStats {
  /** Browsers running (retiring ones included) and starting. */
  browsers: number;
  launching: number;
  /** Pages open now, and the most ever open at once. */
  openPages: number;
  peakOpenPages: number;
  /** Renders waiting for a page. */
  waiting: number;
  launched: number;
  retired: number;
  /** Browsers that died under their pages. */
  crashed: number;
  /** Renderers the memory watchdog killed. */
  rendererKills: number;
  /** Connections that reached the black-hole proxy instead of a route (launch.ts). */
  escapedConnections: number;
  /** Per running browser: its process id and the most resident memory its processes held together (bytes). */
  perBrowser: { pid?: number; rss: number; peakRss: number }[];
}

export interface BrowserPool {
  /**
   * Renders `url` in a page of its own and answers its HTML. Rejects with the page's failure (the plain fetcher's codes
   * for the document: invalid_url, blocked_address, not_html, too_large, too_many_redirects, upstream_*;
   * page_too_complex when it exhausts its memory; render_timeout), with ours (rendering_unavailable, rendering_busy,
   * rendering_crashed), or with the signal's reason when the caller aborts.
   */
  render(url: string, options: RenderOptions): Promise<RenderedPage>;
  stats(): BrowserPoolStats;
  /** Stops every browser; renders under way fail, later ones are refused. */
  close(): Promise<void>;
}

interface BrowserEntry {
  browser: Browser;
  processes: BrowserProcesses;
  userAgent: string;
  /** Pages open (slots taken) and given out in all. */
  open: number;
  served: number;
  /** Takes no more pages; closed once its open ones end. */
  retiring: boolean;
  /** Being closed by us, not crashed. */
  closing: boolean;
  /** Disconnected (crashed, killed or closed): its renders fail, it is out of the pool. */
  dead: boolean;
}

interface Waiter {
  resolve(entry: BrowserEntry): void;
  reject(error: unknown): void;
}

export function createBrowserPool(overrides: Partial<BrowserPoolOptions> = {}): BrowserPool {
  return new Pool({
    executablePath: env.CHROMIUM_PATH,
    size: env.BROWSER_POOL_SIZE,
    pagesPerBrowser: env.BROWSER_PAGES,
    retireAfterPages: env.BROWSER_RETIRE_AFTER_PAGES,
    limits: DEFAULT_PAGE_LIMITS,
    fetchPolicy: {},
    ...overrides,
  });
}

/**
 * At most `size` browsers × `pagesPerBrowser` pages, each page in an incognito context of its own, under a hard deadline
 * that closes it and frees its slot. Browsers start when a render needs one, are retired after `retireAfterPages`, and
 * are replaced when they crash. A render waits for a page (first come, first served) no longer than its deadline.
 */
class Pool implements BrowserPool {
  private readonly entries: BrowserEntry[] = [];
  private readonly waiters: Waiter[] = [];
  private readonly fetcher: PageFetcher;
  private blackHole?: Promise<BlackHole>;
  private hole?: BlackHole;
  private launching = 0;
  private closed = false;
  private counters = { peakOpenPages: 0, launched: 0, retired: 0, crashed: 0, rendererKills: 0 };

  constructor(private readonly options: BrowserPoolOptions) {
    this.fetcher = createPageFetcher({ allowLoopback: env.SCRAPER_ALLOW_LOOPBACK, ...options.fetchPolicy });
  }

  async render(input: string, options: RenderOptions): Promise<RenderedPage> {
    if (!(options.deadlineMs > 0)) throw new Error(`render: deadlineMs must be a positive number, not ${options.deadlineMs}`);
    const url = parseTargetUrl(input);
    options.signal?.throwIfAborted();
    const started = performance.now();
    const until = started + options.deadlineMs;
    const deadline = startDeadline(options.deadlineMs, options.signal);
    let entry: BrowserEntry;
    try {
      entry = await this.acquire(deadline.signal);
    } catch (error) {
      deadline.clear();
      if (options.signal?.aborted) throw options.signal.reason;
      if (deadline.expired) throw renderingBusy(options.deadlineMs);
      throw error;
    }
    const queuedMs = performance.now() - started;
    const session = new PageSession(entry.browser, this.fetcher, this.options.limits, entry.userAgent, deadline.signal, until);
    const kills = this.counters.rendererKills;
    try {
      const page = await session.render(url, options);
      return { ...page, timings: { queuedMs, renderMs: performance.now() - started - queuedMs } };
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      throw this.failure(error, entry, session, options, deadline.expired, kills);
    } finally {
      deadline.clear();
      void this.closeSession(entry, session);
    }
  }

  stats(): BrowserPoolStats {
    return {
      browsers: this.entries.length,
      launching: this.launching,
      openPages: this.entries.reduce((sum, entry) => sum + entry.open, 0),
      waiting: this.waiters.length,
      escapedConnections: this.hole?.connections ?? 0,
      perBrowser: this.entries.map(({ processes }) => ({
        pid: processes.browserPid,
        rss: processes.rss,
        peakRss: processes.peakRss,
      })),
      ...this.counters,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiters.splice(0)) waiter.reject(renderingUnavailable("the rendering pool is shut down"));
    await Promise.all(
      this.entries.map((entry) => {
        entry.closing = true;
        return entry.browser.close().catch(() => {});
      }),
    );
    await Promise.all([this.fetcher.close(), this.blackHole?.then((hole) => hole.close()).catch(() => {})]);
  }

  /** A browser with a free page, now or once one frees or starts; rejects when the signal aborts first. */
  private acquire(signal: AbortSignal): Promise<BrowserEntry> {
    if (this.closed) return Promise.reject(renderingUnavailable("the rendering pool is shut down"));
    return new Promise<BrowserEntry>((resolve, reject) => {
      const onAbort = () => {
        const index = this.waiters.indexOf(waiter);
        if (index >= 0) this.waiters.splice(index, 1);
        reject(signal.reason);
      };
      const waiter: Waiter = {
        resolve: (entry) => {
          signal.removeEventListener("abort", onAbort);
          resolve(entry);
        },
        reject: (error) => {
          signal.removeEventListener("abort", onAbort);
          reject(error);
        },
      };
      signal.addEventListener("abort", onAbort, { once: true });
      this.waiters.push(waiter);
      this.dispatch();
    });
  }

  /** Hands free pages to waiters in order, and starts browsers for those a running one cannot serve. */
  private dispatch(): void {
    const { size, pagesPerBrowser } = this.options;
    while (this.waiters.length > 0) {
      const entry = this.entries.find((candidate) => !candidate.retiring && !candidate.dead && candidate.open < pagesPerBrowser);
      if (!entry) break;
      this.take(entry);
      this.waiters.shift()?.resolve(entry);
    }
    while (
      !this.closed &&
      this.waiters.length > this.launching * pagesPerBrowser &&
      this.entries.length + this.launching < size
    ) {
      void this.launch();
    }
  }

  private take(entry: BrowserEntry): void {
    entry.open++;
    entry.served++;
    if (entry.served >= this.options.retireAfterPages) entry.retiring = true;
    entry.processes.watch(true);
    entry.processes.pageOpened();
    const open = this.entries.reduce((sum, candidate) => sum + candidate.open, 0);
    this.counters.peakOpenPages = Math.max(this.counters.peakOpenPages, open);
  }

  private release(entry: BrowserEntry): void {
    entry.open--;
    if (entry.open === 0) entry.processes.watch(false);
    if (entry.retiring && entry.open === 0 && !entry.dead && !entry.closing) {
      entry.closing = true;
      this.counters.retired++;
      log.info({ pid: entry.processes.browserPid, pages: entry.served }, "browser: retired");
      void entry.browser.close().catch(() => {});
    }
    this.dispatch();
  }

  private async launch(): Promise<void> {
    this.launching++;
    try {
      this.blackHole ??= startBlackHole();
      const hole = await this.blackHole;
      this.hole = hole;
      const heapMb = Math.max(64, Math.floor(this.options.limits.maxRendererMemoryMb / 2));
      const browser = await launchChromium(this.options.executablePath, hole.port, heapMb);
      const processes = new BrowserProcesses(browser, this.options.limits.maxRendererMemoryMb * 2 ** 20, () => {
        this.counters.rendererKills++;
      });
      const major = browser.version().split(".")[0];
      const entry: BrowserEntry = {
        browser,
        processes,
        // Chromium's headless build names itself HeadlessChrome, which many sites answer with a block page.
        userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`,
        open: 0,
        served: 0,
        retiring: false,
        closing: false,
        dead: false,
      };
      browser.on("disconnected", () => this.lost(entry));
      await processes.attach().catch(() => {});
      if (this.closed) {
        await browser.close().catch(() => {});
        return;
      }
      this.entries.push(entry);
      this.counters.launched++;
      log.info({ pid: processes.browserPid, version: browser.version() }, "browser: started");
    } catch (error) {
      // Nothing could serve the waiters: tell them now rather than at their deadlines.
      if (this.entries.length === 0 && this.launching === 1) {
        const failure = isAppError(error) ? error : renderingUnavailable("the browser failed to start", error);
        for (const waiter of this.waiters.splice(0)) waiter.reject(failure);
      }
    } finally {
      this.launching--;
      this.dispatch();
    }
  }

  /** The browser disconnected: closed by us, or crashed or killed under its pages. */
  private lost(entry: BrowserEntry): void {
    if (entry.dead) return;
    entry.dead = true;
    entry.processes.stop();
    if (!entry.closing) {
      this.counters.crashed++;
      log.warn({ pid: entry.processes.browserPid, open: entry.open }, "browser: crashed or was killed; replacing it");
    }
    const index = this.entries.indexOf(entry);
    if (index >= 0) this.entries.splice(index, 1);
    this.dispatch();
  }

  /**
   * Closes the render's context, then frees its page. A context that does not close within the grace period takes its
   * browser with it: the browser is killed and leaves the pool (its renders fail rendering_crashed), so the slot is
   * freed whatever the browser does next.
   */
  private async closeSession(entry: BrowserEntry, session: PageSession): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const closed = session.close().then(
      () => true,
      // The browser is gone, or going: nothing left open.
      () => true,
    );
    const hung = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), CONTEXT_CLOSE_GRACE_MS);
      timer.unref();
    });
    if (!(await Promise.race([closed, hung]))) {
      log.warn({ pid: entry.processes.browserPid }, "browser: a page would not close; killing its browser");
      this.abandon(entry);
    }
    clearTimeout(timer);
    this.release(entry);
  }

  /** Takes a browser that no longer answers out of the pool and kills it. */
  private abandon(entry: BrowserEntry): void {
    if (entry.dead) return;
    entry.dead = true;
    this.counters.crashed++;
    entry.processes.killBrowser();
    entry.processes.stop();
    void entry.browser.close().catch(() => {});
    const index = this.entries.indexOf(entry);
    if (index >= 0) this.entries.splice(index, 1);
  }

  /** Names what went wrong, from what the page, the browser and the deadline were doing. */
  private failure(
    error: unknown,
    entry: BrowserEntry,
    session: PageSession,
    options: RenderOptions,
    expired: boolean,
    rendererKillsBefore: number,
  ): unknown {
    // A dead browser or renderer first: what it left behind (a navigation that "failed") is only its consequence.
    if (entry.dead && !entry.closing && !this.closed) return renderingCrashed();
    if (session.outcome.crashed) {
      return this.counters.rendererKills > rendererKillsBefore
        ? pageOutOfMemory(this.options.limits.maxRendererMemoryMb)
        : pageCrashed();
    }
    if (isAppError(error)) return error;
    // A step's own Playwright timeout is the time left to the deadline (PageSession.remaining): it may fire a moment
    // before the deadline's timer does, and is the deadline all the same.
    if (expired || error instanceof playwrightErrors.TimeoutError) {
      if (session.outcome.awaitingDocument) {
        return new AppError(
          "upstream_timeout",
          `The site did not answer within ${Math.round(options.deadlineMs / 100) / 10} seconds.`,
        );
      }
      const waitingFor = session.outcome.waitingFor;
      return renderTimeout(options.deadlineMs, waitingFor ? `show ${waitingFor}` : "finish rendering");
    }
    if (this.closed) return renderingUnavailable("the rendering pool is shut down");
    if (entry.dead) return renderingCrashed();
    log.error({ err: error, requests: session.requests }, "browser: render failed unexpectedly");
    return error;
  }
}
