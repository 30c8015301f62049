// Runs that end while Redis is down (docs/architecture.md#recovery): a run's end and what follows from it (its
// webhook event, its batch's completion and batch.completed) are recorded in the database transaction of its
// outcome, never behind a Redis call; the events go out once Redis is back. On BullMQ with a Redis of this file's
// own (test/support/redis-server.ts), killed and started again here: never the shared one other suites use.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const redis = await vi.hoisted(async () => {
  const { redisServer } = await import("@/test/support/redis-server");
  const server = redisServer();
  // Read by lib/infra/env.ts when first imported, below: this process's queue and workers use this Redis.
  process.env.REDIS_URL = server.url;
  process.env.RUN_WORKERS_IN_APP = "1";
  await server.start();
  return server;
});

import { randomUUID } from "node:crypto";
import { PLANS } from "@/lib/config/plans";
import { db } from "@/lib/infra/db";
import { checkQueue } from "@/lib/infra/jobs/queue";
import { RECOVER_AFTER_MS, recoverWebhooks } from "@/lib/webhooks/deliveries";
import { type FixtureServer, startFixtureServer } from "@/test/support/fixture-server";
import { type HeldSite, startHeldSite } from "@/test/support/held-site";
import { callJson } from "@/test/support/requests";
import { batchEndpoint, createRunUser, type RunTestUser, runScraperEndpoint } from "@/test/support/runs";
import { startWebhookReceiver, type WebhookReceiver } from "@/test/support/webhook-receiver";
import { submitBatch } from "./batches";
import { createRunLimits } from "./limits";
import { processRun } from "./process";
import { RUNS_QUEUE } from "./queue";
import { REQUEUE_AFTER_MS, recoverRuns } from "./recovery";
import { findRunnableScraper } from "./run";
import { startRunWorkers } from "./workers";

let site: FixtureServer;
let heldSite: HeldSite;
let receiver: WebhookReceiver;
let scraperId: number;

