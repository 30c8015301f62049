import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLANS } from "@/lib/config/plans";
import { db } from "@/lib/infra/db";
import { createRunLimits } from "@/lib/runs/limits";
import { usageMonth } from "@/lib/usage/summary";
import { servedBothWays } from "@/test/support/fast-path";
import { type FixtureServer, startFixtureServer } from "@/test/support/fixture-server";
import { callHandler, callRoute } from "@/test/support/requests";
import { createRunUser, type RunTestUser, runScraperEndpoint } from "@/test/support/runs";
import * as route from "./route";

let site: FixtureServer;
let productScraperId: number;
let realEstateScraperId: number;

beforeAll(async () => {
  site = await startFixtureServer();
  productScraperId = (await db.scraper.findUniqueOrThrow({ where: { slug: "ecommerce-products" } })).id;
  realEstateScraperId = (await db.scraper.findUniqueOrThrow({ where: { slug: "real-estate-listings" } })).id;
});

afterAll(async () => {
  await site.close();
});

const productPage = () => `${site.url}/product/jsonld.html`;

async function quotaUsed(userId: number): Promise<number> {
  const row = await db.monthlyUsage.findUnique({ where: { userId_month: { userId, month: usageMonth() } } });
  return row?.successfulRuns ?? 0;
}

async function runsOf(userId: number) {
  return db.scraperRun.findMany({ where: { userId }, orderBy: { id: "asc" } });
}

