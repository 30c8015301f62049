// GET /api/runs/{id}/screenshot: a rendered run's PNG for its owner only, while the run's results are kept.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { RESULT_RETENTION_DAYS } from "@/lib/runs/retention";
import { saveRunScreenshot } from "@/lib/runs/screenshots";
import { bearer, callRoute } from "@/test/support/requests";
import { createRunUser, type RunTestUser } from "@/test/support/runs";
import * as route from "./route";

let owner: RunTestUser;
let other: RunTestUser;
let scraperId: number;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

beforeAll(async () => {
  [owner, other] = await Promise.all([createRunUser("pro"), createRunUser("pro")]);
  scraperId = (await db.scraper.findUniqueOrThrow({ where: { slug: "ecommerce-products" } })).id;
});

async function runWithScreenshot(status: "success" | "failed", createdAt = new Date()) {
  const run = await db.scraperRun.create({
    data: { userId: owner.id, scraperId, url: "https://shop.example.com/p/1", status, rendered: true, createdAt },
  });
  await saveRunScreenshot(run.id, PNG);
  return run.id;
}

const read = (id: number, headers: Record<string, string>) =>
  callRoute(route.GET, { path: `/api/runs/${id}/screenshot`, headers, params: { id: String(id) } });

describe("GET /api/runs/{id}/screenshot", () => {
  it("answers the owner the PNG as it was taken, with the API key, a bearer token or the session", async () => {
    const id = await runWithScreenshot("success");
    for (const headers of [owner.keyHeaders, bearer(owner), { cookie: owner.cookie }]) {
      const res = await read(id, headers);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
    }
  });

  it("answers 404 to anyone else, for a run without one, a failed run and one past the retention period", async () => {
    const id = await runWithScreenshot("success");
    expect((await read(id, other.keyHeaders)).status).toBe(404);
    const plain = await db.scraperRun.create({
      data: { userId: owner.id, scraperId, url: "https://shop.example.com/p/2", status: "success" },
    });
    const failed = await runWithScreenshot("failed");
    const expired = await runWithScreenshot("success", new Date(Date.now() - (RESULT_RETENTION_DAYS + 1) * 86_400_000));
    for (const runId of [plain.id, failed, expired, 999_999_999]) {
      const res = await read(runId, owner.keyHeaders);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: "not_found" });
    }
  });

  it("needs a caller", async () => {
    const id = await runWithScreenshot("success");
    expect((await read(id, {})).status).toBe(401);
  });
});
