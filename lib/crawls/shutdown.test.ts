// A crawl page whose worker shuts down (SIGTERM, a deploy) while the page's run is still going: its own file, since a
// process begins its shutdown once (lib/infra/lifecycle.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { beginShutdown } from "@/lib/infra/lifecycle";
import { stopRunWorkers } from "@/lib/runs/workers";
import { type CrawlSite, startCrawlSite } from "@/test/support/crawl-site";
import { crawlPageRow, runningCrawl } from "@/test/support/crawl-state";
import { startHeldSite } from "@/test/support/held-site";
import { createRunUser } from "@/test/support/runs";
import { processCrawlJob } from "./engine";

let site: CrawlSite;

beforeAll(async () => {
  site = await startCrawlSite();
});

afterAll(async () => {
  await site.close();
});

describe("a crawl worker shutting down while a page's run goes on", () => {
  it("hands the page back with its run (not failed as timed out), for the next worker to await that run", async () => {
    const user = await createRunUser("pro");
    const scraperId = (await db.scraper.findUniqueOrThrow({ where: { slug: "news-articles" } })).id;
    const crawl = await runningCrawl({ userId: user.id, scraperId, url: `${site.url}/` });
    // The page's run, submitted by an earlier worker and held by another run worker now (running, its lease live):
    // this worker awaits it rather than work it.
    const run = await db.scraperRun.create({
      data: {
        userId: user.id,
        scraperId,
        url: `${site.url}/a`,
        status: "running",
        startedAt: new Date(),
        leaseUntil: new Date(Date.now() + 60_000),
      },
    });
    const page = await crawlPageRow(crawl.id, `${site.url}/a`, "queued", { runId: run.id });
    const slot = processCrawlJob({ kind: "slot", crawlId: crawl.id, slot: 0 });
    await expect.poll(async () => (await db.crawlPage.findUniqueOrThrow({ where: { id: page.id } })).state).toBe("running");
    beginShutdown();
    await slot;
    expect(await db.crawlPage.findUniqueOrThrow({ where: { id: page.id } })).toMatchObject({
      state: "queued",
      runId: run.id,
      errorCode: null,
      leaseUntil: null,
    });
    expect(await db.crawl.findUniqueOrThrow({ where: { id: crawl.id } })).toMatchObject({
      status: "running",
      succeeded: 0,
      failed: 0,
    });
  });

  it("hands a run it works itself back to the queue when the run workers' grace ends, and its page with it", async () => {
    const held = await startHeldSite();
    try {
      const user = await createRunUser("pro");
      const scraperId = (await db.scraper.findUniqueOrThrow({ where: { slug: "news-articles" } })).id;
      const crawl = await runningCrawl({ userId: user.id, scraperId, url: `${held.url}/` });
      // Submitted by an earlier worker and never worked: this worker's slot works it, and its fetch is held.
      const run = await db.scraperRun.create({ data: { userId: user.id, scraperId, url: `${held.url}/a`, status: "queued" } });
      const page = await crawlPageRow(crawl.id, `${held.url}/a`, "queued", { runId: run.id });
      const slot = processCrawlJob({ kind: "slot", crawlId: crawl.id, slot: 0 });
      await expect.poll(() => held.held()).toBe(1);
      expect((await db.scraperRun.findUniqueOrThrow({ where: { id: run.id } })).status).toBe("running");
      // What a worker's shutdown does (scripts/worker.ts): no new job, the run workers close, and past
      // SHUTDOWN_GRACE_MS (none here) the runs in hand go back to the queue, the ones crawl slots work among them.
      beginShutdown();
      const closing = stopRunWorkers({ graceMs: 0 });
      await slot;
      await closing;
      expect(await db.scraperRun.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({
        status: "queued",
        leaseUntil: null,
      });
      expect(await db.crawlPage.findUniqueOrThrow({ where: { id: page.id } })).toMatchObject({
        state: "queued",
        runId: run.id,
        errorCode: null,
      });
      expect(await db.crawl.findUniqueOrThrow({ where: { id: crawl.id } })).toMatchObject({ succeeded: 0, failed: 0 });
    } finally {
      held.release();
      await held.close();
    }
  });
});