describe("a run that ends while Redis is down", () => {
  beforeAll(async () => {
    site = await startFixtureServer();
    heldSite = await startHeldSite();
    receiver = await startWebhookReceiver();
    scraperId = (await db.scraper.findUniqueOrThrow({ where: { slug: "ecommerce-products" } })).id;
  });

  afterAll(async () => {
    await startRunWorkers().close();
    await receiver?.close();
    await heldSite?.close();
    await site?.close();
    await redis.kill();
  });

  const call = (endpoint: typeof batchEndpoint, kind: "run" | "batch", user: RunTestUser, body: unknown) =>
    callJson(endpoint(createRunLimits(`test-${randomUUID()}`)), {
      method: "POST",
      path: `/api/scrapers/${scraperId}/${kind}`,
      headers: user.keyHeaders,
      body,
      params: { id: String(scraperId) },
    });

  const statusOf = async (id: number) => (await db.scraperRun.findUniqueOrThrow({ where: { id } })).status;

  it("answers submissions while Redis is down 503 with Retry-After; the same Idempotency-Key then succeeds", async () => {
    const user = await createRunUser("pro");
    const key = `retry-${randomUUID()}`;
    const submit = () =>
      callJson(runScraperEndpoint(createRunLimits(`test-${randomUUID()}`)), {
        method: "POST",
        path: `/api/scrapers/${scraperId}/run`,
        headers: { ...user.keyHeaders, "idempotency-key": key },
        body: { url: `${site.url}/product/jsonld.html`, async: true },
        params: { id: String(scraperId) },
      });
    await redis.kill();
    try {
      const refused = await submit();
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(refused.body).toEqual({
        message: expect.stringContaining("Redis"),
        code: "service_unavailable",
        request_id: expect.any(String),
      });
      // Nothing was accepted, nothing charged.
      expect(await db.scraperRun.count({ where: { userId: user.id } })).toBe(0);
    } finally {
      await redis.start();
    }
    // The limiter's connection reconnects on its own; the client's retry with the same key goes through.
    await expect.poll(async () => (await submit()).status, { timeout: 30_000 }).toBe(202);
    expect(await db.scraperRun.count({ where: { userId: user.id } })).toBe(1);
  }, 120_000);

  it("accepts a batch whose jobs Redis could not take: its runs stay queued, and run once recovery re-adds them", async () => {
    const user = await createRunUser("pro");
    const apiKey = await db.apiKey.findFirstOrThrow({ where: { userId: user.id } });
    const scraper = await findRunnableScraper(scraperId);
    const urls = [`${site.url}/product/jsonld.html`, `${site.url}/product/microdata.html`];
    await redis.kill();
    let batch: { id: number };
    try {
      // Past the rate limit (which needs Redis too): the batch and its runs are recorded, their jobs cannot be added.
      batch = await submitBatch({ userId: user.id, plan: PLANS.pro, apiKeyId: apiKey.id, scraper, request: { urls } });
      const runs = await db.scraperRun.findMany({ where: { batchId: batch.id } });
      expect(runs.map((run) => run.status)).toEqual(["queued", "queued"]);
    } finally {
      await redis.start();
    }
    // Recovery's pass once the runs have waited past REQUEUE_AFTER_MS.
    await expect
      .poll(
        () =>
          recoverRuns({ now: new Date(Date.now() + REQUEUE_AFTER_MS + 1000) }).then(
            () => true,
            () => false,
          ),
        {
          timeout: 30_000,
        },
      )
      .toBe(true);
    await expect
      .poll(async () => (await db.runBatch.findUniqueOrThrow({ where: { id: batch.id } })).completedAt, { timeout: 30_000 })
      .not.toBeNull();
    expect((await db.monthlyUsage.findFirstOrThrow({ where: { userId: user.id } })).successfulRuns).toBe(2);
  }, 120_000);

  it("records a batch whole or not at all: a run that cannot be recorded leaves no batch and no charge", async () => {
    const user = await createRunUser("pro");
    const scraper = await findRunnableScraper(scraperId);
    const urls = [`${site.url}/product/jsonld.html`, `${site.url}/product/microdata.html`];
    // No such API key: the runs' INSERT fails on its foreign key, after the quota and the batch row were written.
    await expect(
      submitBatch({ userId: user.id, plan: PLANS.pro, apiKeyId: 2_000_000_000, scraper, request: { urls } }),
    ).rejects.toThrow();
    expect(await db.runBatch.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.scraperRun.count({ where: { userId: user.id } })).toBe(0);
    expect((await db.monthlyUsage.findFirst({ where: { userId: user.id } }))?.successfulRuns ?? 0).toBe(0);
  });

  it("keeps a user within the plan's concurrency when Redis restarts empty under a running run", async () => {
    const user = await createRunUser();
    const first = await call(runScraperEndpoint, "run", user, { url: `${heldSite.url}/first`, async: true });
    await expect.poll(() => heldSite.held(), { timeout: 30_000 }).toBe(1);
    // Redis comes back with nothing: the slot the running run holds is forgotten.
    await redis.kill();
    await redis.start();
    await expect
      .poll(
        () =>
          checkQueue(RUNS_QUEUE).then(
            () => true,
            () => false,
          ),
        { timeout: 30_000 },
      )
      .toBe(true);
    const second = await call(runScraperEndpoint, "run", user, { url: `${heldSite.url}/second`, async: true });
    expect(second.status).toBe(202);
    // A free slot in Redis, but the user's one run is still running: the claim refuses, the job waits.
    expect(await processRun({ runId: second.body.id })).toEqual({ done: false, retryInMs: expect.any(Number) });
    expect(await statusOf(second.body.id)).toBe("queued");
    expect(heldSite.held()).toBe(1);
    heldSite.release();
    await expect.poll(() => statusOf(first.body.id), { timeout: 30_000 }).toBe("success");
    await expect.poll(() => heldSite.held(), { timeout: 30_000 }).toBe(1);
    heldSite.release();
    await expect.poll(() => statusOf(second.body.id), { timeout: 30_000 }).toBe("success");
    const ran = async (id: number) => db.scraperRun.findUniqueOrThrow({ where: { id } });
    const [a, b] = [await ran(first.body.id), await ran(second.body.id)];
    expect(b.startedAt?.getTime()).toBeGreaterThanOrEqual(a.finishedAt?.getTime() ?? Number.POSITIVE_INFINITY);
  }, 120_000);

  it("records its webhook event and its batch's completion with its outcome, and sends both once Redis is back", async () => {
    const user = await createRunUser("pro");
    const runHook = `/run/${randomUUID()}`;
    const batchHook = `/batch/${randomUUID()}`;

    // A batch whose first run ends now and whose last one is held; an async run with a webhook, held too.
    const batch = await call(batchEndpoint, "batch", user, {
      urls: [`${site.url}/product/jsonld.html`, `${heldSite.url}/batch`],
      webhook_url: `${receiver.url}${batchHook}`,
    });
    expect(batch.status).toBe(202);
    const [first, last] = await db.scraperRun.findMany({ where: { batchId: batch.body.id }, orderBy: { id: "asc" } });
    await expect.poll(() => statusOf(first?.id as number), { timeout: 30_000 }).toBe("success");
    const run = await call(runScraperEndpoint, "run", user, {
      url: `${heldSite.url}/run`,
      async: true,
      webhook_url: `${receiver.url}${runHook}`,
    });
    expect(run.status).toBe(202);
    await expect.poll(() => heldSite.held(), { timeout: 30_000 }).toBe(2);

    // Redis goes away while both runs fetch their pages; then the pages come and the runs end.
    await redis.kill();
    heldSite.release();
    await expect.poll(() => statusOf(run.body.id), { timeout: 30_000 }).toBe("success");
    await expect.poll(() => statusOf(last?.id as number), { timeout: 30_000 }).toBe("success");

    // Recorded with the outcomes, with Redis still down: the run's event, the batch's completion and its event.
    const runDeliveries = await db.webhookDelivery.findMany({ where: { runId: run.body.id } });
    expect(runDeliveries).toMatchObject([{ type: "run.succeeded", attempts: 0, deliveredAt: null }]);
    expect((await db.runBatch.findUniqueOrThrow({ where: { id: batch.body.id } })).completedAt).not.toBeNull();
    const batchDeliveries = await db.webhookDelivery.findMany({ where: { batchId: batch.body.id } });
    expect(batchDeliveries).toMatchObject([{ type: "batch.completed", attempts: 0, deliveredAt: null }]);
    expect(JSON.parse(batchDeliveries[0]?.payload ?? "{}")).toMatchObject({
      data: { id: batch.body.id, status: "completed", succeeded: 2, failed: 0 },
    });
    expect(receiver.received(runHook)).toHaveLength(0);

    // Redis is back, empty: the events' jobs never made it there. Recovery finds the rows pending and overdue
    // (as its periodic pass would a minute later) and adds their jobs; the workers send them.
    await redis.start();
    const later = new Date(Date.now() + RECOVER_AFTER_MS + 1000);
    await expect.poll(() => recoverWebhooks({ now: later }).catch(() => -1), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    await expect.poll(() => receiver.received(runHook).length, { timeout: 30_000 }).toBe(1);
    await expect.poll(() => receiver.received(batchHook).length, { timeout: 30_000 }).toBe(1);
    expect(JSON.parse(receiver.received(runHook)[0]?.body ?? "{}")).toMatchObject({
      id: runDeliveries[0]?.eventId,
      type: "run.succeeded",
      data: { id: run.body.id, status: "success", item_count: 1 },
    });
    expect(JSON.parse(receiver.received(batchHook)[0]?.body ?? "{}")).toMatchObject({
      id: batchDeliveries[0]?.eventId,
      type: "batch.completed",
    });
    await expect
      .poll(async () => (await db.webhookDelivery.findUniqueOrThrow({ where: { id: runDeliveries[0]?.id } })).deliveredAt, {
        timeout: 10_000,
      })
      .not.toBeNull();
  }, 120_000);
});
