// Runs a feature starts on its user's behalf (a crawl's page, a monitor's check): submitted without an API key,
// stored with the feature's record, charged as any run, and awaited by the feature's own job with awaitRunEnd.
import { afterAll, describe, expect, it } from "vitest";
import { PLANS } from "@/lib/config/plans";
import { db } from "@/lib/infra/db";
import { usageMonth } from "@/lib/usage/summary";
import { fixtureSite } from "@/test/support/fixture-site";
import { type HeldSite, startHeldSite } from "@/test/support/held-site";
import { createTestUser } from "@/test/support/users";
import { awaitRunEnd, findRunnableScraper, submitRun } from "./run";
import { startRunWorkers } from "./workers";

const site = fixtureSite();
let held: HeldSite | undefined;

afterAll(async () => {
  held?.release();
  await held?.close();
  await startRunWorkers().close();
});

const productScraper = async () =>
  findRunnableScraper((await db.scraper.findUniqueOrThrow({ where: { slug: "ecommerce-products" } })).id);

async function submitOnBehalf(url: string, origin = { kind: "test-feature", id: 7 }) {
  const user = await createTestUser();
  const outcome = await submitRun({
    userId: user.id,
    plan: PLANS.free,
    apiKeyId: null,
    scraper: await productScraper(),
    request: { url, async: true },
    origin,
  });
  return { user, run: outcome.run };
}

const quotaUsed = async (userId: number) =>
  (await db.monthlyUsage.findUnique({ where: { userId_month: { userId, month: usageMonth() } } }))?.successfulRuns ?? 0;

describe("runs on a feature's behalf", () => {
  it("are stored with the feature's record and no API key, charged once, and awaited to their end", async () => {
    const { user, run } = await submitOnBehalf(site.url("product/jsonld.html"), { kind: "crawl", id: 42 });
    const end = await awaitRunEnd(run.id, 30_000);
    expect(end).toMatchObject({
      status: "success",
      errorCode: null,
      error: null,
      upstreamStatus: null,
      upstreamRetryAfter: null,
      outputs: null,
    });
    // The items as stored: what a crawl reads the page's links from without reading the run again.
    expect(JSON.parse(end?.resultData ?? "[]")).toMatchObject([{ title: "Sonora Pro Wireless Headphones", price: 249.99 }]);
    expect(await db.scraperRun.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({
      apiKeyId: null,
      originKind: "crawl",
      originId: 42,
      status: "success",
      options: null,
    });
    expect(await quotaUsed(user.id)).toBe(1);
  });

  it("hear a failure with its code, and the failed run is not charged", async () => {
    const { user, run } = await submitOnBehalf(site.url("status/500"));
    const end = await awaitRunEnd(run.id, 30_000);
    expect(end).toMatchObject({ status: "failed", errorCode: expect.any(String) });
    expect(end?.errorCode).not.toBe("internal_error");
    expect(await quotaUsed(user.id)).toBe(0);
    // The site's answer as data, for a feature that backs off on it (a crawl on 429/503): status and Retry-After.
    expect(end).toMatchObject({ errorCode: "upstream_error", upstreamStatus: 500, upstreamRetryAfter: null });
    const throttled = await submitOnBehalf(site.url("status/429?retry_after=3"));
    expect(await awaitRunEnd(throttled.run.id, 30_000)).toMatchObject({
      status: "failed",
      errorCode: "upstream_error",
      upstreamStatus: 429,
      upstreamRetryAfter: 3,
    });
  });

  it("answer null when the run has not ended within the wait, and the run goes on", async () => {
    held = await startHeldSite();
    const { run } = await submitOnBehalf(`${held.url}/product`);
    expect(await awaitRunEnd(run.id, 300)).toBeNull();
    held.release();
    expect(await awaitRunEnd(run.id, 30_000)).toMatchObject({ status: "success" });
  });
});
