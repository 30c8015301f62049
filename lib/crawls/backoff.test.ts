// Crawls backing off when a site answers 429 or 503: the host paused (Retry-After honoured), the page tried again
// after the pause a bounded number of times and charged once, other hosts of the crawl going on meanwhile; and a
// host waiting out its robots.txt Crawl-delay holding back no other host's pages. Real
// HTTP servers (two hosts: two ports of 127.0.0.1), the real run pipeline and database, on whichever engine the
// test environment selects (SQLite in process, or PostgreSQL + Redis).
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serve } from "@/lib/http";
import { db } from "@/lib/infra/db";
import { createRunLimits } from "@/lib/runs/limits";
import { usageMonth } from "@/lib/usage/summary";
import { callJson } from "@/test/support/requests";
import { createRunUser, type RunTestUser } from "@/test/support/runs";
import { getCrawlOperation, makeStartCrawlOperation } from "./operations";
import { MAX_PAGE_RETRIES } from "./politeness";

interface Hit {
  path: string;
  at: number;
  status: number;
}

interface Host {
  url: string;
  /** Page requests (robots.txt aside), in order, with when they came and what they were answered. */
  hits: Hit[];
  close(): Promise<void>;
}

const page = (title: string, links: string[]) =>
  `<!doctype html><html><head><title>${title}</title><meta name="description" content="${title} page"></head><body><article><h1>${title}</h1><p>${title} is a page of the back-off fixture site with enough words to be read as an article body by the extractor.</p>${links.map((href) => `<a href="${href}">${href}</a>`).join(" ")}</article></body></html>`;

/**
 * A host whose pages are `pages[path]` (their links), answered 200, or what `refuse` says for that request (the
 * n-th page request of the host, from 0): a status and its headers. Its robots.txt is `robotsTxt`.
 */
