// PostgreSQL + Redis only: webhook deliveries as BullMQ jobs worked by real worker processes, with no workers in
// this process. BullMQ's own attempts and exponential backoff time the retries; the delivery row records them.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // This process only submits: the worker processes do the work. Read by lib/infra/env.ts when first imported.
  process.env.RUN_WORKERS_IN_APP = "0";
});

import { randomUUID } from "node:crypto";
import { Queue } from "bullmq";
import { GET as readSecret } from "@/app/api/webhooks/secret/route";
import { db } from "@/lib/infra/db";
import { env } from "@/lib/infra/env";
import { bullConnection } from "@/lib/infra/jobs/redis-options";
import { redisClient } from "@/lib/infra/rate-limit/redis";
import { createRunLimits } from "@/lib/runs/limits";
import { type FixtureServer, startFixtureServer } from "@/test/support/fixture-server";
import { callJson } from "@/test/support/requests";
import { createRunUser, type RunTestUser, runScraperEndpoint } from "@/test/support/runs";
import { startWebhookReceiver, type WebhookReceiver } from "@/test/support/webhook-receiver";
import { startWorkerProcess, type WorkerProcess } from "@/test/support/worker-process";
import { MAX_WEBHOOK_ATTEMPTS } from "./attempts";
import { RECOVER_AFTER_MS, recoverWebhooks, WEBHOOKS_QUEUE } from "./deliveries";
import { verifySignature } from "./signature";

/** A worker process whose deliveries wait 10 minutes before their first retry: the test decides what happens then. */
const SLOW_RETRIES = { WEBHOOK_RETRY_BASE_MS: "600000" };

let site: FixtureServer;
let receiver: WebhookReceiver;
let scraperId: number;
let queue: Queue;
let worker: WorkerProcess | null = null;

describe.skipIf(!env.REDIS_URL)("webhook deliveries on worker processes (BullMQ)", () => {
  beforeAll(async () => {
    site = await startFixtureServer();
    receiver = await startWebhookReceiver();
    scraperId = (await db.scraper.findUniqueOrThrow({ where: { slug: "ecommerce-products" } })).id;
    queue = new Queue(WEBHOOKS_QUEUE, { connection: bullConnection(env.REDIS_URL as string), prefix: env.QUEUE_PREFIX });
  });

  afterEach(async () => {
    await worker?.stop();
    worker = null;
  });

  afterAll(async () => {
    await queue?.close();
    await receiver?.close();
    await site?.close();
  });

  const secretOf = async (user: RunTestUser) =>
    (await callJson(readSecret, { path: "/api/webhooks/secret", headers: user.keyHeaders })).body.secret as string;

  const deliveryOf = (runId: number) => db.webhookDelivery.findFirstOrThrow({ where: { runId } });

  /** A run that fails (the page answers 404), its webhook answered 500 once: its delivery after that attempt. */
  async function deliveryFailedOnce(user: RunTestUser, path: string) {
    receiver.script(path, [500]);
    const answer = await callJson(runScraperEndpoint(createRunLimits(`test-${randomUUID()}`)), {
      method: "POST",
      path: `/api/scrapers/${scraperId}/run`,
      headers: user.keyHeaders,
      body: { url: `${site.url}/status/404`, async: true, webhook_url: `${receiver.url}${path}` },
      params: { id: String(scraperId) },
    });
    expect(answer.status).toBe(202);
    await expect
      .poll(async () => (await db.webhookDelivery.findFirst({ where: { runId: answer.body.id } }))?.lastStatus, {
        timeout: 30_000,
        message: worker?.output(),
      })
      .toBe(500);
    return deliveryOf(answer.body.id);
  }

  it("keeps the retry in Redis while no worker runs: the next worker process makes it", async () => {
    const user = await createRunUser();
    const path = `/restart/${randomUUID()}`;
    worker = await startWorkerProcess(SLOW_RETRIES);
    const failed = await deliveryFailedOnce(user, path);
    expect(failed.attempts).toBe(1);
    await worker.stop();
    worker = null;

    // The engine holds the retry: a delayed job with the attempts left and the exponential backoff.
    const job = await queue.getJob(`webhook-${failed.id}`);
    expect(await job?.getState()).toBe("delayed");
    expect(job?.opts).toMatchObject({ attempts: MAX_WEBHOOK_ATTEMPTS, backoff: { type: "exponential", delay: 600_000 } });
    expect(job?.attemptsMade).toBe(1);

    worker = await startWorkerProcess();
    // Ten minutes pass, as far as the queue is concerned.
    await job?.promote();
    await expect
      .poll(() => deliveryOf(failed.runId as number), { timeout: 30_000, message: worker.output() })
      .toMatchObject({ attempts: 2, lastStatus: 200, nextAttemptAt: null });
    const secret = await secretOf(user);
    const sent = receiver.received(path);
    expect(sent).toHaveLength(2);
    for (const delivery of sent) expect(verifySignature(secret, delivery.body, delivery.signature)).toBe(true);
  }, 120_000);

  it("loses no delivery when Redis loses its job: recovery re-adds it from the delivery row once it is overdue", async () => {
    const user = await createRunUser();
    const path = `/lost/${randomUUID()}`;
    worker = await startWorkerProcess(SLOW_RETRIES);
    const failed = await deliveryFailedOnce(user, path);
    // Redis restarting without persistence: every key of the webhook queue is gone, the delayed retry with them.
    const redis = redisClient() as NonNullable<ReturnType<typeof redisClient>>;
    const keys = await redis.keys(`${env.QUEUE_PREFIX}:${WEBHOOKS_QUEUE}:*`);
    expect(keys.length).toBeGreaterThan(0);
    await redis.del(...keys);
    expect(await queue.getJob(`webhook-${failed.id}`)).toBeUndefined();

    // Recovery, past the retry's due time, finds the delivery pending and re-adds its job for the worker.
    const due = (failed.nextAttemptAt as Date).getTime();
    expect(await recoverWebhooks({ now: new Date(due + RECOVER_AFTER_MS + 1000) })).toBeGreaterThanOrEqual(1);
    await expect
      .poll(() => deliveryOf(failed.runId as number), { timeout: 30_000, message: worker?.output() })
      .toMatchObject({ attempts: 2, lastStatus: 200, nextAttemptAt: null });
    expect(receiver.received(path)).toHaveLength(2);
  }, 120_000);
});
