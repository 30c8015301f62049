import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLANS } from "@/lib/config/plans";
import { serve } from "@/lib/http";
import { db } from "@/lib/infra/db";
import { createRunLimits } from "@/lib/runs/limits";
import { OPEN_RUN_STATUSES } from "@/lib/runs/status";
import { usageMonth } from "@/lib/usage/summary";
import { type CrawlSite, startCrawlSite } from "@/test/support/crawl-site";
import { callJson } from "@/test/support/requests";
import { createRunUser, type RunTestUser } from "@/test/support/runs";
import { startWebhookReceiver, type WebhookReceiver } from "@/test/support/webhook-receiver";
import { cancelCrawlOperation, getCrawlOperation, makeMapSiteOperation, makeStartCrawlOperation } from "./operations";
import { crawlAcceptedSchema, crawlDetailSchema, mapResultSchema } from "./schema";

let site: CrawlSite;
let receiver: WebhookReceiver;
let scraperId: number;

beforeAll(async () => {
  site = await startCrawlSite();
  receiver = await startWebhookReceiver();
  scraperId = (await db.scraper.findUniqueOrThrow({ where: { slug: "news-articles" } })).id;
});

afterAll(async () => {
  await site.close();
  await receiver.close();
});

const limits = () => createRunLimits(`test-${randomUUID()}`);
const crawlRoute = serve(getCrawlOperation, cancelCrawlOperation);

function start(user: RunTestUser, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return callJson(serve(makeStartCrawlOperation(limits())).POST, {
    method: "POST",
    path: "/api/crawls",
    headers: { ...user.keyHeaders, ...headers },
    body: { scraper_id: scraperId, ...body },
  });
}

function read(user: RunTestUser, id: number, query = "") {
  return callJson(crawlRoute.GET, { path: `/api/crawls/${id}${query}`, headers: user.keyHeaders, params: { id: String(id) } });
}

async function finished(user: RunTestUser, id: number) {
  await expect
    .poll(async () => (await read(user, id)).body.status, { timeout: 60_000, interval: 100 })
    .toMatch(/^(completed|cancelled|failed)$/);
  return (await read(user, id, "?page_size=1000")).body;
}

const pathsOf = (pages: { url: string }[]) => pages.map((page) => new URL(page.url).pathname + new URL(page.url).search).sort();

async function quotaUsed(userId: number): Promise<number> {
  const row = await db.monthlyUsage.findUnique({ where: { userId_month: { userId, month: usageMonth() } } });
  return row?.successfulRuns ?? 0;
}

