import { existsSync, readFileSync } from "node:fs";
import { errors as playwrightErrors } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env } from "@/lib/infra/env";
import { AppError } from "@/lib/infra/errors";
import { createPageFetcher } from "@/lib/infra/outbound/safe-fetch";
import { type BrowserSite, startBrowserSite } from "@/test/support/browser-site";
import { chromiumInstalled } from "@/test/support/chromium";
import { processTree, threadNiceness } from "@/test/support/processes";
import { redirectPage } from "./egress";
import { CHROMIUM_NICENESS, launchChromium, launcherFor, startBlackHole } from "./launch";
import { DEFAULT_PAGE_LIMITS } from "./limits";
import { PageSession } from "./page";
import { type BrowserPool, createBrowserPool } from "./pool";

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(png: Buffer): [number, number] {
  expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

describe("without Chromium", () => {
  it("answers rendering_unavailable, at once and every time, never a 500", async () => {
    const pool = createBrowserPool({ executablePath: "/nonexistent/chromium" });
    try {
      for (let i = 0; i < 2; i++) {
        const error = await failure(pool.render("http://shop.example/", { deadlineMs: 10_000 }));
        expect([error.code, error.message]).toEqual([
          "rendering_unavailable",
          "Pages cannot be rendered here right now: no browser is installed.",
        ]);
      }
      expect(pool.stats()).toMatchObject({ browsers: 0, launching: 0, waiting: 0 });
    } finally {
      await pool.close();
    }
  });

  it("refuses an unusable URL before asking for a browser (invalid_url)", async () => {
    const pool = createBrowserPool({ executablePath: "/nonexistent/chromium" });
    try {
      for (const url of ["not a url", "file:///etc/passwd", "javascript:alert(1)", "http://user:pw@shop.example/"]) {
        expect((await failure(pool.render(url, { deadlineMs: 1_000 }))).code).toBe("invalid_url");
      }
    } finally {
      await pool.close();
    }
  });

  it("writes the redirect page's target so no markup or script can break out of it", () => {
    const html = redirectPage(new URL('https://shop.example/a?q="></script><script>alert(1)</script>&x=1'));
    expect(html).not.toContain("</script><script>");
    expect(html).toContain("location.replace(");
    expect(html).toContain("&amp;x=1");
  });
});

describe.skipIf(!chromiumInstalled)("rendering a page in Chromium", () => {
  let site: BrowserSite;
  let pool: BrowserPool;

  beforeAll(async () => {
    site = await startBrowserSite();
    pool = createBrowserPool({ size: 1, pagesPerBrowser: 2 });
  });

  afterAll(async () => {
    await pool?.close();
    await site?.close();
  });

  it("renders a page whose JSON-LD arrives 300 ms after it loads, which the plain fetcher does not see", async () => {
    const fetcher = createPageFetcher();
    try {
      const plain = await fetcher.fetchPage(`${site.url}/late-json-ld`);
      expect(plain.html).toContain("Sonora Headphones");
      expect(plain.html).not.toContain('<script type="application/ld+json">');
    } finally {
      await fetcher.close();
    }
    const rendered = await pool.render(`${site.url}/late-json-ld`, { deadlineMs: 20_000 });
    expect(rendered.html).toContain('<script type="application/ld+json">');
    expect(rendered.html).toContain('"price":"129.00"');
    expect(rendered).toMatchObject({ finalUrl: `${site.url}/late-json-ld`, status: 200, requests: 1, refusedCount: 0 });
  });

  it("waits the milliseconds asked once the document is parsed", async () => {
    const rendered = await pool.render(`${site.url}/late-json-ld`, { deadlineMs: 20_000, waitFor: 1_500 });
    expect(rendered.html).toContain('"@type":"Product"');
  });

  it("renders a product drawn by JavaScript from a JSON API, waiting for a selector", async () => {
    const rendered = await pool.render(`${site.url}/products/7`, { deadlineMs: 20_000, waitFor: "#app[data-ready]" });
    expect(rendered.html).toContain("<h1>Trail Runner 7</h1>");
    expect(rendered.html).toContain('"sku":"TR-00007"');
    expect(rendered.html).toContain("<title>Trail Runner 7</title>");
    // The page, its stylesheet, its script and its API call; nothing refused.
    expect(rendered.requests).toBe(4);
    expect(rendered.refused).toEqual([]);
    expect(rendered.bytes).toBeGreaterThan(1_000);
  });

  it("follows the page's redirects, each a navigation the route checks, with the cookies they set", async () => {
    const rendered = await pool.render(`${site.url}/redirect-chain?n=3`, { deadlineMs: 20_000 });
    expect(rendered.finalUrl).toBe(`${site.url}/cookies`);
    expect(rendered.status).toBe(200);
    for (const cookie of ["hop1=yes", "hop2=yes", "hop3=yes"]) expect(rendered.html).toContain(cookie);
  });

  it("sends a subresource the cookies the page's own script set", async () => {
    const rendered = await pool.render(`${site.url}/script-cookie`, { deadlineMs: 20_000, waitFor: "#sent" });
    expect(rendered.html).toContain('<p id="sent">script=yes</p>');
  });

  it("follows a subresource's redirect hop by hop", async () => {
    const rendered = await pool.render(`${site.url}/subresource-redirect?url=%2Fstatic%2Fshop.js`, { deadlineMs: 20_000 });
    expect(rendered.html).toContain('<p id="loaded">yes</p>');
  });

  it("fails the page's own faults with the plain fetcher's codes", async () => {
    const cases: [string, string, string][] = [
      ["/status?code=404", "upstream_error", "The site answered 404 Not Found."],
      ["/json", "not_html", "The page is application/json."],
      ["/redirect-chain?n=7", "too_many_redirects", "The page redirected more than 5 times."],
      [
        `/redirect-to?url=${encodeURIComponent("file:///etc/passwd")}`,
        "blocked_address",
        "The site redirected to an address that cannot be scraped (file:).",
      ],
    ];
    for (const [path, code, message] of cases) {
      const error = await failure(pool.render(`${site.url}${path}`, { deadlineMs: 20_000 }));
      expect([path, error.code, error.message]).toEqual([path, code, message]);
    }
    // The site's status and Retry-After go on as data, as the plain fetcher's (a crawl backs off on them).
    const throttled = await failure(pool.render(`${site.url}/status?code=429&retry_after=7`, { deadlineMs: 20_000 }));
    expect(throttled.details.upstream).toEqual({ status: 429, retryAfterSeconds: 7 });
  });

  it("takes a PNG of the viewport, or of the whole page up to the height asked", async () => {
    const viewport = await pool.render(`${site.url}/tall`, { deadlineMs: 20_000, screenshot: {} });
    expect(pngSize(viewport.screenshot as Buffer)).toEqual([1280, 800]);
    const full = await pool.render(`${site.url}/tall`, { deadlineMs: 20_000, screenshot: { fullPage: true } });
    expect(pngSize(full.screenshot as Buffer)[1]).toBeGreaterThanOrEqual(3_000);
    const capped = await pool.render(`${site.url}/tall`, {
      deadlineMs: 20_000,
      screenshot: { fullPage: true, maxHeight: 1_200 },
    });
    expect(pngSize(capped.screenshot as Buffer)).toEqual([1280, 1200]);
    const none = await pool.render(`${site.url}/tall`, { deadlineMs: 20_000 });
    expect(none.screenshot).toBeUndefined();
  });

  it("refuses a selector that is not CSS (validation_error)", async () => {
    const error = await failure(pool.render(`${site.url}/products/1`, { deadlineMs: 20_000, waitFor: "div[" }));
    expect([error.code, error.message]).toEqual(["validation_error", "The selector to wait for is not valid CSS: div["]);
  });

  it("fails render_timeout when the selector never shows, upstream_timeout when the site never answers", async () => {
    const missing = await failure(pool.render(`${site.url}/products/2`, { deadlineMs: 2_000, waitFor: "#never" }));
    expect([missing.code, missing.message]).toEqual(["render_timeout", "The page did not show #never within 2 seconds."]);
    const slow = await failure(pool.render(`${site.url}/slow?ms=10000`, { deadlineMs: 1_500 }));
    expect([slow.code, slow.message]).toEqual(["upstream_timeout", "The site did not answer within 1.5 seconds."]);
  });

  it("lets goto's own timeout through as Playwright's TimeoutError, which the pool names as the deadline", async () => {
    // goto's timeout is the time left to the deadline and may fire a moment before the deadline's timer (a loaded
    // machine did in CI). Here the session's signal never aborts, so goto's timeout alone ends the wait, every time:
    // were it wrapped as "could not be opened" (upstream_error), the pool would report the site's slowness wrongly.
    const blackHole = await startBlackHole();
    const browser = await launchChromium(env.CHROMIUM_PATH, blackHole.port, 256);
    const fetcher = createPageFetcher();
    try {
      const signal = new AbortController().signal;
      const session = new PageSession(browser, fetcher, DEFAULT_PAGE_LIMITS, "test", signal, performance.now() + 500);
      const error = await session.render(new URL(`${site.url}/slow?ms=10000`), { deadlineMs: 500 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(playwrightErrors.TimeoutError);
      expect(session.outcome.awaitingDocument).toBe(true);
      await session.close();
    } finally {
      await browser.close();
      await fetcher.close();
      await blackHole.close();
    }
  });

  it("stops at the caller's abort with its reason, and the page's slot is freed", async () => {
    const controller = new AbortController();
    const reason = new Error("run cancelled");
    const pending = pool.render(`${site.url}/products/3?hold=5000`, { deadlineMs: 20_000, signal: controller.signal });
    setTimeout(() => controller.abort(reason), 300);
    await expect(pending).rejects.toBe(reason);
    await expect.poll(() => pool.stats().openPages, { timeout: 10_000 }).toBe(0);
    const next = await pool.render(`${site.url}/products/4`, { deadlineMs: 20_000, waitFor: "#app[data-ready]" });
    expect(next.html).toContain("Trail Runner 4");
  });

  it.skipIf(launcherFor(env.CHROMIUM_PATH) === env.CHROMIUM_PATH)(
    "runs every thread of Chromium below the process that hosts it, even as root",
    async () => {
      const pending = pool.render(`${site.url}/products/8?hold=2000`, { deadlineMs: 20_000, waitFor: "#app[data-ready]" });
      await expect.poll(() => site.received().some((path) => path.startsWith("/api/products/8")), { timeout: 15_000 }).toBe(true);
      const browser = pool.stats().perBrowser[0]?.pid as number;
      const threads = processTree(browser).flatMap(threadNiceness);
      expect(threads.length).toBeGreaterThan(20);
      expect(Math.min(...threads)).toBe(CHROMIUM_NICENESS);
      expect((await pending).html).toContain("Trail Runner 8");
    },
  );

  it.skipIf(launcherFor(env.CHROMIUM_PATH) === env.CHROMIUM_PATH || !schedulerGroupsBySession())(
    "puts Chromium's session, which Playwright starts it in, at the same niceness where the kernel shares CPU by session",
    async () => {
      // The test's own group as it was: "/autogroup-N nice 0" in a login session, empty where the test runs in the
      // kernel's root group (a CI runner started without a session of its own).
      const ours = readFileSync("/proc/self/autogroup", "utf8");
      await pool.render(`${site.url}/products/9`, { deadlineMs: 20_000, waitFor: "#app[data-ready]" });
      const browser = pool.stats().perBrowser[0]?.pid as number;
      // Its own session, not the test's: the niceness of the test's group is left alone.
      expect(readFileSync(`/proc/${browser}/autogroup`, "utf8")).not.toBe(ours);
      expect(readFileSync(`/proc/${browser}/autogroup`, "utf8").trim()).toMatch(new RegExp(`nice ${CHROMIUM_NICENESS}$`));
      expect(readFileSync("/proc/self/autogroup", "utf8")).toBe(ours);
    },
  );

  it("answers rendering_busy when no page comes free within the deadline", async () => {
    const single = createBrowserPool({ size: 1, pagesPerBrowser: 1 });
    try {
      const first = single.render(`${site.url}/products/5?hold=3000`, { deadlineMs: 20_000, waitFor: "#app[data-ready]" });
      await expect.poll(() => single.stats().openPages, { timeout: 10_000 }).toBe(1);
      const error = await failure(single.render(`${site.url}/products/6`, { deadlineMs: 500 }));
      expect([error.code, error.message]).toEqual([
        "rendering_busy",
        "Every browser was busy for the whole 0.5 seconds this page could wait. Runs like this are not charged.",
      ]);
      expect((await first).html).toContain("Trail Runner 5");
    } finally {
      await single.close();
    }
  });
});

/** Whether the kernel shares CPU between sessions before processes (sched_autogroup), as most distributions' do. */
function schedulerGroupsBySession(): boolean {
  const setting = "/proc/sys/kernel/sched_autogroup_enabled";
  return existsSync(setting) && readFileSync(setting, "utf8").trim() === "1";
}
