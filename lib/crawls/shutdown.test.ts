// A crawl page whose worker shuts down (SIGTERM, a deploy) while the page's run is still going: its own file, since a
// process begins its shutdown once (lib/infra/lifecycle.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { beginShutdown } from "@/lib/infra/lifecycle";
import { type CrawlSite, startCrawlSite } from "@/test/support/crawl-site";
import { crawlPageRow, runningCrawl } from "@/test/support/crawl-state";
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
    // The page's run, submitted by an earlier worker and not ended (no run worker takes it here).
    const run = await db.scraperRun.create({ data: { userId: user.id, scraperId, url: `${site.url}/a`, status: "queued" } });
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
});
