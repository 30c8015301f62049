import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETE as deleteRun, GET as getRun } from "@/app/api/runs/[id]/route";
import { db } from "@/lib/infra/db";
import { createRunLimits } from "@/lib/runs/limits";
import { RUN_LEASE_MS } from "@/lib/runs/process";
import { recoverRuns } from "@/lib/runs/recovery";
import { runAcceptedSchema, runDetailSchema } from "@/lib/runs/schema";
import { usageMonth } from "@/lib/usage/summary";
import { type FixtureServer, startFixtureServer } from "@/test/support/fixture-server";
import { bearer, callJson } from "@/test/support/requests";
import { createRunUser, type RunTestUser, runScraperEndpoint } from "@/test/support/runs";

let site: FixtureServer;
let productScraperId: number;

beforeAll(async () => {
  site = await startFixtureServer();
  productScraperId = (await db.scraper.findUniqueOrThrow({ where: { slug: "ecommerce-products" } })).id;
});

afterAll(async () => {
  await site.close();
});

const productPage = () => `${site.url}/product/jsonld.html`;

function submit(user: RunTestUser, body: unknown, endpoint = runScraperEndpoint(createRunLimits(`test-${randomUUID()}`))) {
  const id = String(productScraperId);
  return callJson(endpoint, { method: "POST", path: `/api/scrapers/${id}/run`, headers: user.keyHeaders, body, params: { id } });
}

function readRun(user: RunTestUser, id: number, headers: Record<string, string> = user.keyHeaders) {
  return callJson(getRun, { path: `/api/runs/${id}`, headers, params: { id: String(id) } });
}

function cancel(user: RunTestUser, id: number) {
  return callJson(deleteRun, { method: "DELETE", path: `/api/runs/${id}`, headers: user.keyHeaders, params: { id: String(id) } });
}

async function quotaUsed(userId: number): Promise<number> {
  const row = await db.monthlyUsage.findUnique({ where: { userId_month: { userId, month: usageMonth() } } });
  return row?.successfulRuns ?? 0;
}

async function settled(user: RunTestUser, id: number) {
  await expect
    .poll(async () => (await readRun(user, id)).body.status, { timeout: 20_000 })
    .toMatch(/^(success|failed|cancelled)$/);
  return (await readRun(user, id)).body;
}