describe("POST /api/crawls", () => {
  it("crawls the site: each page once, robots.txt honoured, duplicates and other hosts counted, webhooks per page", async () => {
    const user = await createRunUser("pro");
    const answer = await start(user, {
      url: `${site.url}/`,
      limit: 20,
      max_depth: 2,
      exclude_paths: ["/calendar"],
      webhook_url: `${receiver.url}/crawl-1`,
    });
    expect(answer.status).toBe(202);
    expect(crawlAcceptedSchema.strict().parse(answer.body)).toEqual(answer.body);
    expect(answer.headers.get("location")).toBe(answer.body.status_url);
    const crawl = await finished(user, answer.body.id);
    expect(crawlDetailSchema.strict().parse(crawl)).toEqual(crawl);
    expect(crawl.status).toBe("completed");
    expect(pathsOf(crawl.pages)).toEqual(["/", "/a", "/b", "/c", "/from-sitemap"]);
    expect(
      crawl.pages.every((page: { status: string; run_id: number | null }) => page.status === "succeeded" && page.run_id),
    ).toBe(true);
    expect(crawl).toMatchObject({ discovered: 5, succeeded: 5, failed: 0, queued: 0, running: 0, stopped_reason: null });
    expect(crawl.skipped.robots).toBeGreaterThanOrEqual(2); // /private/secret and the sitemap's /private/in-sitemap
    expect(crawl.skipped.off_host).toBe(3);
    expect(crawl.skipped.excluded).toBe(1);
    expect(crawl.skipped.duplicate).toBeGreaterThanOrEqual(4);
    // Never asked for: the disallowed paths.
    expect(site.requested().some((path) => path.startsWith("/private/"))).toBe(false);
    // One run per page, each charged once.
    const runs = await db.scraperRun.findMany({
      where: { userId: user.id },
      select: { apiKeyId: true, originKind: true, originId: true },
    });
    expect(runs).toHaveLength(5);
    // Runs on the crawl's behalf: no API key, the crawl as their origin.
    expect(runs.every((run) => run.apiKeyId === null && run.originKind === "crawl" && run.originId === crawl.id)).toBe(true);
    expect(await quotaUsed(user.id)).toBe(5);
    // A crawl.page per page, then crawl.completed.
    await expect.poll(() => receiver.received("/crawl-1").length, { timeout: 20_000 }).toBe(6);
    const events = receiver.received("/crawl-1").map((delivery) => JSON.parse(delivery.body));
    expect(events.filter((event) => event.type === "crawl.page")).toHaveLength(5);
    expect(events.at(-1)).toMatchObject({ type: "crawl.completed", data: { id: crawl.id, status: "completed", succeeded: 5 } });
  });

  it("pages through a crawl's pages with an opaque cursor, none lost or repeated", async () => {
    const user = await createRunUser("pro");
    const { body } = await start(user, { url: `${site.url}/`, limit: 20, max_depth: 2, exclude_paths: ["/calendar"] });
    const all = (await finished(user, body.id)).pages;
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const answer = await read(user, body.id, `?page_size=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(answer.status).toBe(200);
      expect(answer.body.pages.length).toBeLessThanOrEqual(2);
      seen.push(...answer.body.pages.map((page: { id: number }) => page.id));
      cursor = answer.body.next;
    } while (cursor);
    expect(seen).toEqual(all.map((page: { id: number }) => page.id));
    expect((await read(user, body.id, "?cursor=not-ours")).status).toBe(400);
  });

  it("refuses links to private addresses one by one, counting them, when other hosts are allowed", async () => {
    const user = await createRunUser("pro");
    const { body } = await start(user, {
      url: `${site.url}/`,
      limit: 3,
      max_depth: 1,
      same_host: false,
      sitemap: "skip",
      include_paths: ["/a", "/admin"],
    });
    const crawl = await finished(user, body.id);
    // 10.0.0.1/admin matches include_paths: refused for its address, not fetched; 192.168.1.1/ is excluded first.
    expect(crawl.skipped.private_address).toBe(1);
    expect(pathsOf(crawl.pages)).toEqual(["/", "/a"]);
  });

  it("bounds traps: an endless calendar stops at the limit, a page of 10,000 links adds only what the limit leaves", async () => {
    const user = await createRunUser("pro");
    const calendar = await start(user, { url: `${site.url}/calendar?year=2026&month=1`, limit: 8, sitemap: "skip" });
    const many = await start(user, { url: `${site.url}/many`, limit: 10, max_depth: 1, sitemap: "skip" });
    const crawled = await finished(user, calendar.body.id);
    expect(crawled).toMatchObject({ status: "completed", stopped_reason: "limit", discovered: 8, succeeded: 8 });
    const wide = await finished(user, many.body.id);
    expect(wide).toMatchObject({ status: "completed", stopped_reason: "limit", discovered: 10 });
    expect(wide.skipped.limit).toBe(10_000 - 9);
  });

  it("stops cleanly at the quota: completed with stopped_reason quota, never charging past it", async () => {
    const user = await createRunUser("free");
    await db.monthlyUsage.create({ data: { userId: user.id, month: usageMonth(), successfulRuns: PLANS.free.monthlyRuns - 2 } });
    const { body } = await start(user, { url: `${site.url}/`, limit: 20, max_depth: 2, exclude_paths: ["/calendar"] });
    const crawl = await finished(user, body.id);
    expect(crawl).toMatchObject({ status: "completed", stopped_reason: "quota", succeeded: 2, queued: 0, running: 0 });
    expect(crawl.pages.filter((page: { status: string }) => page.status === "cancelled").length).toBeGreaterThan(0);
    expect(await quotaUsed(user.id)).toBe(PLANS.free.monthlyRuns);
  });

  it("fails, with crawl.failed saying why, when no page could be crawled: the start page's error, or its skip", async () => {
    const user = await createRunUser("pro");
    const missing = await start(user, {
      url: `${site.url}/gone`,
      sitemap: "skip",
      webhook_url: `${receiver.url}/crawl-failed`,
    });
    const failed = await finished(user, missing.body.id);
    expect(failed).toMatchObject({ status: "failed", succeeded: 0, failed: 1, error: { code: "upstream_error" } });
    expect(failed.error.message).toContain(`${site.url}/gone`);
    await expect.poll(() => receiver.received("/crawl-failed").length, { timeout: 20_000 }).toBe(2);
    const events = receiver.received("/crawl-failed").map((delivery) => JSON.parse(delivery.body));
    expect(events.map((event) => event.type)).toEqual(["crawl.page", "crawl.failed"]);
    expect(events[1].data).toMatchObject({ id: failed.id, status: "failed", error: { code: "upstream_error" } });
    // The start URL disallowed by robots.txt: never requested, nothing run, the reason named.
    const disallowed = await start(user, { url: `${site.url}/private/start`, sitemap: "skip" });
    const skipped = await finished(user, disallowed.body.id);
    expect(skipped).toMatchObject({ status: "failed", discovered: 0, error: { code: "nothing_to_crawl" } });
    expect(skipped.skipped.robots).toBe(1);
    expect(site.requested()).not.toContain("/private/start");
    expect(await quotaUsed(user.id)).toBe(0);
  });

  it("answers 400 naming the field for every bad input, and starts nothing", async () => {
    const user = await createRunUser("free");
    const cases: [Record<string, unknown>, string][] = [
      [{ url: "ftp://example.com/" }, "url"],
      [{ url: `${site.url}/`, limit: PLANS.free.crawlPages + 1 }, "limit"],
      [{ url: `${site.url}/`, limit: 0 }, "limit"],
      [{ url: `${site.url}/`, max_depth: -1 }, "max_depth"],
      [{ url: `${site.url}/`, include_paths: ["^/(?=a)"] }, "include_paths.0"],
      [{ url: `${site.url}/`, exclude_paths: "/a" }, "exclude_paths"],
      [{ url: `${site.url}/`, sitemap: "sometimes" }, "sitemap"],
      [{ url: `${site.url}/`, same_host: "yes" }, "same_host"],
      [{ url: `${site.url}/`, webhook_url: "not a url" }, "webhook_url"],
    ];
    for (const [body, field] of cases) {
      const answer = await start(user, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe("validation_error");
      expect(answer.body.issues.map((issue: { path: string }) => issue.path)).toContain(field);
    }
    expect(await db.crawl.count({ where: { userId: user.id } })).toBe(0);
  });

  it("answers a retried start with the same Idempotency-Key with the first crawl, never a second one", async () => {
    const user = await createRunUser("pro");
    const key = { "idempotency-key": `crawl-${randomUUID()}` };
    const body = { url: `${site.url}/c`, limit: 1, sitemap: "skip" };
    const first = await start(user, body, key);
    expect(first.status).toBe(202);
    const again = await start(user, body, key);
    expect(again.status).toBe(202);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("location")).toBe(first.body.status_url);
    const otherBody = await start(user, { ...body, limit: 2 }, key);
    expect(otherBody.status).toBe(422);
    expect(otherBody.body.code).toBe("idempotency_key_reused");
    expect(await db.crawl.count({ where: { userId: user.id } })).toBe(1);
    await finished(user, first.body.id);
  });

  it("starts no more crawls at once than the plan runs when starts arrive together", async () => {
    const slow = await startCrawlSite({ pageDelayMs: 2_000 });
    try {
      const user = await createRunUser("free");
      const answers = await Promise.all(
        Array.from({ length: PLANS.free.activeCrawls + 4 }, () =>
          start(user, { url: `${slow.url}/`, limit: 5, sitemap: "skip" }),
        ),
      );
      const accepted = answers.filter((answer) => answer.status === 202);
      expect(accepted).toHaveLength(PLANS.free.activeCrawls);
      expect(answers.filter((answer) => answer.status === 409).map((answer) => answer.body.code)).toEqual(
        Array(4).fill("crawl_limited"),
      );
      expect(await db.crawl.count({ where: { userId: user.id } })).toBe(PLANS.free.activeCrawls);
      for (const { body } of accepted) {
        await callJson(crawlRoute.DELETE, {
          method: "DELETE",
          path: `/api/crawls/${body.id}`,
          headers: user.keyHeaders,
          params: { id: String(body.id) },
        });
        await finished(user, body.id);
      }
    } finally {
      await slow.close();
    }
  });

  it("refuses rendering the plan does not allow (403 plan_required) before anything starts, not on every page", async () => {
    const user = await createRunUser("free");
    const answer = await start(user, { url: `${site.url}/`, render: true });
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe("plan_required");
    expect(await db.crawl.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe("DELETE /api/crawls/{id}", () => {
  it("cancels: pages not started are never run nor charged", async () => {
    const slow = await startCrawlSite({ pageDelayMs: 300 });
    try {
      const user = await createRunUser("pro");
      const { body } = await start(user, { url: `${slow.url}/many`, limit: 50, max_depth: 1, sitemap: "skip" });
      await expect.poll(async () => (await read(user, body.id)).body.succeeded, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
      const cancelled = await callJson(crawlRoute.DELETE, {
        method: "DELETE",
        path: `/api/crawls/${body.id}`,
        headers: user.keyHeaders,
        params: { id: String(body.id) },
      });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ status: "cancelled", queued: 0, running: 0 });
      await finished(user, body.id);
      // A page whose run was being submitted at the cancel gets that run cancelled (its quota given back) a
      // moment later: the books are read once no run of the crawl is open.
      await expect
        .poll(() => db.scraperRun.count({ where: { userId: user.id, status: { in: [...OPEN_RUN_STATUSES] } } }), {
          timeout: 30_000,
        })
        .toBe(0);
      const crawl = (await read(user, body.id, "?page_size=1000")).body;
      expect(crawl.succeeded).toBeLessThan(50);
      // Charged: only the pages that succeeded.
      expect(await quotaUsed(user.id)).toBe(crawl.succeeded);
      const again = await callJson(crawlRoute.DELETE, {
        method: "DELETE",
        path: `/api/crawls/${body.id}`,
        headers: user.keyHeaders,
        params: { id: String(body.id) },
      });
      expect(again.status).toBe(409);
    } finally {
      await slow.close();
    }
  });

  it("is the owner's only", async () => {
    const owner = await createRunUser("pro");
    const other = await createRunUser("pro");
    const { body } = await start(owner, { url: `${site.url}/c`, limit: 1, sitemap: "skip" });
    expect((await read(other, body.id)).status).toBe(404);
    await finished(owner, body.id);
  });
});

describe("POST /api/map", () => {
  it("lists the site's URLs from its sitemaps and first pages, without running anything", async () => {
    const user = await createRunUser("free");
    const answer = await callJson(serve(makeMapSiteOperation(limits())).POST, {
      method: "POST",
      path: "/api/map",
      headers: user.keyHeaders,
      body: { url: `${site.url}/` },
    });
    expect(answer.status).toBe(200);
    expect(mapResultSchema.strict().parse(answer.body)).toEqual(answer.body);
    const paths = answer.body.urls.map((url: string) => new URL(url).pathname);
    expect(paths).toEqual(expect.arrayContaining(["/", "/a", "/b", "/from-sitemap"]));
    expect(paths.some((path: string) => path.startsWith("/private/"))).toBe(false);
    expect(answer.body.skipped.robots).toBeGreaterThanOrEqual(1);
    expect(await db.scraperRun.count({ where: { userId: user.id } })).toBe(0);
  });

  it("answers 400 naming the field", async () => {
    const user = await createRunUser("free");
    const answer = await callJson(serve(makeMapSiteOperation(limits())).POST, {
      method: "POST",
      path: "/api/map",
      headers: user.keyHeaders,
      body: { url: `${site.url}/`, limit: 0 },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.issues[0].path).toBe("limit");
  });
});
