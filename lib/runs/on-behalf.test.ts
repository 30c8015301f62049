// Runs a feature starts on its user's behalf (a crawl's page, a monitor's check): submitted without an API key,
// stored with the feature's record, charged as any run, and awaited by the feature's own job with awaitRunEnd, or
// worked by that job itself with workRunHere (a crawl's page).
import { afterAll, describe, expect, it } from "vitest";
import { PLANS } from "@/lib/config/plans";
import { db } from "@/lib/infra/db";
import { usageMonth } from "@/lib/usage/summary";
import { fixtureSite } from "@/test/support/fixture-site";
import { type HeldSite, startHeldSite } from "@/test/support/held-site";
import { createTestUser } from "@/test/support/users";
import { runLimits } from "./limits";
import { awaitRunEnd, findRunnableScraper, type SubmitOptions, submitRun, workRunHere } from "./run";
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

async function submitOnBehalf(url: string, origin = { kind: "test-feature", id: 7 }, options: SubmitOptions = {}) {
  const user = await createTestUser();
  const outcome = await submitRun(
    {
      userId: user.id,
      plan: PLANS.free,
      apiKeyId: null,
      scraper: await productScraper(),
      request: { url, async: true },
      origin,
    },
    options,
  );
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

  describe("worked by the feature's own job (workRunHere)", () => {
    it("end with their outcome and are charged once; a failure's code and the site's answer are read back", async () => {
      const { user, run } = await submitOnBehalf(
        site.url("product/jsonld.html"),
        { kind: "crawl", id: 43 },
        { workedByCaller: true },
      );
      // Recorded, not queued: the job works it.
      expect((await db.scraperRun.findUniqueOrThrow({ where: { id: run.id } })).status).toBe("queued");
      const end = await workRunHere(run.id, 30_000);
      expect(end).toMatchObject({ status: "success", errorCode: null, upstreamStatus: null });
      expect(JSON.parse(end?.resultData ?? "[]")).toMatchObject([{ title: "Sonora Pro Wireless Headphones" }]);
      expect(await db.scraperRun.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({ status: "success", attempts: 1 });
      expect(await quotaUsed(user.id)).toBe(1);

      const throttled = await submitOnBehalf(site.url("status/429?retry_after=3"), undefined, { workedByCaller: true });
      expect(await workRunHere(throttled.run.id, 30_000)).toMatchObject({
        status: "failed",
        errorCode: "upstream_error",
        upstreamStatus: 429,
        upstreamRetryAfter: 3,
      });
      expect(await quotaUsed(throttled.user.id)).toBe(0);
    });

    it.each([
      ["read from the run", false],
      ["its owner given", true],
    ])("go to the queue when the user's runs fill the plan (the plan %s), and are awaited there", async (_, given) => {
      const { user, run } = await submitOnBehalf(site.url("product/jsonld.html"), undefined, { workedByCaller: true });
      // The Free plan's one concurrent run, taken by another of the user's runs.
      const other = await runLimits.trySlot(user.id, PLANS.free);
      expect(other).not.toBeNull();
      expect(await workRunHere(run.id, 300, given ? { userId: user.id, plan: PLANS.free } : undefined)).toBeNull();
      expect((await db.scraperRun.findUniqueOrThrow({ where: { id: run.id } })).status).toBe("queued");
      // The slot free again: a run worker takes the queued run (its job was added) within a second or two.
      await other?.release();
      expect(await awaitRunEnd(run.id, 30_000)).toMatchObject({ status: "success" });
      // Its slot given back at its end: the user's one slot is free.
      const after = await runLimits.trySlot(user.id, PLANS.free);
      expect(after).not.toBeNull();
      await after?.release();
    });

    it("with their owner given, end with their outcome and give their slot back", async () => {
      const { user, run } = await submitOnBehalf(site.url("product/jsonld.html"), undefined, { workedByCaller: true });
      expect(await workRunHere(run.id, 30_000, { userId: user.id, plan: PLANS.free })).toMatchObject({ status: "success" });
      const after = await runLimits.trySlot(user.id, PLANS.free);
      expect(after).not.toBeNull();
      await after?.release();
    });

    it("await a run another worker holds, and never work it a second time", async () => {
      const holding = await startHeldSite();
      try {
        const { run } = await submitOnBehalf(`${holding.url}/product`);
        // A run worker has it (the queue's job), mid-fetch.
        await expect.poll(() => holding.held()).toBe(1);
        const end = workRunHere(run.id, 30_000);
        holding.release();
        expect(await end).toMatchObject({ status: "success" });
        expect(holding.received()).toBe(1);
        expect((await db.scraperRun.findUniqueOrThrow({ where: { id: run.id } })).attempts).toBe(1);
      } finally {
        holding.release();
        await holding.close();
      }
    });
  });
});