function expectRateLimitHeaders(res: Response, limit: number) {
  expect(res.headers.get("x-ratelimit-limit")).toBe(String(limit));
  expect(res.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
  expect(Number(res.headers.get("x-ratelimit-remaining"))).toBeLessThanOrEqual(limit);
  expect(res.headers.get("x-ratelimit-reset")).toMatch(/^\d+$/);
  expect(Number(res.headers.get("x-ratelimit-reset"))).toBeGreaterThan(Date.now() / 1000 - 1);
}

describe.each(servedBothWays({ GET: route.GET, POST: route.POST }))("served by the %s", (servedAs, { GET, POST }) => {
  /**
   * The endpoint with limiter counts of its own, so neither other tests nor earlier runs (in Redis) count. The fast
   * path serves the route's own limits: each test's user is new, so its counts start at zero there too.
   */
  const isolatedEndpoint = () => (servedAs === "fast path" ? POST : runScraperEndpoint(createRunLimits(`test-${randomUUID()}`)));

  function run(user: RunTestUser, body: unknown, options: { scraperId?: number | string; endpoint?: typeof POST } = {}) {
    const id = String(options.scraperId ?? productScraperId);
    return callRoute(options.endpoint ?? POST, {
      method: "POST",
      path: `/api/scrapers/${id}/run`,
      headers: user.keyHeaders,
      body,
      params: { id },
    });
  }

  describe("POST /api/scrapers/{id}/run", () => {
    it("scrapes the page, answers the documented shape and records the run", async () => {
      const user = await createRunUser();
      const res = await run(user, { url: productPage() });
      expect(res.status).toBe(200);
      expectRateLimitHeaders(res, PLANS.free.requestsPerMinute);
      const body = await res.json();
      expect(body).toEqual({
        id: expect.any(Number),
        status: "success",
        scraper_id: productScraperId,
        url: productPage(),
        data: [expect.objectContaining({ title: "Sonora Pro Wireless Headphones", price: 249.99, currency: "USD" })],
        rendered: false,
        duration_ms: expect.any(Number),
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      });
      for (const field of ["title", "price", "description", "rating", "reviews"]) expect(body.data[0]).toHaveProperty(field);

      const [recorded] = await runsOf(user.id);
      expect(recorded).toMatchObject({
        id: body.id,
        scraperId: productScraperId,
        apiKeyId: expect.any(Number),
        url: productPage(),
        status: "success",
        itemCount: 1,
        durationMs: body.duration_ms,
        errorCode: null,
        error: null,
      });
      expect(recorded?.finishedAt).toBeInstanceOf(Date);
      expect(JSON.parse(recorded?.resultData ?? "null")).toEqual(body.data);
      expect(await quotaUsed(user.id)).toBe(1);
    });

    it("adds the page's reviews with include_reviews", async () => {
      const user = await createRunUser();
      const res = await run(user, { url: productPage(), include_reviews: true });
      expect(res.status).toBe(200);
      const [item] = (await res.json()).data;
      expect(item.review_list.length).toBeGreaterThan(0);
      expect(item.review_list[0]).toEqual(
        expect.objectContaining({ author: expect.any(String), rating: expect.any(Number), body: expect.any(String) }),
      );
    });

    it.each([
      ["no Authorization header", {}, "missing_api_key"],
      ["a malformed key", { authorization: "Bearer sdeck_nope" }, "invalid_api_key"],
    ])("answers 401 with %s", async (_, headers, code) => {
      const res = await callRoute(POST, {
        method: "POST",
        path: `/api/scrapers/${productScraperId}/run`,
        headers,
        body: { url: productPage() },
        params: { id: String(productScraperId) },
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code });
    });

    it.each(["999999", "abc", "0"])("answers 404 for scraper %s, with the rate-limit headers", async (id) => {
      const user = await createRunUser();
      const res = await run(user, { url: productPage() }, { scraperId: id });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: "not_found", message: "Scraper not found" });
      expectRateLimitHeaders(res, PLANS.free.requestsPerMinute);
      expect(await runsOf(user.id)).toEqual([]);
    });

    it.each([
      ["malformed JSON", "{url:", "invalid_json"],
      ["no url", {}, "validation_error"],
      ["a blank url", { url: "  " }, "validation_error"],
      ["a url that is not a string", { url: 42 }, "validation_error"],
      ["include_reviews that is not a boolean", { url: "https://example.com", include_reviews: "yes" }, "validation_error"],
    ])("answers 400 for %s, recording nothing", async (_, body, code) => {
      const user = await createRunUser();
      const res = await run(user, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code });
      expectRateLimitHeaders(res, PLANS.free.requestsPerMinute);
      expect(await runsOf(user.id)).toEqual([]);
      expect(await quotaUsed(user.id)).toBe(0);
    });

    it("answers 413 for a body over the cap", async () => {
      const user = await createRunUser();
      const res = await run(user, { url: `https://example.com/${"x".repeat(70 * 1024)}` });
      expect(res.status).toBe(413);
    });

    it("answers 403 'This scraper requires the Pro plan' to a Free user on the Pro scraper, and lets Pro users in", async () => {
      const free = await createRunUser("free");
      const refused = await run(free, { url: productPage() }, { scraperId: realEstateScraperId });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: "plan_required", message: "This scraper requires the Pro plan" });
      expectRateLimitHeaders(refused, PLANS.free.requestsPerMinute);
      expect(await runsOf(free.id)).toEqual([]);

      const pro = await createRunUser("pro");
      const allowed = await run(pro, { url: `${site.url}/real_estate/jsonld.html` }, { scraperId: realEstateScraperId });
      expect(allowed.status).toBe(200);
      expect((await allowed.json()).data[0]).toMatchObject({ bedrooms: expect.any(Number), address: expect.any(String) });
      expectRateLimitHeaders(allowed, PLANS.pro.requestsPerMinute);
    });

    it("answers 402 quota_exceeded once the month's runs are used, recording nothing", async () => {
      const user = await createRunUser();
      await db.monthlyUsage.create({ data: { userId: user.id, month: usageMonth(), successfulRuns: PLANS.free.monthlyRuns } });
      const res = await run(user, { url: productPage() });
      expect(res.status).toBe(402);
      expect(await res.json()).toMatchObject({ code: "quota_exceeded" });
      expectRateLimitHeaders(res, PLANS.free.requestsPerMinute);
      expect(await runsOf(user.id)).toEqual([]);
      expect(await quotaUsed(user.id)).toBe(PLANS.free.monthlyRuns);
    });

    it.each([
      ["a page the site answers 404 for", () => `${site.url}/status/404`, 502, "upstream_error"],
      ["an answer that is not HTML", () => `${site.url}/not-html`, 422, "not_html"],
      ["a private address", () => "http://10.0.0.1/", 422, "blocked_address"],
      ["an address that is not a URL", () => "not a url", 400, "invalid_url"],
    ])("records a failed run for %s, answers its status and charges nothing", async (_, url, status, code) => {
      const user = await createRunUser();
      const res = await run(user, { url: url() });
      expect(res.status).toBe(status);
      const body = await res.json();
      expect(body).toMatchObject({ code, message: expect.any(String) });
      expectRateLimitHeaders(res, PLANS.free.requestsPerMinute);
      const [recorded] = await runsOf(user.id);
      expect(recorded).toMatchObject({ status: "failed", errorCode: code, error: body.message, itemCount: 0, resultData: null });
      expect(recorded?.durationMs).toEqual(expect.any(Number));
      expect(await quotaUsed(user.id)).toBe(0);
    });

    it("keeps a run going when its caller hangs up: it was accepted and is paid for, and its status can be read", async () => {
      const user = await createRunUser();
      const hangUp = new AbortController();
      const request = new Request(`http://localhost/api/scrapers/${productScraperId}/run`, {
        method: "POST",
        headers: { ...user.keyHeaders, "content-type": "application/json" },
        body: JSON.stringify({ url: `${site.url}/slow?ms=1000` }),
        signal: hangUp.signal,
      });
      const answer = callHandler(isolatedEndpoint(), request, { id: String(productScraperId) });
      await expect.poll(async () => (await runsOf(user.id)).map((r) => r.status), { timeout: 10_000 }).toEqual(["running"]);
      hangUp.abort();
      await answer.catch(() => null);
      await expect.poll(async () => (await runsOf(user.id)).map((r) => r.status), { timeout: 10_000 }).toEqual(["success"]);
      expect(await quotaUsed(user.id)).toBe(1);
    });

    it("answers GET with 405, Allow: POST and how to call it", async () => {
      const res = await callRoute(GET, {
        path: `/api/scrapers/${productScraperId}/run`,
        params: { id: String(productScraperId) },
      });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
      const body = await res.json();
      expect(body.code).toBe("method_not_allowed");
      expect(body.message).toContain("POST");
      expect(body.message).toContain("Authorization: Bearer <your API key>");
    });
    it("answers with the same headers, errors included, whichever way it is served", async () => {
      const user = await createRunUser();
      const answers = [
        await run(user, { url: productPage() }),
        await run(user, "{url:"),
        await run(user, {}, { scraperId: "999999" }),
      ];
      expect(answers.map((res) => res.status)).toEqual([200, 400, 404]);
      for (const res of answers) {
        const names = [...res.headers.keys()].filter(
          (name) => !["connection", "content-length", "date", "keep-alive"].includes(name),
        );
        expect(names.sort()).toEqual(
          [
            "cache-control",
            "content-type",
            "x-ratelimit-limit",
            "x-ratelimit-remaining",
            "x-ratelimit-reset",
            "x-request-id",
          ].sort(),
        );
        expect(res.headers.get("cache-control")).toBe("no-store");
        expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      }
      const unauthenticated = await callRoute(POST, {
        method: "POST",
        path: `/api/scrapers/${productScraperId}/run`,
        body: { url: productPage() },
        params: { id: String(productScraperId) },
      });
      expect(unauthenticated.status).toBe(401);
      expect(
        [...unauthenticated.headers.keys()].filter((name) => name.startsWith("x-") || name === "cache-control").sort(),
      ).toEqual(["cache-control", "x-request-id"]);
    });
  });

  describe("Idempotency-Key and async runs", () => {
    function runWith(user: RunTestUser, body: unknown, headers: Record<string, string>) {
      return callRoute(POST, {
        method: "POST",
        path: `/api/scrapers/${productScraperId}/run`,
        headers: { ...user.keyHeaders, ...headers },
        body,
        params: { id: String(productScraperId) },
      });
    }

    it("answers an async run 202 with its status_url as Location", async () => {
      const user = await createRunUser();
      const res = await run(user, { url: productPage(), async: true });
      expect(res.status).toBe(202);
      const body = await res.json();
      expect(body).toMatchObject({ status: "queued", scraper_id: productScraperId, url: productPage() });
      expect(res.headers.get("location")).toBe(body.status_url);
      expectRateLimitHeaders(res, PLANS.free.requestsPerMinute);
    });

    it("replays the first answer for the same key, says so, and runs (and charges) once", async () => {
      const user = await createRunUser();
      const key = { "idempotency-key": randomUUID() };
      const first = await runWith(user, { url: productPage() }, key);
      expect(first.status).toBe(200);
      expect(first.headers.get("idempotent-replayed")).toBeNull();
      const again = await runWith(user, { url: productPage() }, key);
      expect(again.status).toBe(200);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(await again.json()).toEqual(await first.json());
      const other = await runWith(user, { url: `${productPage()}?other` }, key);
      expect(other.status).toBe(422);
      expect(await other.json()).toMatchObject({ code: "idempotency_key_reused" });
      expect(await runsOf(user.id)).toHaveLength(1);
      expect(await quotaUsed(user.id)).toBe(1);
    });
  });

  describe("plan limits on runs", () => {
    it("answers the 11th request in a minute on Free with 429 rate_limited, Retry-After and X-RateLimit-*", async () => {
      const endpoint = isolatedEndpoint();
      const user = await createRunUser();
      const limit = PLANS.free.requestsPerMinute;
      for (let i = 1; i <= limit; i++) {
        const res = await run(user, { url: productPage() }, { endpoint });
        expect(res.status).toBe(200);
        expect(res.headers.get("x-ratelimit-remaining")).toBe(String(limit - i));
      }
      const res = await run(user, { url: productPage() }, { endpoint });
      expect(res.status).toBe(429);
      expect(await res.json()).toMatchObject({ code: "rate_limited" });
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(res.headers.get("x-ratelimit-limit")).toBe(String(limit));
      expect(res.headers.get("x-ratelimit-remaining")).toBe("0");
      expect(res.headers.get("x-ratelimit-reset")).toMatch(/^\d+$/);
      expect(Number(res.headers.get("x-ratelimit-reset"))).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
      // Throttled calls are free and leave no run behind.
      expect(await quotaUsed(user.id)).toBe(limit);
      expect(await runsOf(user.id)).toHaveLength(limit);
    });

    it("counts requests per user across all of their keys", async () => {
      const endpoint = isolatedEndpoint();
      const user = await createRunUser();
      const { createApiKey } = await import("@/lib/api-keys/keys");
      const second = { ...user, keyHeaders: { authorization: `Bearer ${(await createApiKey(user.id, {})).key}` } };
      for (let i = 0; i < PLANS.free.requestsPerMinute; i++) {
        expect((await run(i % 2 ? user : second, {}, { endpoint })).status).toBe(400);
      }
      expect((await run(second, { url: productPage() }, { endpoint })).status).toBe(429);
    });

    it("answers a second concurrent run on Free with 429 concurrency_limited while the first is in flight", async () => {
      const endpoint = isolatedEndpoint();
      const user = await createRunUser();
      const first = run(user, { url: `${site.url}/slow?ms=1500` }, { endpoint });
      // Wait until the first run is recorded as running: it holds the slot from before that until it ends.
      await expect.poll(async () => (await runsOf(user.id)).map((r) => r.status), { timeout: 10_000 }).toEqual(["running"]);
      const second = await run(user, { url: productPage() }, { endpoint });
      expect(second.status).toBe(429);
      expect(await second.json()).toMatchObject({ code: "concurrency_limited" });
      expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(0);
      expectRateLimitHeaders(second, PLANS.free.requestsPerMinute);
      expect((await first).status).toBe(200);
      // The slot is free again once the run ended, and the refused call cost nothing.
      expect((await run(user, { url: productPage() }, { endpoint })).status).toBe(200);
      expect(await quotaUsed(user.id)).toBe(2);
      expect(await runsOf(user.id)).toHaveLength(2);
    });

    it("releases the slot of a failed run", async () => {
      const endpoint = isolatedEndpoint();
      const user = await createRunUser();
      expect((await run(user, { url: `${site.url}/status/500` }, { endpoint })).status).toBe(502);
      expect((await run(user, { url: productPage() }, { endpoint })).status).toBe(200);
    });

    it("keeps the quota exact under 20 parallel runs near the limit", async () => {
      const endpoint = isolatedEndpoint();
      const user = await createRunUser("business");
      const plan = PLANS.business;
      await db.monthlyUsage.create({ data: { userId: user.id, month: usageMonth(), successfulRuns: plan.monthlyRuns - 3 } });
      const answers = await Promise.all(Array.from({ length: 20 }, () => run(user, { url: productPage() }, { endpoint })));
      const statuses = answers.map((res) => res.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(3);
      expect(statuses.filter((s) => s === 402)).toHaveLength(17);
      expect(await quotaUsed(user.id)).toBe(plan.monthlyRuns);
      expect(await runsOf(user.id)).toHaveLength(3);
    });

    it("keeps the quota exact when parallel runs near the limit fail: failures give their reservation back", async () => {
      const endpoint = isolatedEndpoint();
      const user = await createRunUser("business");
      const plan = PLANS.business;
      await db.monthlyUsage.create({ data: { userId: user.id, month: usageMonth(), successfulRuns: plan.monthlyRuns - 5 } });
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => run(user, { url: i % 2 ? productPage() : `${site.url}/status/503` }, { endpoint })),
      );
      const successes = answers.filter((res) => res.status === 200).length;
      expect(successes).toBeGreaterThan(0);
      expect(successes).toBeLessThanOrEqual(5);
      expect(await quotaUsed(user.id)).toBe(plan.monthlyRuns - 5 + successes);
    });
  });
});