describe("async runs", () => {
  it("answers 202 with the run's status_url and Location, then the run's items at GET /api/runs/{id} with the API key", async () => {
    const user = await createRunUser();
    const answer = await submit(user, { url: productPage(), async: true });
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      status: "queued",
      scraper_id: productScraperId,
      url: productPage(),
      created_at: expect.any(String),
      status_url: expect.stringMatching(new RegExp(`/api/runs/${answer.body.id}$`)),
    });
    expect(answer.headers.get("location")).toBe(answer.body.status_url);
    expect(runAcceptedSchema.strict().parse(answer.body)).toEqual(answer.body);
    const run = await settled(user, answer.body.id);
    // safeParse, not parse-and-compare: an item's kind-specific fields are outside the schema (additionalProperties).
    expect(runDetailSchema.strict().safeParse(run).error).toBeUndefined();
    expect(run).toMatchObject({
      status: "success",
      item_count: 1,
      error: null,
      data: [{ title: expect.any(String) }],
      webhook: null,
    });
    expect(await quotaUsed(user.id)).toBe(1);
    // The session's bearer token reads it too.
    expect((await readRun(user, answer.body.id, bearer(user))).body.id).toBe(answer.body.id);
  });

  it("queues async runs beyond the plan's concurrency instead of refusing them", async () => {
    const user = await createRunUser();
    const first = await submit(user, { url: `${site.url}/slow?ms=1000`, async: true });
    const second = await submit(user, { url: productPage(), async: true });
    expect([first.status, second.status]).toEqual([202, 202]);
    expect((await settled(user, first.body.id)).status).toBe("success");
    expect((await settled(user, second.body.id)).status).toBe("success");
    const [a, b] = await db.scraperRun.findMany({ where: { userId: user.id }, orderBy: { id: "asc" } });
    // Free runs one at a time: the second started only after the first ended.
    expect(b?.startedAt?.getTime()).toBeGreaterThanOrEqual(a?.finishedAt?.getTime() ?? Infinity);
  });

  it("records a failed run's error as {code, message} and charges nothing", async () => {
    const user = await createRunUser();
    const answer = await submit(user, { url: `${site.url}/status/500`, async: true });
    const run = await settled(user, answer.body.id);
    expect(run).toMatchObject({ status: "failed", error: { code: "upstream_error", message: expect.any(String) }, data: null });
    expect(await quotaUsed(user.id)).toBe(0);
  });

  it("refuses a webhook_url without async and a non-http one, queueing nothing", async () => {
    const user = await createRunUser();
    expect((await submit(user, { url: productPage(), webhook_url: "https://example.com/hook" })).body.code).toBe(
      "validation_error",
    );
    expect((await submit(user, { url: productPage(), async: true, webhook_url: "ftp://example.com" })).status).toBe(400);
    expect(await db.scraperRun.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe("DELETE /api/runs/{id}", () => {
  it("cancels a queued run and gives its quota back; a finished one answers 409 not_cancellable", async () => {
    const user = await createRunUser();
    const running = await submit(user, { url: `${site.url}/slow?ms=3000`, async: true });
    // The second is submitted once the first holds the user's one slot: submitted together, either could take it
    // (two workers pick both jobs up), and the quick one would be over before the cancel.
    await expect.poll(async () => (await readRun(user, running.body.id)).body.status, { timeout: 10_000 }).toBe("running");
    const queued = await submit(user, { url: productPage(), async: true });
    expect(await quotaUsed(user.id)).toBe(2);
    const cancelled = await cancel(user, queued.body.id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "cancelled", error: { code: "cancelled" } });
    expect(await quotaUsed(user.id)).toBe(1);
    expect((await settled(user, running.body.id)).status).toBe("success");
    const refused = await cancel(user, running.body.id);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("not_cancellable");
    expect((await cancel(user, queued.body.id)).status).toBe(409);
    expect(await quotaUsed(user.id)).toBe(1);
  });

  it("cancels a running run: its fetch is abandoned, its quota and slot given back, and its worker records nothing", async () => {
    const user = await createRunUser();
    const slowPath = `/slow?ms=20000&run=${randomUUID()}`;
    const running = await submit(user, { url: `${site.url}${slowPath}`, async: true });
    await expect.poll(async () => (await readRun(user, running.body.id)).body.status, { timeout: 10_000 }).toBe("running");
    expect(await quotaUsed(user.id)).toBe(1);
    // Running is recorded before the fetch goes out: cancel once the page has been asked for, to see it abandoned.
    await expect.poll(() => site.received(), { timeout: 10_000 }).toContain(slowPath);
    const cancelled = await cancel(user, running.body.id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "cancelled", error: { code: "cancelled" }, data: null });
    expect(await quotaUsed(user.id)).toBe(0);
    // The worker hung up on the page instead of waiting out its 20 seconds.
    await expect.poll(() => site.abandoned(), { timeout: 5000 }).toContain(slowPath);
    // The user's one slot is free again: a Free user's next run starts and succeeds.
    const next = await submit(user, { url: productPage() });
    expect(next.status).toBe(200);
    expect(await quotaUsed(user.id)).toBe(1);
    expect((await readRun(user, running.body.id)).body).toMatchObject({
      status: "cancelled",
      data: null,
      error: { code: "cancelled" },
    });
    expect((await cancel(user, running.body.id)).status).toBe(409);
  });

  it("answers 404 for someone else's run", async () => {
    const owner = await createRunUser();
    const other = await createRunUser();
    const answer = await submit(owner, { url: productPage(), async: true });
    expect((await cancel(other, answer.body.id)).status).toBe(404);
    expect((await readRun(other, answer.body.id)).status).toBe(404);
    await settled(owner, answer.body.id);
  });
});

describe("synchronous runs", () => {
  it("answer 202 with the status_url when the run outlasts the wait, and the run goes on", async () => {
    const user = await createRunUser();
    const endpoint = runScraperEndpoint(createRunLimits(`test-${randomUUID()}`), { syncTimeoutMs: 200 });
    const answer = await submit(user, { url: `${site.url}/slow?ms=1500` }, endpoint);
    expect(answer.status).toBe(202);
    expect(answer.body).toMatchObject({
      id: expect.any(Number),
      status_url: expect.stringContaining(`/api/runs/${answer.body.id}`),
    });
    expect((await settled(user, answer.body.id)).status).toBe("success");
  });

  it.each([
    ["100,000 nested elements", "deep-dom?n=100000"],
    ["JSON-LD nested 60,000 deep", "deep-json-ld?n=60000"],
  ])("fail a page of %s with 422 page_too_complex, free", async (_name, page) => {
    const user = await createRunUser();
    const answer = await submit(user, { url: `${site.url}/hostile/${page}` });
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe("page_too_complex");
    expect(await quotaUsed(user.id)).toBe(0);
  });
});

describe("recovery after a crash or restart", () => {
  it("fails a run whose worker stopped renewing its lease worker_lost and gives its quota back", async () => {
    const user = await createRunUser();
    const scraper = await db.scraper.findUniqueOrThrow({ where: { id: productScraperId } });
    await db.monthlyUsage.create({ data: { userId: user.id, month: usageMonth(), successfulRuns: 1 } });
    const lost = await db.scraperRun.create({
      data: {
        userId: user.id,
        scraperId: scraper.id,
        url: productPage(),
        status: "running",
        quotaMonth: usageMonth(),
        startedAt: new Date(Date.now() - 2 * RUN_LEASE_MS),
        leaseUntil: new Date(Date.now() - RUN_LEASE_MS),
      },
    });
    await recoverRuns();
    expect(await db.scraperRun.findUniqueOrThrow({ where: { id: lost.id } })).toMatchObject({
      status: "failed",
      errorCode: "worker_lost",
    });
    expect(await quotaUsed(user.id)).toBe(0);
    // Settled once: a second pass changes nothing.
    await recoverRuns();
    expect(await quotaUsed(user.id)).toBe(0);
  });

  it("resumes runs left queued (a restart lost the queue)", async () => {
    const user = await createRunUser();
    await db.monthlyUsage.create({ data: { userId: user.id, month: usageMonth(), successfulRuns: 1 } });
    const left = await db.scraperRun.create({
      data: { userId: user.id, scraperId: productScraperId, url: productPage(), status: "queued", quotaMonth: usageMonth() },
    });
    await recoverRuns({ requeueOlderThanMs: 0 });
    expect((await settled(user, left.id)).status).toBe("success");
    expect(await quotaUsed(user.id)).toBe(1);
  });
});
