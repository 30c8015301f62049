// GET and DELETE /api/runs/{id}, the cheap authenticated calls a scraper client makes between runs: every case
// against the route's handlers and through the edge's fast path (test/support/fast-path.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { deleteApiKey } from "@/lib/api-keys/keys";
import { db } from "@/lib/infra/db";
import { emptyBaseItem } from "@/lib/scrapers/types";
import { servedBothWays } from "@/test/support/fast-path";
import { bearer, callRoute } from "@/test/support/requests";
import { createRunUser, type RunTestUser } from "@/test/support/runs";
import * as route from "./route";

let owner: RunTestUser;
let productScraper: number;

beforeAll(async () => {
  owner = await createRunUser();
  productScraper = (await db.scraper.findUniqueOrThrow({ where: { slug: "ecommerce-products" } })).id;
});

async function recordedRun(status: "success" | "queued") {
  return db.scraperRun.create({
    data: {
      userId: owner.id,
      scraperId: productScraper,
      url: "https://shop.example.com/p/1",
      status,
      ...(status === "success"
        ? {
            itemCount: 1,
            durationMs: 120,
            resultData: JSON.stringify([{ ...emptyBaseItem(), title: "Item" }]),
            finishedAt: new Date(),
          }
        : {}),
    },
  });
}

describe.each(servedBothWays({ GET: route.GET, DELETE: route.DELETE }))("/api/runs/{id} (%s)", (_servedAs, { GET, DELETE }) => {
  const read = (id: string | number, headers: Record<string, string>) =>
    callRoute(GET, { path: `/api/runs/${id}`, headers, params: { id: String(id) } });

  it("shows the caller's run with the API key the run was submitted with, a bearer token or the session cookie", async () => {
    const { id } = await recordedRun("success");
    for (const headers of [owner.keyHeaders, bearer(owner), { cookie: owner.cookie }]) {
      const res = await read(id, headers);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ id, status: "success", item_count: 1, data: [{ title: "Item" }] });
    }
  });

  it("answers 401 unauthorized without credentials and with one that is neither an API key nor a token", async () => {
    const { id } = await recordedRun("success");
    for (const headers of [{}, { authorization: "Bearer sdeck_nope" }] as Record<string, string>[]) {
      const res = await read(id, headers);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: "unauthorized" });
    }
  });

  it("refuses a deleted key from the next request on", async () => {
    const user = await createRunUser();
    const key = await db.apiKey.findFirstOrThrow({ where: { userId: user.id } });
    const { id } = await db.scraperRun.create({ data: { userId: user.id, scraperId: productScraper, url: "https://a.example" } });
    expect((await read(id, user.keyHeaders)).status).toBe(200);
    await deleteApiKey(user.id, key.id);
    const res = await read(id, user.keyHeaders);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: "invalid_api_key" });
  });

  it("answers 404 for someone else's run, a missing one and a malformed id", async () => {
    const { id } = await recordedRun("success");
    const stranger = await createRunUser();
    for (const asked of [String(id), "999999", "abc", "0"]) {
      const res = await read(asked, stranger.keyHeaders);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: "not_found" });
    }
  });

  it("cancels a queued run with the API key; a finished one answers 409 not_cancellable", async () => {
    const queued = await recordedRun("queued");
    const cancel = (id: number) =>
      callRoute(DELETE, { method: "DELETE", path: `/api/runs/${id}`, headers: owner.keyHeaders, params: { id: String(id) } });
    const cancelled = await cancel(queued.id);
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ id: queued.id, status: "cancelled" });
    const finished = await recordedRun("success");
    const refused = await cancel(finished.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: "not_cancellable" });
  });

  it("answers with the same headers, errors included, whichever way it is served", async () => {
    const { id } = await recordedRun("success");
    for (const res of [await read(id, owner.keyHeaders), await read("999999", owner.keyHeaders), await read(id, {})]) {
      const names = [...res.headers.keys()].filter(
        (name) => !["connection", "content-length", "date", "keep-alive"].includes(name),
      );
      expect(names.sort()).toEqual(["cache-control", "content-type", "x-request-id"]);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    }
  });
});
