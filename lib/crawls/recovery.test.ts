import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLANS } from "@/lib/config/plans";
import { db } from "@/lib/infra/db";
import { databaseNow } from "@/lib/infra/db/hot";
import { findRunnableScraper } from "@/lib/runs/run";
import { type CrawlSite, startCrawlSite } from "@/test/support/crawl-site";
import { crawlPageRow, runningCrawl } from "@/test/support/crawl-state";
import { createRunUser } from "@/test/support/runs";
import { getCrawl } from "./detail";
import { recoverCrawls, writePageRun } from "./engine";
import { submitPageRun, workPageRun } from "./page-run";
import { crawlOptionsOf } from "./schema";
import { ensureCrawlWorkers } from "./workers";

/** What a restarted worker does (recovery, then its crawl worker), awaited until the crawl completes: its detail. */
async function restartAndFinish(userId: number, crawlId: number) {
  await recoverCrawls();
  ensureCrawlWorkers();
  await expect.poll(async () => (await getCrawl(userId, crawlId)).status, { timeout: 60_000, interval: 100 }).toBe("completed");
  return getCrawl(userId, crawlId);
}

let site: CrawlSite;
let scraperId: number;

beforeAll(async () => {
  site = await startCrawlSite();
  scraperId = (await db.scraper.findUniqueOrThrow({ where: { slug: "news-articles" } })).id;
});

afterAll(async () => {
  await site.close();
});

describe("a crawl whose worker died", () => {
  it("resumes from its stored frontier: no page lost, none run twice", async () => {
    const user = await createRunUser("pro");
    // What a worker killed mid-crawl leaves behind: a running crawl whose start has run, a page it had submitted
    // (its run succeeded after the worker died), a page it had claimed but not submitted, and a page still queued.
    const crawl = await runningCrawl({ userId: user.id, scraperId, url: `${site.url}/` }, { discovered: 3 });
    const past = new Date(Date.now() - 60_000);
    const runId = await submitPageRun({
      crawlId: crawl.id,
      userId: user.id,
      plan: PLANS.pro,
      scraper: await findRunnableScraper(scraperId),
      url: `${site.url}/a`,
      options: crawl.options,
      wantLinks: false,
    });
    expect((await workPageRun(runId, { userId: user.id, plan: PLANS.pro }, 30_000))?.status).toBe("success");
    await crawlPageRow(crawl.id, `${site.url}/a`, "running", { runId, leaseUntil: past });
    await crawlPageRow(crawl.id, `${site.url}/b`, "running", { leaseUntil: past });
    await crawlPageRow(crawl.id, `${site.url}/c`, "queued");

    const detail = await restartAndFinish(user.id, crawl.id);
    expect(detail.pages.map((p) => [new URL(p.url).pathname, p.status])).toEqual([
      ["/a", "succeeded"],
      ["/b", "succeeded"],
      ["/c", "succeeded"],
    ]);
    // The page the dead worker had submitted kept its run: one run per page, three in all.
    expect(detail.pages[0]?.run_id).toBe(runId);
    expect(await db.scraperRun.count({ where: { userId: user.id } })).toBe(3);
    expect(detail).toMatchObject({ succeeded: 3, failed: 0 });
  });

  it("awaits the run a dead worker submitted but did not get to write on its page, never a second one", async () => {
    const user = await createRunUser("pro");
    const crawl = await runningCrawl({ userId: user.id, scraperId, url: `${site.url}/a` });
    // The worker submitted the page's run and died before writing the run's id on the page.
    const runId = await submitPageRun({
      crawlId: crawl.id,
      userId: user.id,
      plan: PLANS.pro,
      scraper: await findRunnableScraper(scraperId),
      url: `${site.url}/a`,
      options: crawl.options,
      wantLinks: false,
    });
    await crawlPageRow(crawl.id, `${site.url}/a`, "running", { leaseUntil: new Date(Date.now() - 60_000) });

    const detail = await restartAndFinish(user.id, crawl.id);
    expect(detail.pages.map((p) => [new URL(p.url).pathname, p.status, p.run_id])).toEqual([["/a", "succeeded", runId]]);
    expect(await db.scraperRun.count({ where: { userId: user.id } })).toBe(1);
  });

  it("lets a worker that stalled past its lease write its run on the page only while the page has none", async () => {
    const user = await createRunUser("pro");
    const crawl = await runningCrawl({ userId: user.id, scraperId, url: `${site.url}/a` }, { discovered: 3 });
    const submit = (path: string) =>
      findRunnableScraper(scraperId).then((scraper) =>
        submitPageRun({
          crawlId: crawl.id,
          userId: user.id,
          plan: PLANS.pro,
          scraper,
          url: `${site.url}${path}`,
          options: crawl.options,
          wantLinks: false,
        }),
      );
    const [stalledRun, takerRun, otherRun] = [await submit("/a"), await submit("/a"), await submit("/b")];
    // Recovery gave /a to another worker meanwhile, which submitted a run of its own and wrote it.
    const taken = await crawlPageRow(crawl.id, `${site.url}/a`, "running", { runId: takerRun });
    expect(await writePageRun(taken.id, stalledRun)).toBe("taken");
    expect((await db.crawlPage.findUniqueOrThrow({ where: { id: taken.id } })).runId).toBe(takerRun);
    // The other worker found the stalled one's run (orphanPageRun) and awaits it.
    const adopted = await crawlPageRow(crawl.id, `${site.url}/b`, "running", { runId: otherRun });
    expect(await writePageRun(adopted.id, otherRun)).toBe("adopted");
    // The crawl was stopped meanwhile.
    const stopped = await crawlPageRow(crawl.id, `${site.url}/c`, "cancelled");
    expect(await writePageRun(stopped.id, otherRun)).toBe("stopped");
    expect((await db.crawlPage.findUniqueOrThrow({ where: { id: stopped.id } })).runId).toBeNull();
    // No one else holds it: written.
    const own = await crawlPageRow(crawl.id, `${site.url}/d`, "running");
    expect(await writePageRun(own.id, stalledRun)).toBe("written");
    expect((await db.crawlPage.findUniqueOrThrow({ where: { id: own.id } })).runId).toBe(stalledRun);
  });

  it("keeps a host's pause (a 429's Retry-After) across the restart: the page is not run before it ends", async () => {
    const user = await createRunUser("pro");
    const host = new URL(site.url).host;
    // What a worker leaves when it stops right after a 429: the host paused (in the crawl row), the page sent back.
    const pausedUntil = (await databaseNow()).getTime() + 2_000;
    const crawl = await runningCrawl(
      { userId: user.id, scraperId, url: `${site.url}/c` },
      { hosts: JSON.stringify({ [host]: { lastStartAt: null, pausedUntil, throttled: 1 } }) },
    );
    await crawlPageRow(crawl.id, `${site.url}/c`, "queued", { retries: 1 });

    const detail = await restartAndFinish(user.id, crawl.id);
    expect(detail.pages.map((p) => [p.status, p.retries])).toEqual([["succeeded", 1]]);
    // Its run was made once the pause was over (the database's clock for both; a small allowance for rounding).
    const run = await db.scraperRun.findUniqueOrThrow({ where: { id: detail.pages[0]?.run_id ?? 0 } });
    expect(run.createdAt.getTime()).toBeGreaterThanOrEqual(pausedUntil - 50);
    // The host's success ended its streak of throttled answers: a next 429 starts the default back-off again.
    const stored = await db.crawl.findUniqueOrThrow({ where: { id: crawl.id }, select: { hosts: true } });
    expect(JSON.parse(stored.hosts ?? "{}")[host]).toMatchObject({ pausedUntil, throttled: 0 });
  });
});

