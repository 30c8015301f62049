import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETE as deleteBatch, GET as getBatch } from "@/app/api/batches/[id]/route";
import { PLANS } from "@/lib/config/plans";
import { db } from "@/lib/infra/db";
import { batchAcceptedSchema, batchDetailSchema } from "@/lib/runs/batch-schema";
import { createRunLimits } from "@/lib/runs/limits";
import { usageMonth } from "@/lib/usage/summary";
import { type FixtureServer, startFixtureServer } from "@/test/support/fixture-server";
import { callJson } from "@/test/support/requests";
import { batchEndpoint, createRunUser, type RunTestUser, runScraperEndpoint } from "@/test/support/runs";

let site: FixtureServer;
let scraperId: number;

beforeAll(async () => {
  site = await startFixtureServer();
  scraperId = (await db.scraper.findUniqueOrThrow({ where: { slug: "ecommerce-products" } })).id;
});

afterAll(async () => {
  await site.close();
});

const limits = () => createRunLimits(`test-${randomUUID()}`);
const page = () => `${site.url}/product/jsonld.html`;

function post(
  endpoint: ReturnType<typeof batchEndpoint>,
  user: RunTestUser,
  body: unknown,
  headers: Record<string, string> = {},
  path = "batch",
) {
  return callJson(endpoint, {
    method: "POST",
    path: `/api/scrapers/${scraperId}/${path}`,
    headers: { ...user.keyHeaders, ...headers },
    body,
    params: { id: String(scraperId) },
  });
}

const readBatch = (user: RunTestUser, id: number) =>
  callJson(getBatch, { path: `/api/batches/${id}`, headers: user.keyHeaders, params: { id: String(id) } });

async function quotaUsed(userId: number): Promise<number> {
  const row = await db.monthlyUsage.findUnique({ where: { userId_month: { userId, month: usageMonth() } } });
  return row?.successfulRuns ?? 0;
}

describe("POST /api/scrapers/{id}/batch", () => {
  it("queues one run per URL and reports each outcome, failures included", async () => {
    const user = await createRunUser("pro");
    const answer = await post(batchEndpoint(limits()), user, { urls: [page(), `${site.url}/status/500`, page()] });
    expect(answer.status).toBe(202);
    expect(answer.body).toMatchObject({ id: expect.any(Number), status: "queued", total: 3, scraper_id: scraperId });
    expect(answer.headers.get("location")).toBe(answer.body.status_url);
    await expect.poll(async () => (await readBatch(user, answer.body.id)).body.status, { timeout: 30_000 }).toBe("completed");
    const batch = (await readBatch(user, answer.body.id)).body;
    expect(batchAcceptedSchema.strict().parse(answer.body)).toEqual(answer.body);
    expect(batchDetailSchema.strict().parse(batch)).toEqual(batch);
    // The runs' outcomes first, so a failure shows their error codes.
    expect(batch.runs.map((run: { status: string; error: unknown }) => [run.status, run.error])).toMatchObject([
      ["success", null],
      ["failed", { code: "upstream_error" }],
      ["success", null],
    ]);
    expect(batch).toMatchObject({ total: 3, succeeded: 2, failed: 1, finished_at: expect.any(String) });
    expect(batch.runs.map((run: { status: string }) => run.status)).toEqual(["success", "failed", "success"]);
    expect(batch.runs[1].error.code).toBe("upstream_error");
    expect(await quotaUsed(user.id)).toBe(2);
  });

  it("refuses a batch larger than the quota left with 402, queueing nothing", async () => {
    const user = await createRunUser();
    await db.monthlyUsage.create({ data: { userId: user.id, month: usageMonth(), successfulRuns: PLANS.free.monthlyRuns - 2 } });
    const answer = await post(batchEndpoint(limits()), user, { urls: [page(), page(), page()] });
    expect(answer.status).toBe(402);
    expect(answer.body.code).toBe("batch_exceeds_quota");
    expect(await quotaUsed(user.id)).toBe(PLANS.free.monthlyRuns - 2);
    expect(await db.scraperRun.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.runBatch.count({ where: { userId: user.id } })).toBe(0);
  });

  it("refuses an empty list, more than 100 URLs and a private webhook address, queueing nothing", async () => {
    const user = await createRunUser("business");
    const endpoint = batchEndpoint(limits());
    expect((await post(endpoint, user, { urls: [] })).status).toBe(400);
    expect((await post(endpoint, user, { urls: Array.from({ length: 101 }, page) })).status).toBe(400);
    const blocked = await post(endpoint, user, { urls: [page()], webhook_url: "http://169.254.169.254/hook" });
    expect(blocked.status).toBe(422);
    expect(blocked.body.code).toBe("blocked_webhook_url");
    expect(await db.scraperRun.count({ where: { userId: user.id } })).toBe(0);
  });

  it("cancels a batch's queued and running runs with DELETE, stops the running one and gives all their quota back", async () => {
    const user = await createRunUser();
    // Every page is slow, so whichever run the worker takes first (the queue does not promise an order) is still
    // running when the batch is cancelled, and the other two still wait.
    const slowPaths = [0, 1, 2].map(() => `/slow?ms=20000&batch=${randomUUID()}`);
    const answer = await post(batchEndpoint(limits()), user, { urls: slowPaths.map((path) => `${site.url}${path}`) });
    expect(await quotaUsed(user.id)).toBe(3);
    // A Free user runs one at a time: one page is running, the other two wait.
    const statuses = async () => (await readBatch(user, answer.body.id)).body.runs as Array<{ url: string; status: string }>;
    await expect
      .poll(async () => (await statuses()).map((run) => run.status).sort(), { timeout: 10_000 })
      .toEqual(["queued", "queued", "running"]);
    const running = (await statuses()).find((run) => run.status === "running") as { url: string };
    const slowPath = running.url.slice(site.url.length);
    // Running is recorded before the fetch goes out: cancel once the page has been asked for, to see it abandoned.
    await expect.poll(() => site.received(), { timeout: 10_000 }).toContain(slowPath);
    const cancelled = await callJson(deleteBatch, {
      method: "DELETE",
      path: `/api/batches/${answer.body.id}`,
      headers: user.keyHeaders,
      params: { id: String(answer.body.id) },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "cancelled", succeeded: 0, failed: 0 });
    expect(cancelled.body.runs.map((run: { status: string }) => run.status)).toEqual(["cancelled", "cancelled", "cancelled"]);
    expect(await quotaUsed(user.id)).toBe(0);
    await expect.poll(() => site.abandoned(), { timeout: 5000 }).toContain(slowPath);
    expect((await readBatch(user, answer.body.id)).body.status).toBe("cancelled");
    expect(await quotaUsed(user.id)).toBe(0);
  });
});

