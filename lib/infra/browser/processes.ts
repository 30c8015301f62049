import "server-only";
import { readFileSync } from "node:fs";
import type { Browser, CDPSession } from "playwright-core";
import { log } from "@/lib/infra/log";
import { MEMORY_WATCH_INTERVAL_MS } from "./limits";

interface ProcessInfo {
  type: string;
  id: number;
}

/**
 * One browser's operating-system processes, as Chromium itself lists them (SystemInfo.getProcessInfo: the browser,
 * its renderers, GPU and utility processes), and their memory read from /proc.
 *
 * Why a watchdog: a renderer's JavaScript heap is capped by a V8 flag (launch.ts), but array buffers, canvases and
 * DOM live outside it; a page filling Uint8Arrays grew its renderer by 1 GB a second here, with nothing to stop it
 * before the deadline. A renderer past the limit is killed: its page gets a crash event (page_too_complex), and no
 * other page shares it (Chromium never puts two browser contexts in one renderer).
 */
export class BrowserProcesses {
  private session?: CDPSession;
  private timer?: NodeJS.Timeout;
  private processes: ProcessInfo[] = [];
  private ticks = 0;
  private listing = false;
  browserPid?: number;
  /** Resident memory of all the browser's processes at the last look, and the most seen (bytes). */
  rss = 0;
  peakRss = 0;

  constructor(
    private readonly browser: Browser,
    private readonly maxRendererBytes: number,
    /** Told each time a renderer is killed. */
    private readonly onRendererKilled: () => void,
  ) {}

  /** Learns the browser's process id (to kill it should it hang); the watchdog itself runs only while pages are open. */
  async attach(): Promise<void> {
    this.session = await this.browser.newBrowserCDPSession();
    await this.list();
  }

  watch(on: boolean): void {
    if (on && !this.timer && this.session) {
      this.ticks = 0;
      this.timer = setInterval(() => this.tick(), MEMORY_WATCH_INTERVAL_MS);
      this.timer.unref();
    } else if (!on && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  /**
   * Reads each known process's memory (procfs answers synchronously, in microseconds: cheaper than a round of
   * promises) and kills renderers over the limit; asks Chromium for its process list on the first tick and every
   * LIST_EVERY_TICKS after, since that costs a protocol round trip (profiled: it and async reads were most of the
   * pool's own CPU per page on a loaded machine).
   */
  tick(): void {
    if (this.ticks++ % LIST_EVERY_TICKS === 0) void this.list();
    let total = 0;
    for (const { type, id } of this.processes) {
      const rss = residentBytes(id);
      total += rss;
      if (type === "renderer" && rss > this.maxRendererBytes) {
        log.warn({ pid: id, rssMb: Math.round(rss / 2 ** 20) }, "browser: renderer over its memory limit killed");
        kill(id);
        this.onRendererKilled();
      }
    }
    this.rss = total;
    this.peakRss = Math.max(this.peakRss, total);
  }

  /** A page opened: its renderer starts in a moment, so the next tick asks for the process list again. */
  pageOpened(): void {
    this.ticks = 0;
  }

  /** Ends the browser's process at once (a browser that does not answer; tests of a crash). */
  killBrowser(): void {
    if (this.browserPid) kill(this.browserPid);
  }

  stop(): void {
    this.watch(false);
    this.session = undefined;
  }

  private async list(): Promise<void> {
    if (this.listing || !this.session) return;
    this.listing = true;
    try {
      const { processInfo } = (await this.session.send("SystemInfo.getProcessInfo")) as { processInfo: ProcessInfo[] };
      this.processes = processInfo;
      this.browserPid = processInfo.find(({ type }) => type === "browser")?.id ?? this.browserPid;
    } catch {
      // The browser is closing or gone: its disconnect is handled by the pool.
    } finally {
      this.listing = false;
    }
  }
}

/** How often (in ticks) the process list is asked for again: a page's new renderer is watched within a second. */
const LIST_EVERY_TICKS = Math.round(1_000 / MEMORY_WATCH_INTERVAL_MS);

/** VmRSS of a process from /proc (Linux); 0 where there is no /proc or the process has ended. */
function residentBytes(pid: number): number {
  try {
    const kilobytes = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "latin1"))?.[1];
    return kilobytes ? Number(kilobytes) * 1024 : 0;
  } catch {
    return 0;
  }
}

function kill(pid: number): void {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}
