import { createSocket } from "node:dgram";
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/infra/errors";
import { type BrowserSite, type InternalServer, startBrowserSite, startInternalServer } from "@/test/support/browser-site";
import { chromiumInstalled } from "@/test/support/chromium";
import { allProcesses, parentOf } from "@/test/support/processes";
import { DEFAULT_PAGE_LIMITS } from "./limits";
import { type BrowserPool, createBrowserPool } from "./pool";

// Pages that fight back: each is bounded by the deadline or a cap, its page is closed and its slot freed, and the next
// render works. And the pool's own bounds: pages and browsers at once, retirement, a browser killed under its pages.

let site: BrowserSite;
let internal: InternalServer;
let pool: BrowserPool;

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** The page is closed and its slot given back, and the pool renders the next page as if nothing happened. */
async function expectRecovered(target: BrowserPool = pool): Promise<void> {
  await expect.poll(() => target.stats().openPages, { timeout: 10_000 }).toBe(0);
  const next = await target.render(`${site.url}/products/11`, { deadlineMs: 20_000, waitFor: "#app[data-ready]" });
  expect(next.html).toContain("<h1>Trail Runner 11</h1>");
}

/** Chromium browser processes this process started (Playwright launches them with --remote-debugging-pipe). */
function browserProcesses(): number {
  return allProcesses().filter((pid) => {
    try {
      return parentOf(pid) === process.pid && readFileSync(`/proc/${pid}/cmdline`, "latin1").includes("--remote-debugging-pipe");
    } catch {
      return false;
    }
  }).length;
}