describe("Idempotency-Key", () => {
  it("answers the same key and body with the first answer, without running or charging again", async () => {
    const user = await createRunUser("pro");
    const endpoint = runScraperEndpoint(limits());
    const key = { "idempotency-key": randomUUID() };
    const first = await post(endpoint, user, { url: page() }, key, "run");
    const second = await post(endpoint, user, { url: page() }, key, "run");
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await db.scraperRun.count({ where: { userId: user.id } })).toBe(1);
    expect(await quotaUsed(user.id)).toBe(1);
  });

  it("refuses the same key with another body (422) and while the first is in progress (409)", async () => {
    const user = await createRunUser("pro");
    const endpoint = runScraperEndpoint(limits());
    const key = { "idempotency-key": randomUUID() };
    const slow = post(endpoint, user, { url: `${site.url}/slow?ms=1500` }, key, "run");
    await expect.poll(() => db.scraperRun.count({ where: { userId: user.id } }), { timeout: 10_000 }).toBe(1);
    const during = await post(endpoint, user, { url: `${site.url}/slow?ms=1500` }, key, "run");
    expect(during.status).toBe(409);
    expect(during.body.code).toBe("idempotency_key_in_progress");
    expect((await slow).status).toBe(200);
    const reused = await post(endpoint, user, { url: page() }, key, "run");
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe("idempotency_key_reused");
    expect(await db.scraperRun.count({ where: { userId: user.id } })).toBe(1);
  });

  it("replays a batch's 202, and keys are per caller", async () => {
    const user = await createRunUser("pro");
    const other = await createRunUser("pro");
    const endpoint = batchEndpoint(limits());
    const key = { "idempotency-key": "same-key" };
    const first = await post(endpoint, user, { urls: [page()] }, key);
    const again = await post(endpoint, user, { urls: [page()] }, key);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get("location")).toBe(first.body.status_url);
    const theirs = await post(endpoint, other, { urls: [page()] }, key);
    expect(theirs.body.id).not.toBe(first.body.id);
    expect(await db.runBatch.count({ where: { userId: user.id } })).toBe(1);
  });
});