describe("hostile sites", () => {
  it("reads a 10 MB robots.txt only to its cap and a sitemap index listing itself once", async () => {
    const big = await startCrawlSite({ robotsMb: 10 });
    try {
      const user = await createRunUser("pro");
      const crawl = await db.crawl.create({
        data: {
          userId: user.id,
          scraperId,
          url: `${big.url}/`,
          options: JSON.stringify(crawlOptionsOf({ url: `${big.url}/`, max_depth: 1, exclude_paths: ["/calendar"] })),
          pageLimit: 10,
        },
      });
      const { enqueueCrawlStart } = await import("./engine");
      ensureCrawlWorkers();
      await enqueueCrawlStart(crawl.id);
      await expect
        .poll(async () => (await getCrawl(user.id, crawl.id)).status, { timeout: 60_000, interval: 100 })
        .toBe("completed");
      const stored = await db.crawl.findUniqueOrThrow({ where: { id: crawl.id }, select: { robots: true, sitemapStats: true } });
      const robots = Object.values(
        JSON.parse(stored.robots ?? "{}") as Record<string, { robots: { truncated: boolean; outcome: string } }>,
      );
      expect(robots[0]?.robots).toMatchObject({ truncated: true });
      expect(JSON.parse(stored.sitemapStats ?? "{}")).toMatchObject({ loops: 1 });
      // The rules at the top of the file still apply.
      expect(big.requested().some((path) => path.startsWith("/private/"))).toBe(false);
      expect(big.requested().filter((path) => path === "/sitemap.xml")).toHaveLength(1);
    } finally {
      await big.close();
    }
  });
});