describe.skipIf(!chromiumInstalled)("hostile pages and the pool's bounds", () => {
  beforeAll(async () => {
    [site, internal] = await Promise.all([startBrowserSite(), startInternalServer()]);
    pool = createBrowserPool({ size: 1, pagesPerBrowser: 4 });
  });

  afterAll(async () => {
    await pool?.close();
    await Promise.all([site?.close(), internal?.close()]);
  });

  it("stops a page whose script loops for ever at its deadline (render_timeout), closing it", async () => {
    const error = await failure(pool.render(`${site.url}/hostile/loop`, { deadlineMs: 3_000 }));
    // Either way the page is stopped at its deadline: on a machine loaded enough that the document itself has not
    // arrived by then (CI runs the PostgreSQL suite beside the SQLite one), it is the fetch's timeout that says so.
    expect([
      ["render_timeout", "The page did not finish rendering within 3 seconds."],
      ["upstream_timeout", "The site did not answer within 3 seconds."],
    ]).toContainEqual([error.code, error.message]);
    await expectRecovered();
    expect(pool.stats().crashed).toBe(0);
  });

  it("kills a renderer whose array buffers grow without end (page_too_complex)", async () => {
    const kills = pool.stats().rendererKills;
    const error = await failure(pool.render(`${site.url}/hostile/alloc-buffers`, { deadlineMs: 30_000, waitFor: "#never" }));
    expect([error.code, error.message]).toEqual([
      "page_too_complex",
      `The page used more than the ${DEFAULT_PAGE_LIMITS.maxRendererMemoryMb} MB of memory a rendered page may, and was stopped.`,
    ]);
    expect(pool.stats().rendererKills).toBe(kills + 1);
    await expectRecovered();
  }, 60_000);

  it("stops a page whose JavaScript heap grows without end", async () => {
    // Near its heap limit V8 collects again and again before it gives up (seconds to tens of seconds on a loaded
    // machine): the renderer runs out of memory (page_too_complex) or the deadline comes first, whichever is sooner.
    const error = await failure(pool.render(`${site.url}/hostile/alloc-heap`, { deadlineMs: 20_000, waitFor: "#never" }));
    expect(["page_too_complex", "render_timeout"]).toContain(error.code);
    await expectRecovered();
  }, 60_000);

  it("refuses requests past the page's limit (a thousand fetches), and bounds a page of a thousand frames", async () => {
    const page = await pool.render(`${site.url}/hostile/requests?n=1000`, { deadlineMs: 30_000 });
    expect(page.requests).toBe(1_001);
    expect(page.refusedCount).toBe(1_001 - DEFAULT_PAGE_LIMITS.maxRequests);
    expect(page.refused.every(({ reason }) => reason === "request_limit")).toBe(true);
    // A thousand frames: 299 load, the rest are refused and show error pages. Chromium needs over a gigabyte and many
    // seconds for that on a loaded machine: the renderer is killed at its memory limit, the deadline passes, or it
    // finishes with the rest refused; whichever comes first, the render ends and the pool carries on.
    const frames = await pool.render(`${site.url}/hostile/frames?n=1000`, { deadlineMs: 20_000 }).then(
      (rendered) => rendered.refused.every(({ reason }) => reason === "request_limit") && "rendered",
      (error: AppError) => error.code,
    );
    expect(["rendered", "page_too_complex", "render_timeout"]).toContain(frames);
    expect(site.received().filter((path) => path.startsWith("/frame?")).length).toBeLessThan(DEFAULT_PAGE_LIMITS.maxRequests);
    await expectRecovered();
  }, 90_000);

  it("refuses an answer over the size limit, and answers past the page's byte budget", async () => {
    const big = await pool.render(`${site.url}/hostile/big?mb=6`, { deadlineMs: 20_000, waitFor: "#big" });
    expect(big.html).toContain('<p id="big">refused</p>');
    expect(big.refused).toEqual([{ url: `${site.url}/bytes?mb=6`, reason: "too_large" }]);
    const many = await pool.render(`${site.url}/hostile/many-big?n=8`, { deadlineMs: 30_000, waitFor: "#loaded" });
    const loaded = Number(/<p id="loaded">(\d+)<\/p>/.exec(many.html)?.[1]);
    expect(loaded).toBeLessThan(8);
    expect(many.refused.filter(({ reason }) => reason === "too_large").length).toBe(8 - loaded);
    // Each answer in flight may read one more chunk (64 KB) before it sees the budget spent.
    expect(many.bytes).toBeLessThanOrEqual(DEFAULT_PAGE_LIMITS.maxPageBytes + 8 * 64 * 1024);
  }, 60_000);

  it("blocks service workers: registration fails and the worker's script is never fetched", async () => {
    const page = await pool.render(`${site.url}/hostile/service-worker`, { deadlineMs: 20_000, waitFor: "#sw" });
    // Playwright's block answers register() with nothing registered, or the browser refuses it outright.
    expect(page.html).toMatch(/<p id="sw">(no registration|refused: \w+|unavailable)<\/p>/);
    expect(site.received()).not.toContain("/sw.js");
  });

  it("closes WebSockets before they connect", async () => {
    const to = `ws://127.0.0.1:${internal.port}/socket`;
    const page = await pool.render(`${site.url}/hostile/websocket?to=${encodeURIComponent(to)}`, {
      deadlineMs: 20_000,
      waitFor: "#ws-closed",
    });
    expect(page.html).not.toContain('<p id="ws">open</p>');
    expect(internal.hits()).toEqual([]);
  });

  it("closes popups: nothing they ask for is fetched", async () => {
    const page = await pool.render(`${site.url}/hostile/popup?to=${encodeURIComponent("/frame?i=popup")}`, {
      deadlineMs: 20_000,
      waitFor: "#popup",
    });
    expect(page.finalUrl).toBe(`${site.url}/hostile/popup?to=${encodeURIComponent("/frame?i=popup")}`);
    expect(site.received()).not.toContain("/frame?i=popup");
  });

  it("stays on the page when its script navigates the top frame to file: or data:", async () => {
    for (const to of ["file:///etc/passwd", "data:text/html,<h1>Replaced</h1>"]) {
      const url = `${site.url}/hostile/navigate-to?to=${encodeURIComponent(to)}`;
      const page = await pool.render(url, { deadlineMs: 20_000, waitFor: 1_000 });
      expect([to, page.finalUrl]).toEqual([to, url]);
      expect(page.html).toContain("<h1>Leaving</h1>");
      expect(page.html).not.toContain("root:");
    }
  });

  it("denies permission prompts, dismisses dialogs, refuses downloads and sends no WebRTC traffic", async () => {
    const permissions = await pool.render(`${site.url}/hostile/permissions`, { deadlineMs: 20_000, waitFor: "#geolocation" });
    // 1 is PERMISSION_DENIED; the notification prompt is never answered at all, and there is no camera to grant.
    expect(permissions.html).toContain('<p id="geolocation">error 1</p>');
    expect(permissions.html).not.toMatch(/<p id="\w+">granted<\/p>/);

    const dialogs = await pool.render(`${site.url}/hostile/dialogs`, { deadlineMs: 20_000, waitFor: "#prompt" });
    expect(dialogs.html).toContain('<p id="confirm">false</p><p id="prompt">null</p>');

    const download = await pool.render(`${site.url}/hostile/download`, { deadlineMs: 20_000 });
    expect(download.finalUrl).toBe(`${site.url}/hostile/download`);
    expect(download.html).toContain("<h1>Download</h1>");

    const udp = createSocket("udp4");
    let datagrams = 0;
    udp.on("message", () => datagrams++);
    await new Promise<void>((resolve) => udp.bind(0, "127.0.0.1", resolve));
    try {
      const stun = `stun:127.0.0.1:${(udp.address() as AddressInfo).port}`;
      await pool.render(`${site.url}/hostile/webrtc?stun=${encodeURIComponent(stun)}`, { deadlineMs: 20_000, waitFor: 3_000 });
      expect(datagrams).toBe(0);
    } finally {
      udp.close();
    }
    expect(internal.hits()).toEqual([]);
  }, 60_000);

  it("fails the render of a browser killed under it (rendering_crashed), and replaces the browser", async () => {
    const own = createBrowserPool({ size: 1, pagesPerBrowser: 2 });
    try {
      await own.render(`${site.url}/products/1`, { deadlineMs: 20_000, waitFor: "#app[data-ready]" });
      const pid = own.stats().perBrowser[0]?.pid as number;
      expect(pid).toBeGreaterThan(0);
      const pending = own.render(`${site.url}/products/2?hold=10000`, { deadlineMs: 30_000, waitFor: "#app[data-ready]" });
      await expect.poll(() => site.received().some((path) => path.startsWith("/api/products/2")), { timeout: 15_000 }).toBe(true);
      process.kill(pid, "SIGKILL");
      const error = await failure(pending);
      expect([error.code, error.message]).toEqual([
        "rendering_crashed",
        "The browser rendering the page stopped; it has been replaced. Runs like this are not charged.",
      ]);
      await expectRecovered(own);
      expect(own.stats()).toMatchObject({ crashed: 1, launched: 2, browsers: 1 });
      const second = own.stats().perBrowser[0]?.pid as number;
      expect(second).not.toBe(pid);

      // Killed while the page's own document is still on its way: the navigation's failure is the crash's.
      const navigating = own.render(`${site.url}/slow?ms=10000&kill=1`, { deadlineMs: 30_000 });
      await expect.poll(() => site.received().includes("/slow?ms=10000&kill=1"), { timeout: 15_000 }).toBe(true);
      process.kill(second, "SIGKILL");
      expect((await failure(navigating)).code).toBe("rendering_crashed");
      await expectRecovered(own);
      expect(own.stats()).toMatchObject({ crashed: 2, launched: 3, browsers: 1 });
    } finally {
      await own.close();
    }
  }, 60_000);

  it("never has more than BROWSER_POOL_SIZE browsers × BROWSER_PAGES pages, however many render at once", async () => {
    const own = createBrowserPool({ size: 2, pagesPerBrowser: 2 });
    let peakBrowsers = 0;
    // Counted from /proc, not from the pool's word; the file's shared pool has its one browser besides.
    const sampler = setInterval(() => {
      peakBrowsers = Math.max(peakBrowsers, browserProcesses() - pool.stats().browsers);
    }, 50);
    try {
      const pages = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          own.render(`${site.url}/products/${100 + i}?hold=400`, { deadlineMs: 120_000, waitFor: "#app[data-ready]" }),
        ),
      );
      pages.forEach((page, i) => {
        expect(page.html).toContain(`<h1>Trail Runner ${100 + i}</h1>`);
      });
      // Each page holds one API request open while it renders: the site saw at most 2 × 2 at once.
      expect(site.peakOpenApiRequests()).toBeLessThanOrEqual(4);
      expect(own.stats()).toMatchObject({ peakOpenPages: 4, waiting: 0 });
      await expect.poll(() => own.stats().openPages, { timeout: 10_000 }).toBe(0);
      expect(own.stats().browsers).toBeLessThanOrEqual(2);
      expect(peakBrowsers).toBeLessThanOrEqual(2);
    } finally {
      clearInterval(sampler);
      await own.close();
    }
  }, 180_000);

  it("retires a browser after its pages and starts another, never two beyond the size", async () => {
    const own = createBrowserPool({ size: 1, pagesPerBrowser: 2, retireAfterPages: 2 });
    try {
      for (let i = 0; i < 5; i++) {
        const page = await own.render(`${site.url}/products/${200 + i}`, { deadlineMs: 20_000, waitFor: "#app[data-ready]" });
        expect(page.html).toContain(`Trail Runner ${200 + i}`);
        expect(own.stats().browsers).toBeLessThanOrEqual(1);
      }
      expect(own.stats()).toMatchObject({ launched: 3, retired: 2, crashed: 0 });
    } finally {
      await own.close();
    }
  }, 60_000);
});
