import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { emptyBaseItem } from "@/lib/scrapers/types";
import { bearer, callRoute } from "@/test/support/requests";
import { createTestUser, type TestUser } from "@/test/support/users";
import { GET as getRun } from "./[id]/route";
import { GET as listRuns } from "./route";

const DAY_MS = 24 * 60 * 60 * 1000;

function call(handler: typeof listRuns, path: string, headers: Record<string, string>, params = {}) {
  return callRoute(handler, { path, headers, params });
}

async function scraperId(slug: string) {
  return (await db.scraper.findUniqueOrThrow({ where: { slug } })).id;
}

describe("GET /api/runs and /api/runs/{id}", () => {
  let owner: TestUser;
  let ownerHeaders: Record<string, string>;
  let runIds: number[];
  let productScraper: number;

  beforeAll(async () => {
    owner = await createTestUser();
    ownerHeaders = bearer(owner);
    productScraper = await scraperId("ecommerce-products");
    const base = Date.now() - 60 * 60 * 1000;
    runIds = [];
    for (let i = 0; i < 5; i++) {
      const run = await db.scraperRun.create({
        data: {
          userId: owner.id,
          scraperId: productScraper,
          url: `https://shop.example.com/p/${i}`,
          status: i === 3 ? "failed" : "success",
          itemCount: i === 3 ? 0 : 1,
          durationMs: 100 + i,
          errorCode: i === 3 ? "upstream_error" : null,
          error: i === 3 ? "The site answered 404 Not Found" : null,
          resultData: i === 3 ? null : JSON.stringify([{ ...emptyBaseItem(), title: `Item ${i}` }]),
          createdAt: new Date(base + i * 1000),
          finishedAt: new Date(base + i * 1000 + 100),
        },
      });
      runIds.push(run.id);
    }
    const stranger = await createTestUser();
    await db.scraperRun.create({
      data: { userId: stranger.id, scraperId: productScraper, url: "https://elsewhere.example.com" },
    });
  });

  it("answers 401 without a session or token", async () => {
    const res = await call(listRuns, "/api/runs", {});
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: "unauthorized" });
  });

  it("lists only the caller's runs, newest first, a page at a time", async () => {
    const first = await call(listRuns, "/api/runs?per_page=2", ownerHeaders);
    expect(first.status).toBe(200);
    const page1 = await first.json();
    expect(page1).toMatchObject({ page: 1, per_page: 2, total: 5, has_more: true });
    expect(page1.data.map((r: { id: number }) => r.id)).toEqual([runIds[4], runIds[3]]);
    expect(page1.data[1]).toEqual({
      id: runIds[3],
      scraper_id: productScraper,
      scraper_name: "E-commerce Product Scraper",
      status: "failed",
      url: "https://shop.example.com/p/3",
      item_count: 0,
      duration_ms: 103,
      error_code: "upstream_error",
      error: "The site answered 404 Not Found",
      rendered: false,
      created_at: expect.stringMatching(/Z$/),
      finished_at: expect.stringMatching(/Z$/),
    });
    expect(page1.data[0]).not.toHaveProperty("data");

    const last = await (await call(listRuns, "/api/runs?page=3&per_page=2", ownerHeaders)).json();
    expect(last).toMatchObject({ page: 3, total: 5, has_more: false });
    expect(last.data.map((r: { id: number }) => r.id)).toEqual([runIds[0]]);

    const all = await (await call(listRuns, "/api/runs", ownerHeaders)).json();
    expect(all).toMatchObject({ page: 1, per_page: 20, total: 5, has_more: false });
  });

  it("accepts the browser session cookie too", async () => {
    const res = await call(listRuns, "/api/runs?per_page=1", { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect((await res.json()).data.map((r: { id: number }) => r.id)).toEqual([runIds[4]]);
  });

  it.each(["page=0", "per_page=0", "per_page=101", "page=abc", "per_page=1.5"])("answers 400 for %s", async (query) => {
    const res = await call(listRuns, `/api/runs?${query}`, ownerHeaders);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "validation_error" });
  });

  it("shows one run with its items", async () => {
    const res = await call(getRun, `/api/runs/${runIds[4]}`, ownerHeaders, { id: String(runIds[4]) });
    expect(res.status).toBe(200);
    const run = await res.json();
    expect(run).toMatchObject({ id: runIds[4], status: "success", item_count: 1, data: [{ title: "Item 4" }] });
    expect(new Date(run.data_expires_at).getTime() - new Date(run.created_at).getTime()).toBe(7 * DAY_MS);
  });

  it("shows a failed run with its reason and no items", async () => {
    const run = await (await call(getRun, `/api/runs/${runIds[3]}`, ownerHeaders, { id: String(runIds[3]) })).json();
    expect(run).toMatchObject({ status: "failed", error_code: "upstream_error", data: null, data_expires_at: null });
  });

  it("stops serving items after 7 days, before any purge", async () => {
    const old = await db.scraperRun.create({
      data: {
        userId: owner.id,
        scraperId: productScraper,
        url: "https://shop.example.com/old",
        status: "success",
        itemCount: 1,
        resultData: JSON.stringify([{ ...emptyBaseItem(), title: "Old" }]),
        createdAt: new Date(Date.now() - 7 * DAY_MS - 1000),
      },
    });
    const run = await (await call(getRun, `/api/runs/${old.id}`, ownerHeaders, { id: String(old.id) })).json();
    expect(run).toMatchObject({ status: "success", item_count: 1, data: null });
    await db.scraperRun.delete({ where: { id: old.id } });
  });

  it("answers 404 for someone else's run, a missing one and a malformed id", async () => {
    const stranger = await createTestUser();
    const headers = bearer(stranger);
    for (const id of [String(runIds[0]), "999999", "abc", "0"]) {
      const res = await call(getRun, `/api/runs/${id}`, headers, { id });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: "not_found" });
    }
  });

  it("answers 401 for a single run without credentials", async () => {
    const res = await call(getRun, `/api/runs/${runIds[0]}`, {}, { id: String(runIds[0]) });
    expect(res.status).toBe(401);
  });
});
