import "server-only";
import { readFile } from "node:fs/promises";
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
  private sampling = false;
  browserPid?: number;
  /** Resident memory of all the browser's processes at the last sample, and the most seen (bytes). */
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
    await this.sample();
  }

  watch(on: boolean): void {
    if (on && !this.timer && this.session) {
      this.timer = setInterval(() => void this.sample(), MEMORY_WATCH_INTERVAL_MS);
      this.timer.unref();
    } else if (!on && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  /** Reads every process's memory and kills renderers over the limit. */
  async sample(): Promise<void> {
    if (this.sampling || !this.session) return;
    this.sampling = true;
    try {
      const { processInfo } = (await this.session.send("SystemInfo.getProcessInfo")) as { processInfo: ProcessInfo[] };
      let total = 0;
      for (const { type, id } of processInfo) {
        if (type === "browser") this.browserPid = id;
        const rss = await residentBytes(id);
        total += rss;
        if (type === "renderer" && rss > this.maxRendererBytes) {
          log.warn({ pid: id, rssMb: Math.round(rss / 2 ** 20) }, "browser: renderer over its memory limit killed");
          kill(id);
          this.onRendererKilled();
        }
      }
      this.rss = total;
      this.peakRss = Math.max(this.peakRss, total);
    } catch {
      // The browser is closing or gone: its disconnect is handled by the pool.
    } finally {
      this.sampling = false;
    }
  }

  /** Ends the browser's process at once (a browser that does not answer; tests of a crash). */
  killBrowser(): void {
    if (this.browserPid) kill(this.browserPid);
  }

  stop(): void {
    this.watch(false);
    this.session = undefined;
  }
}

/** VmRSS of a process from /proc (Linux); 0 where there is no /proc or the process has ended. */
async function residentBytes(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, "latin1");
    const kilobytes = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
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
