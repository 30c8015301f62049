// Rendered runs on a machine without Chromium: a real run through the run endpoint and this process's worker, whose
// browser pool finds no browser. No Chromium is needed for this one: it is the case it tests.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // Read by lib/infra/env.ts when first imported: this process's pool looks for a browser that is not there.
  process.env.CHROMIUM_PATH = "/nonexistent/chromium";
  // A queue of its own: with Redis, the suite's files share one queue, and another file's worker has a browser.
  process.env.QUEUE_PREFIX = `${process.env.QUEUE_PREFIX ?? "scrapedeck-test"}-no-chromium-${process.pid}`;
});

import { closeBrowserPool } from "@/lib/infra/browser";
import { db } from "@/lib/infra/db";
import { usageMonth } from "@/lib/usage/summary";
import { type FixtureServer, startFixtureServer } from "@/test/support/fixture-server";
import { createRunUser, submitRun } from "@/test/support/runs";

let site: FixtureServer;
let scraperId: number;

const quotaUsed = async (userId: number) =>
  (await db.monthlyUsage.findUnique({ where: { userId_month: { userId, month: usageMonth() } } }))?.successfulRuns ?? 0;

describe("rendered runs without Chromium", () => {
  beforeAll(async () => {
    site = await startFixtureServer();
    scraperId = (await db.scraper.findUniqueOrThrow({ where: { slug: "ecommerce-products" } })).id;
  });

  afterAll(async () => {
    await closeBrowserPool();
    await site?.close();
  });

  it("fails render: true with rendering_unavailable (503, a clear message), never a 500, and charges nothing", async () => {
    const user = await createRunUser("pro");
    const answer = await submitRun(user, scraperId, { url: `${site.url}/product/jsonld.html`, render: true });
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({
      code: "rendering_unavailable",
      message: "Pages cannot be rendered here right now: no browser is installed.",
    });
    const run = await db.scraperRun.findFirstOrThrow({ where: { userId: user.id } });
    expect(run).toMatchObject({ status: "failed", errorCode: "rendering_unavailable", rendered: false });
    expect(await quotaUsed(user.id)).toBe(0);
  });

  it('answers "auto" from the plain page when it has its data: no browser is needed, none is asked for', async () => {
    const user = await createRunUser("free");
    // The plain page has its data: no render is tried.
    const plain = await submitRun(user, scraperId, { url: `${site.url}/product/jsonld.html`, render: "auto" });
    expect(plain.status).toBe(200);
    expect(plain.body.rendered).toBe(false);
    expect(plain.body.data[0].price).not.toBeNull();
  });
});
