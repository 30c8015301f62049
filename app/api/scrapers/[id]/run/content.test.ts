import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getRun } from "@/app/api/runs/[id]/route";
import { db } from "@/lib/infra/db";
import { webPageItemSchema } from "@/lib/runs/schema";
import { usageMonth } from "@/lib/usage/summary";
import { type FixtureServer, startFixtureServer } from "@/test/support/fixture-server";
import { callJson } from "@/test/support/requests";
import { createRunUser, type RunTestUser, submitRun } from "@/test/support/runs";

// The Web Page scraper and the content formats through real runs: the endpoint, the queue, the fetcher and the
// extraction thread (its memory cap and deadline), on pages of the fixture site.
let site: FixtureServer;
let webPageId: number;

beforeAll(async () => {
  site = await startFixtureServer();
  webPageId = (await db.scraper.findUniqueOrThrow({ where: { slug: "web-page" } })).id;
});

afterAll(async () => {
  await site.close();
});

async function quotaUsed(userId: number): Promise<number> {
  const row = await db.monthlyUsage.findUnique({ where: { userId_month: { userId, month: usageMonth() } } });
  return row?.successfulRuns ?? 0;
}

/** An async run to its end (a page that takes long to extract must not turn a synchronous answer into a 202). */
async function runToEnd(user: RunTestUser, scraperId: number, body: Record<string, unknown>) {
  const accepted = await submitRun(user, scraperId, { ...body, async: true });
  expect(accepted.status).toBe(202);
  const id = String(accepted.body.id);
  const read = () => callJson(getRun, { path: `/api/runs/${id}`, headers: user.keyHeaders, params: { id } });
  // A guard against a run that never ends, not a timed assertion: the extraction deadline (60 s in tests) ends it.
  await expect.poll(async () => (await read()).body.status, { timeout: 180_000, interval: 250 }).toMatch(/^(success|failed)$/);
  const run = await read();
  expect(run.status).toBe(200);
  return run.body;
}

describe("the Web Page scraper", () => {
  it("answers one item: the page's Markdown, text, links and metadata, the address asked for and the one that answered", async () => {
    const user = await createRunUser();
    const url = `${site.url}/redirect/1/news_article/jsonld.html`;
    const answer = await submitRun(user, webPageId, { url });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toHaveLength(1);
    const [item] = answer.body.data;
    expect(webPageItemSchema.parse(item)).toEqual(item);
    expect(item).toMatchObject({ url, final_url: `${site.url}/news_article/jsonld.html`, status_code: 200 });
    expect(item.markdown).toMatch(/\w/);
    expect(item.word_count).toBeGreaterThan(0);
  });

  it("narrows the item's content with include_tags", async () => {
    const user = await createRunUser();
    const url = `${site.url}/news_article/jsonld.html`;
    const answer = await submitRun(user, webPageId, { url, include_tags: ["h1"] });
    expect(answer.status).toBe(200);
    expect(answer.body.data[0].markdown).toMatch(/^# [^\n]+$/);
  });
});

// Each hostile page gives a bounded, correct item or a clear 422, never a 500 and never an empty Markdown for a page
// with text. A page of more than MAX_PAGE_ELEMENTS elements (a 5 MB article) fails page_too_complex as it is parsed:
// its parse alone would fill the extraction thread's heap (docs/decisions.md, "Content formats").
describe("the Web Page scraper on hostile pages", () => {
  it.each([
    ["100,000 table cells", "big-table?n=100000", (markdown: string) => markdown.split("\n").length === 10_002],
    ["50,000 links", "many-links?n=50000", (markdown: string) => markdown.split("\n").length === 50_000],
    ["a list nested 250 deep", "deep-list?n=250", (markdown: string) => markdown.split("\n").length === 250],
    ["a table whose spans would fill a billion cells", "spanned-table?n=5000", (markdown: string) => markdown.includes("cell")],
  ])(
    "gives a whole item for a page of %s",
    async (_name, page, whole) => {
      const user = await createRunUser();
      const run = await runToEnd(user, webPageId, { url: `${site.url}/hostile/${page}` });
      expect(run).toMatchObject({ status: "success", item_count: 1 });
      expect(whole(run.data[0].markdown)).toBe(true);
      expect(await quotaUsed(user.id)).toBe(1);
    },
    200_000,
  );

  it("gives a 3 MB article whole", async () => {
    const user = await createRunUser();
    const run = await runToEnd(user, webPageId, { url: `${site.url}/hostile/huge-article?n=3` });
    expect(run).toMatchObject({ status: "success", item_count: 1 });
    expect(run.data[0].markdown).toMatch(/^## Section 0\n/);
    expect(await quotaUsed(user.id)).toBe(1);
  }, 200_000);

  it("refuses an article just under the 5 MB page cap, 200,000+ elements, page_too_complex at once, free", async () => {
    const user = await createRunUser();
    const run = await runToEnd(user, webPageId, { url: `${site.url}/hostile/huge-article?n=4.9` });
    expect([run.status, run.error_code]).toEqual(["failed", "page_too_complex"]);
    expect(await quotaUsed(user.id)).toBe(0);
  }, 200_000);

  it("refuses a page nested deeper than a page may nest with 422 page_too_complex, free", async () => {
    const user = await createRunUser();
    const answer = await submitRun(user, webPageId, { url: `${site.url}/hostile/deep-dom?n=100000` });
    expect([answer.status, answer.body.code]).toEqual([422, "page_too_complex"]);
    expect(await quotaUsed(user.id)).toBe(0);
  });

  it("fails too_large when a page's Markdown would pass the format cap (short links under a 2 KB <base>), free", async () => {
    const user = await createRunUser();
    const answer = await submitRun(user, webPageId, { url: `${site.url}/hostile/long-base-links?n=10000` });
    expect([answer.status, answer.body.code]).toEqual([422, "too_large"]);
    expect(await quotaUsed(user.id)).toBe(0);
  });
});