async function startHost(
  pages: (origin: string) => Record<string, string[]>,
  refuse: (path: string, n: number) => { status: number; headers?: Record<string, string> } | null = () => null,
  robotsTxt = "User-agent: *\nAllow: /\n",
): Promise<Host> {
  const hits: Hit[] = [];
  const server: Server = createServer((req, res) => {
    const path = req.url ?? "/";
    if (path === "/robots.txt") return res.writeHead(200, { "content-type": "text/plain" }).end(robotsTxt);
    const at = Date.now();
    const refusal = refuse(path, hits.length);
    const links = pages(`http://${req.headers.host}`)[path];
    const status = refusal?.status ?? (links ? 200 : 404);
    hits.push({ path, at, status });
    if (refusal)
      return res.writeHead(refusal.status, { "content-type": "text/html", ...refusal.headers }).end("<h1>Slow down</h1>");
    if (!links) return res.writeHead(404, { "content-type": "text/html" }).end("<h1>Not found</h1>");
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page(path, links));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let scraperId: number;
const hosts: Host[] = [];

beforeAll(async () => {
  scraperId = (await db.scraper.findUniqueOrThrow({ where: { slug: "news-articles" } })).id;
});

afterAll(async () => {
  await Promise.all(hosts.map((host) => host.close()));
});

const crawlRoute = serve(getCrawlOperation);

async function crawl(user: RunTestUser, url: string) {
  const answer = await callJson(serve(makeStartCrawlOperation(createRunLimits(`test-${randomUUID()}`))).POST, {
    method: "POST",
    path: "/api/crawls",
    headers: user.keyHeaders,
    body: { scraper_id: scraperId, url, limit: 20, max_depth: 1, same_host: false, sitemap: "skip" },
  });
  expect(answer.status).toBe(202);
  const id = answer.body.id as number;
  const read = (query = "") =>
    callJson(crawlRoute.GET, { path: `/api/crawls/${id}${query}`, headers: user.keyHeaders, params: { id: String(id) } });
  await expect.poll(async () => (await read()).body.status, { timeout: 90_000, interval: 200 }).toMatch(/^(completed|failed)$/);
  return (await read("?page_size=1000")).body;
}

async function quotaUsed(userId: number): Promise<number> {
  const row = await db.monthlyUsage.findUnique({ where: { userId_month: { userId, month: usageMonth() } } });
  return row?.successfulRuns ?? 0;
}

/** For each request of a path after the first: how long after that path's previous request it came, in ms. */
function gapsBeforeRetries(hits: Hit[]): { path: string; afterStatus: number; gapMs: number }[] {
  const last = new Map<string, Hit>();
  const gaps: { path: string; afterStatus: number; gapMs: number }[] = [];
  for (const hit of hits) {
    const previous = last.get(hit.path);
    if (previous) gaps.push({ path: hit.path, afterStatus: previous.status, gapMs: hit.at - previous.at });
    last.set(hit.path, hit);
  }
  return gaps;
}

const runsOf = (userId: number) =>
  db.scraperRun.findMany({
    where: { userId },
    select: { url: true, status: true, errorCode: true, upstreamStatus: true, upstreamRetryAfter: true },
    orderBy: { id: "asc" },
  });

describe("a crawl whose site answers 429 or 503", () => {
  it("pauses the host for its Retry-After and tries the pages again: all succeed, each charged once", async () => {
    const throttledRequests = 3;
    const site = await startHost(
      (origin) => ({ "/": [`${origin}/p1`, `${origin}/p2`, `${origin}/p3`], "/p1": [], "/p2": [], "/p3": [] }),
      // The start page is served; the next three page requests are told to come back in a second.
      (path, n) => (path !== "/" && n <= throttledRequests ? { status: 429, headers: { "retry-after": "1" } } : null),
    );
    hosts.push(site);
    const user = await createRunUser("pro");
    const result = await crawl(user, `${site.url}/`);

    expect(result).toMatchObject({ status: "completed", succeeded: 4, failed: 0 });
    expect(result.pages.every((p: { status: string }) => p.status === "succeeded")).toBe(true);
    // Each page shows how often it was sent back; its run is the one that succeeded.
    expect(result.pages.reduce((sum: number, p: { retries: number }) => sum + p.retries, 0)).toBe(throttledRequests);
    expect(site.hits.filter((hit) => hit.status === 429)).toHaveLength(throttledRequests);
    // The pause was honoured: a page asked again no sooner than the second the site asked for (a generous lower
    // bound for the clocks; no upper bound).
    const gaps = gapsBeforeRetries(site.hits);
    expect(gaps).toHaveLength(throttledRequests);
    for (const gap of gaps) {
      expect(gap.afterStatus).toBe(429);
      expect(gap.gapMs).toBeGreaterThanOrEqual(900);
    }
    // The refused runs failed with the site's answer as data, and gave their quota back: four pages, four charged.
    const runs = await runsOf(user.id);
    const refused = runs.filter((run) => run.status === "failed");
    expect(refused).toHaveLength(throttledRequests);
    expect(refused.every((run) => run.errorCode === "upstream_error" && run.upstreamStatus === 429)).toBe(true);
    expect(refused.every((run) => run.upstreamRetryAfter === 1)).toBe(true);
    expect(runs.filter((run) => run.status === "success")).toHaveLength(4);
    expect(await quotaUsed(user.id)).toBe(4);
  });

  it("gives a page that keeps answering 503 up after the bounded retries, while another host goes on unpaused", async () => {
    const down = await startHost(
      () => ({}),
      () => ({ status: 503, headers: { "retry-after": "2" } }),
    );
    // The start host links to the unavailable host's pages first, so they are ahead of its own in the frontier.
    const up = await startHost(() => ({ "/": [`${down.url}/x1`, `${down.url}/x2`, "/b1", "/b2"], "/b1": [], "/b2": [] }));
    hosts.push(down, up);
    const user = await createRunUser("pro");
    const result = await crawl(user, `${up.url}/`);

    expect(result).toMatchObject({ status: "completed", succeeded: 3, failed: 2 });
    const failed = result.pages.filter((p: { status: string }) => p.status === "failed");
    expect(failed.map((p: { url: string }) => new URL(p.url).pathname).sort()).toEqual(["/x1", "/x2"]);
    for (const p of failed) {
      expect(p.retries).toBe(MAX_PAGE_RETRIES);
      expect(p.error.code).toBe("upstream_error");
      expect(p.error.message).toContain("503");
    }
    // Each of its pages was asked 1 + MAX_PAGE_RETRIES times, each time after the pause the site asked for.
    expect(down.hits).toHaveLength(2 * (1 + MAX_PAGE_RETRIES));
    for (const gap of gapsBeforeRetries(down.hits)) expect(gap.gapMs).toBeGreaterThanOrEqual(1_900);
    // The other host was never paused: its pages were fetched while the unavailable one waited out its pauses,
    // not after them, and its state holds no pause.
    const lastDown = Math.max(...down.hits.map((hit) => hit.at));
    expect(up.hits.filter((hit) => hit.path.startsWith("/b")).every((hit) => hit.at < lastDown)).toBe(true);
    const state = JSON.parse((await db.crawl.findUniqueOrThrow({ where: { id: result.id } })).hosts ?? "{}");
    expect(state[new URL(up.url).host].pausedUntil ?? null).toBeNull();
    expect(state[new URL(down.url).host].pausedUntil).toBeGreaterThan(0);
    // Charged for the three pages scraped only: the eight refused runs gave their quota back.
    const runs = await runsOf(user.id);
    expect(runs.filter((run) => run.status === "failed" && run.upstreamStatus === 503)).toHaveLength(8);
    expect(await quotaUsed(user.id)).toBe(3);
  });
});

describe("a crawl over a host that asks for a Crawl-delay and one that does not", () => {
  it("fetches the other host's pages while the first waits out its delay, not after", async () => {
    const crawlDelaySeconds = 5;
    const other = await startHost(() => ({ "/b1": [], "/b2": [] }));
    // The slow host's own page comes first in the frontier, ahead of the other host's two.
    const slow = await startHost(
      (origin) => ({ "/": [`${origin}/a1`, `${other.url}/b1`, `${other.url}/b2`], "/a1": [] }),
      undefined,
      `User-agent: *\nCrawl-delay: ${crawlDelaySeconds}\n`,
    );
    hosts.push(other, slow);
    const user = await createRunUser("pro");
    const result = await crawl(user, `${slow.url}/`);

    expect(result).toMatchObject({ status: "completed", succeeded: 4, failed: 0 });
    const [start, a1] = slow.hits;
    expect([start?.path, a1?.path]).toEqual(["/", "/a1"]);
    // The delay was honoured. It is kept between the pages' claims, and the site sees each request once its run has
    // gone through the queue, which can take some hundreds of ms longer for one than the other under load: a
    // generous lower bound, and no upper bound.
    expect((a1?.at ?? 0) - (start?.at ?? 0)).toBeGreaterThanOrEqual(crawlDelaySeconds * 1000 * 0.8);
    // …and the pages queued behind /a1 on the other host did not wait for it.
    expect(other.hits.map((hit) => hit.path).sort()).toEqual(["/b1", "/b2"]);
    expect(other.hits.every((hit) => hit.at < (a1?.at ?? 0))).toBe(true);
  });
});
