// Rendered runs end to end: real runs through the run endpoint, taken by this process's worker (the in-app one), whose
// browser pool renders the pages of a local fixture site in Debian's Chromium. Skipped with a message without Chromium.

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // A queue of this file's own (read by lib/infra/env.ts when first imported): with Redis, the suite's files share one
  // queue, and these runs must be rendered by this process's pool (the one the tests kill browsers in), not another's.
  process.env.QUEUE_PREFIX = `${process.env.QUEUE_PREFIX ?? "scrapedeck-test"}-render-${process.pid}`;
});

import * as screenshotRoute from "@/app/api/runs/[id]/screenshot/route";
import { browserPool, closeBrowserPool, DEFAULT_PAGE_LIMITS } from "@/lib/infra/browser";
import { db } from "@/lib/infra/db";
import { isBlockedAddress } from "@/lib/infra/outbound/address-policy";
import { createRunLimits } from "@/lib/runs/limits";
import { usageMonth } from "@/lib/usage/summary";
import {
  type BrowserSite,
  type InternalServer,
  machineAddresses,
  startBrowserSite,
  startInternalServer,
} from "@/test/support/browser-site";
import { chromiumInstalled } from "@/test/support/chromium";
import { type FixtureServer, startFixtureServer } from "@/test/support/fixture-server";
import { callJson, callRoute } from "@/test/support/requests";
import { batchEndpoint, createRunUser, type RunTestUser, submitRun } from "@/test/support/runs";

let site: BrowserSite;
let internal: InternalServer;
let plain: FixtureServer;
let scraperId: number;
let pro: RunTestUser;
let free: RunTestUser;

const quotaUsed = async (userId: number) =>
  (await db.monthlyUsage.findUnique({ where: { userId_month: { userId, month: usageMonth() } } }))?.successfulRuns ?? 0;

const run = (user: RunTestUser, body: Record<string, unknown>) => submitRun(user, scraperId, body);

