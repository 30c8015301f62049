import { describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { crawlPageRow, runningCrawl } from "@/test/support/crawl-state";
import { createRunUser } from "@/test/support/runs";
import { addPage, claimPage, endPage } from "./sql";

// The page path's writes under races, on whichever database the suite runs (SQLite's steps, PostgreSQL's CTEs): the
// counters stay exact and each page moves once, whoever comes second.

const ORIGIN = "https://crawl.example";

async function crawlOfOne(pageLimit: number) {
  const user = await createRunUser("pro");
  const scraperId = (await db.scraper.findUniqueOrThrow({ where: { slug: "news-articles" } })).id;
  const crawl = await runningCrawl({ userId: user.id, scraperId, url: `${ORIGIN}/` }, { discovered: 0 });
  await db.crawl.update({ where: { id: crawl.id }, data: { pageLimit } });
  return crawl.id;
}

const counts = (crawlId: number) =>
  db.crawl.findUniqueOrThrow({
    where: { id: crawlId },
    select: { discovered: true, succeeded: true, failed: true, version: true },
  });

const page = (crawlId: number, path: string) => ({
  crawlId,
  url: `${ORIGIN}${path}`,
  key: `${ORIGIN}${path}`,
  host: "crawl.example",
  depth: 1,
});

describe("the crawl page path's statements", () => {
  it("adds a key found by five workers at once once, and gives the others' slots back", async () => {
    const crawlId = await crawlOfOne(10);
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => addPage(page(crawlId, "/a"))));
    expect(outcomes.filter((outcome) => outcome.added)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.added && outcome.reason === "duplicate")).toHaveLength(4);
    expect((await counts(crawlId)).discovered).toBe(1);
    expect(await db.crawlPage.count({ where: { crawlId } })).toBe(1);
  });

  it("never passes the page limit, however many pages are added at once", async () => {
    const crawlId = await crawlOfOne(3);
    const outcomes = await Promise.all(Array.from({ length: 8 }, (_, i) => addPage(page(crawlId, `/p${i}`))));
    expect(outcomes.filter((outcome) => outcome.added)).toHaveLength(3);
    expect(outcomes.filter((outcome) => !outcome.added && outcome.reason === "full")).toHaveLength(5);
    expect((await counts(crawlId)).discovered).toBe(3);
    expect(await db.crawlPage.count({ where: { crawlId } })).toBe(3);
  });

  it("lets one of two claims on the crawl's version win, and takes a page only from queued", async () => {
    const crawlId = await crawlOfOne(10);
    const { version } = await counts(crawlId);
    const first = await crawlPageRow(crawlId, `${ORIGIN}/one`, "queued");
    const second = await crawlPageRow(crawlId, `${ORIGIN}/two`, "queued");
    const lease = new Date(Date.now() + 60_000);
    const won = await Promise.all([
      claimPage({ crawlId, version, hosts: "{}", pageId: first.id }, lease),
      claimPage({ crawlId, version, hosts: "{}", pageId: second.id }, lease),
    ]);
    expect(won.filter(Boolean)).toHaveLength(1);
    const states = await db.crawlPage.findMany({ where: { crawlId }, orderBy: { id: "asc" }, select: { state: true } });
    expect(states.map(({ state }) => state).sort()).toEqual(["queued", "running"]);
    expect((await counts(crawlId)).version).toBe(version + 1);
    // The winner's page, claimed again under the new version: no longer queued, so not taken twice.
    const taken = won[0] ? first : second;
    expect(await claimPage({ crawlId, version: version + 1, hosts: "{}", pageId: taken.id }, lease)).toBe(false);
  });

  it("ends a running page once: a second end changes neither the page nor the counters", async () => {
    const crawlId = await crawlOfOne(10);
    const running = await crawlPageRow(crawlId, `${ORIGIN}/r`, "running", { leaseUntil: new Date(Date.now() + 60_000) });
    const ends = await Promise.all([
      endPage({ crawlId, pageId: running.id }, { ok: true }),
      endPage({ crawlId, pageId: running.id }, { ok: false, errorCode: "upstream_error", error: "Too late." }),
    ]);
    expect(ends.filter(Boolean)).toHaveLength(1);
    const row = await db.crawlPage.findUniqueOrThrow({ where: { id: running.id } });
    const { succeeded, failed } = await counts(crawlId);
    expect(succeeded + failed).toBe(1);
    expect(row.state).toBe(succeeded === 1 ? "succeeded" : "failed");
    expect(row.leaseUntil).toBeNull();
    expect(row.finishedAt).not.toBeNull();
  });
});