describe.skipIf(!chromiumInstalled)("rendered runs (render, wait_for, timeout_ms, screenshot)", () => {
  beforeAll(async () => {
    [site, internal, plain] = await Promise.all([startBrowserSite(), startInternalServer(), startFixtureServer()]);
    scraperId = (await db.scraper.findUniqueOrThrow({ where: { slug: "ecommerce-products" } })).id;
    [pro, free] = await Promise.all([createRunUser("pro"), createRunUser("free")]);
  });

  afterAll(async () => {
    await closeBrowserPool();
    await Promise.all([site?.close(), internal?.close(), plain?.close()]);
  });

  it("extracts JSON-LD a page adds after 300 ms with render true and auto, and not without", async () => {
    const url = `${site.url}/late-json-ld`;
    const always = await run(pro, { url, render: true });
    expect(always.status).toBe(200);
    expect(always.body).toMatchObject({ rendered: true, data: [{ title: "Sonora Headphones", price: 129, currency: "EUR" }] });
    // Free renders only when needed: the plain page has a title and nothing else, so it is.
    const auto = await run(free, { url, render: "auto" });
    expect(auto.status).toBe(200);
    expect(auto.body).toMatchObject({ rendered: true, data: [{ title: "Sonora Headphones", price: 129 }] });
    const without = await run(pro, { url });
    expect(without.status).toBe(200);
    expect(without.body.rendered).toBe(false);
    expect(without.body.data).toMatchObject([{ price: null, currency: null }]);
    // GET /api/runs/{id} and the run list say the same.
    const listed = await db.scraperRun.findMany({ where: { id: { in: [always.body.id, auto.body.id, without.body.id] } } });
    expect(listed.map((row) => [row.id, row.rendered])).toEqual(
      expect.arrayContaining([
        [always.body.id, true],
        [auto.body.id, true],
        [without.body.id, false],
      ]),
    );
  }, 60_000);

  it("renders a JavaScript-drawn product (an app shell) with auto, and leaves a page with its data in the HTML alone", async () => {
    const shell = await run(free, { url: `${site.url}/products/7`, render: "auto", wait_for: "#app[data-ready]" });
    expect(shell.status).toBe(200);
    expect(shell.body).toMatchObject({ rendered: true, data: [{ title: "Trail Runner 7", sku: "TR-00007" }] });
    const requested = site.received().length;
    const staticPage = await run(free, { url: `${plain.url}/product/jsonld.html`, render: "auto" });
    expect(staticPage.status).toBe(200);
    expect(staticPage.body.rendered).toBe(false);
    expect(staticPage.body.data[0].price).not.toBeNull();
    expect(site.received().length).toBe(requested);
  }, 60_000);

  it("applies a batch's rendering options to each of its runs", async () => {
    const answer = await callJson(batchEndpoint(createRunLimits(`test-${randomUUID()}`)), {
      method: "POST",
      path: `/api/scrapers/${scraperId}/batch`,
      headers: free.keyHeaders,
      body: { urls: [`${site.url}/products/30`, `${site.url}/late-json-ld`], render: "auto", wait_for: 500 },
      params: { id: String(scraperId) },
    });
    expect(answer.status).toBe(202);
    const runs = () => db.scraperRun.findMany({ where: { batchId: answer.body.id }, orderBy: { id: "asc" } });
    await expect.poll(async () => (await runs()).map((row) => row.status), { timeout: 60_000 }).toEqual(["success", "success"]);
    expect((await runs()).map((row) => [row.rendered, JSON.parse(row.options ?? "{}")])).toEqual([
      [true, { render: "auto", wait_for: 500 }],
      [true, { render: "auto", wait_for: 500 }],
    ]);
    // Free may not ask a batch for more than its plan renders.
    const refused = await callJson(batchEndpoint(createRunLimits(`test-${randomUUID()}`)), {
      method: "POST",
      path: `/api/scrapers/${scraperId}/batch`,
      headers: free.keyHeaders,
      body: { urls: [`${site.url}/products/31`], render: true },
      params: { id: String(scraperId) },
    });
    expect([refused.status, refused.body.code]).toEqual([403, "plan_required"]);
  }, 90_000);

  it("takes a screenshot a run's owner reads as a PNG", async () => {
    const shot = await run(pro, { url: `${site.url}/products/8`, render: true, wait_for: "#app[data-ready]", screenshot: true });
    expect(shot.status).toBe(200);
    expect(shot.body.screenshot_url).toMatch(new RegExp(`/api/runs/${shot.body.id}/screenshot$`));
    const res = await callRoute(screenshotRoute.GET, {
      path: `/api/runs/${shot.body.id}/screenshot`,
      headers: pro.keyHeaders,
      params: { id: String(shot.body.id) },
    });
    expect(res.status).toBe(200);
    const png = Buffer.from(await res.arrayBuffer());
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    // The viewport: 1280 × 800 (IHDR's width and height).
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1280, 800]);
  }, 60_000);

  it("refuses options that need a render, and render: true on Free, before anything is recorded", async () => {
    const before = await db.scraperRun.count({ where: { userId: free.id } });
    const needsRender = await run(free, { url: `${site.url}/products/1`, wait_for: "#app", screenshot: true });
    expect(needsRender.status).toBe(400);
    expect(needsRender.body.code).toBe("validation_error");
    expect(needsRender.body.issues.map((issue: { path: string }) => issue.path)).toEqual(["wait_for", "screenshot"]);
    const always = await run(free, { url: `${site.url}/products/1`, render: true });
    expect([always.status, always.body.code]).toEqual([403, "plan_required"]);
    const long = await run(free, { url: `${site.url}/products/1`, render: "auto", timeout_ms: 30_000 });
    expect([long.status, long.body.code]).toEqual([403, "plan_required"]);
    expect(await db.scraperRun.count({ where: { userId: free.id } })).toBe(before);
  });

  it("refuses every private address a rendered page aims at, as redirect, navigation or subresource: the internal server sees nothing", async () => {
    const user = await createRunUser("business");
    const { v4, v6 } = machineAddresses();
    const own = (address: string) => isBlockedAddress(address, { allowLoopback: true });
    const port = internal.port;
    const targets = [
      `http://0.0.0.0:${port}/`,
      `http://[::]:${port}/`,
      ...v4.filter(own).flatMap((address) => [`http://${address}:${port}/`, `http://[::ffff:${address}]:${port}/`]),
      ...v6.filter(own).map((address) => `http://[${address}]:${port}/`),
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.1/",
    ];
    for (const target of targets) {
      const encoded = encodeURIComponent(target);
      const [direct, redirected, navigated, probed] = await Promise.all([
        run(user, { url: target, render: true }),
        run(user, { url: `${site.url}/redirect-to?url=${encoded}`, render: true }),
        run(user, { url: `${site.url}/hostile/navigate-to?to=${encoded}`, render: true, timeout_ms: 30_000 }),
        run(user, { url: `${site.url}/probe?target=${encoded}`, render: true, wait_for: "#done", screenshot: true }),
      ]);
      for (const [what, answer] of Object.entries({ direct, redirected, navigated })) {
        expect([what, target, answer.status, answer.body.code]).toEqual([what, target, 422, "blocked_address"]);
      }
      // Every request of the probe page was refused, and the page itself rendered.
      expect([target, probed.status, probed.body.rendered]).toEqual([target, 200, true]);
    }
    expect(internal.hits()).toEqual([]);
    expect(await quotaUsed(user.id)).toBe(targets.length);
  }, 240_000);

  it("fails a page that loops for ever at its deadline, while a run beside it renders within its own", async () => {
    const user = await createRunUser("business");
    const [loop, beside] = await Promise.all([
      run(user, { url: `${site.url}/hostile/loop`, render: true, timeout_ms: 8_000 }),
      run(user, { url: `${site.url}/products/9`, render: true, wait_for: "#app[data-ready]", timeout_ms: 30_000 }),
    ]);
    // render_timeout once its document arrived (the script then never lets the page finish); on a machine loaded
    // enough that the document itself had not arrived by then, upstream_timeout. Either way the deadline ends it.
    expect(loop.status).toBe(504);
    expect(["render_timeout", "upstream_timeout"]).toContain(loop.body.code);
    expect([loop.body.code, loop.body.message]).toEqual([loop.body.code, expect.stringMatching(/within 8 seconds/)]);
    expect([beside.status, beside.body.message]).toEqual([200, undefined]);
    expect(beside.body.data[0].title).toBe("Trail Runner 9");
    // Failed runs are free.
    expect(await quotaUsed(user.id)).toBe(1);
  }, 120_000);

  it("bounds a page of a thousand frames, and refuses a service worker, each with a clear outcome", async () => {
    const user = await createRunUser("business");
    const [frames, serviceWorker] = await Promise.all([
      run(user, { url: `${site.url}/hostile/frames?n=1000`, render: true, timeout_ms: 20_000 }),
      run(user, { url: `${site.url}/hostile/service-worker`, render: true, wait_for: "#sw", timeout_ms: 30_000 }),
    ]);
    // Rendered with the frames past the request limit refused, or stopped with a clear code (its memory, its deadline).
    expect([200, 422, 504]).toContain(frames.status);
    if (frames.status !== 200) expect(["page_too_complex", "render_timeout"]).toContain(frames.body.code);
    // At most the page's request limit per render; a renderer that crashes under the frames (a loaded machine) is
    // rendered again once, with a limit of its own (CI once counted 427).
    expect(site.received().filter((path) => path.startsWith("/frame?")).length).toBeLessThanOrEqual(
      2 * DEFAULT_PAGE_LIMITS.maxRequests,
    );
    // The service worker is refused; the page renders.
    expect([serviceWorker.status, serviceWorker.body.message]).toEqual([200, undefined]);
    expect(site.received()).not.toContain("/sw.js");
    expect(await quotaUsed(user.id)).toBe(frames.status === 200 ? 2 : 1);
  }, 120_000);

  it("renders a run again once when its browser is killed under it; killed twice, the run fails rendering_crashed for free", async () => {
    const user = await createRunUser("pro");
    // A browser to kill: started by a first render.
    await run(user, { url: `${site.url}/products/20`, render: true, wait_for: "#app[data-ready]" });
    const pidNow = () => browserPool().stats().perBrowser[0]?.pid ?? 0;
    const killWhenHeld = async (path: string, times: number) => {
      for (let kill = 0; kill < times; kill++) {
        const seen = site.received().filter((received) => received.startsWith(path)).length;
        await expect
          .poll(() => site.received().filter((received) => received.startsWith(path)).length, { timeout: 20_000 })
          .toBe(seen + 1);
        await expect.poll(pidNow, { timeout: 10_000 }).toBeGreaterThan(0);
        process.kill(pidNow(), "SIGKILL");
      }
    };
    const crashed = browserPool().stats().crashed;
    const once = run(user, {
      url: `${site.url}/products/21?hold=4000`,
      render: true,
      wait_for: "#app[data-ready]",
      timeout_ms: 30_000,
    });
    await killWhenHeld("/api/products/21", 1);
    const survived = await once;
    expect(survived.status).toBe(200);
    expect(survived.body).toMatchObject({ rendered: true, data: [{ title: "Trail Runner 21" }] });
    expect(browserPool().stats().crashed).toBe(crashed + 1);

    const used = await quotaUsed(user.id);
    const twice = run(user, {
      url: `${site.url}/products/22?hold=20000`,
      render: true,
      wait_for: "#app[data-ready]",
      timeout_ms: 30_000,
    });
    await killWhenHeld("/api/products/22", 2);
    const failed = await twice;
    expect([failed.status, failed.body.code]).toEqual([503, "rendering_crashed"]);
    expect(await quotaUsed(user.id)).toBe(used);
    expect(browserPool().stats().crashed).toBe(crashed + 3);
    // Nothing is left running, and the pool renders the next page on a new browser.
    expect(await db.scraperRun.count({ where: { userId: user.id, status: { in: ["queued", "running"] } } })).toBe(0);
    const next = await run(user, { url: `${site.url}/products/23`, render: true, wait_for: "#app[data-ready]" });
    expect(next.status).toBe(200);
  }, 120_000);
});
