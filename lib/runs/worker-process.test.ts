// PostgreSQL + Redis only: runs taken by a real worker process through BullMQ, with no workers in this process.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // This process only submits: the worker process does the work. Read by lib/infra/env.ts when first imported.
  process.env.RUN_WORKERS_IN_APP = "0";
});

import { randomUUID } from "node:crypto";
import { Queue } from "bullmq";
import { DELETE as deleteRun } from "@/app/api/runs/[id]/route";
import { db } from "@/lib/infra/db";
import { env } from "@/lib/infra/env";
import { bullConnection } from "@/lib/infra/jobs/redis-options";
import { redisClient } from "@/lib/infra/rate-limit/redis";
import { usageMonth } from "@/lib/usage/summary";
import { type FixtureServer, startFixtureServer } from "@/test/support/fixture-server";
import { callJson } from "@/test/support/requests";
import { createRunUser, type RunTestUser, submitRun } from "@/test/support/runs";
import { hasFaketime, startWorkerProcess, type WorkerProcess } from "@/test/support/worker-process";
import { RUN_LEASE_MS } from "./process";
import { RUNS_QUEUE } from "./queue";
import { recoverRuns } from "./recovery";

let site: FixtureServer;
let scraperId: number;
let worker: WorkerProcess | null = null;

describe.skipIf(!env.REDIS_URL)("runs on a worker process (BullMQ)", () => {
  beforeAll(async () => {
    site = await startFixtureServer();
    scraperId = (await db.scraper.findUniqueOrThrow({ where: { slug: "ecommerce-products" } })).id;
    worker = await startWorkerProcess();
  }, 120_000);

  afterAll(async () => {
    await worker?.stop();
    await site?.close();
  });

  const submit = (user: RunTestUser, body: unknown) => submitRun(user, scraperId, body);

  const statusOf = async (id: number) => (await db.scraperRun.findUniqueOrThrow({ where: { id } })).status;

  const quotaUsed = async (userId: number) =>
    (await db.monthlyUsage.findUnique({ where: { userId_month: { userId, month: usageMonth() } } }))?.successfulRuns ?? 0;

  it("answers a synchronous run with the items the worker process extracted", async () => {
    const user = await createRunUser();
    const answer = await submit(user, { url: `${site.url}/product/jsonld.html` });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: "success", data: [{ title: expect.any(String) }] });
  });

  it("runs async runs there and records them", async () => {
    const user = await createRunUser("pro");
    const answers = await Promise.all([1, 2, 3].map(() => submit(user, { url: `${site.url}/product/jsonld.html`, async: true })));
    for (const answer of answers) {
      expect(answer.status).toBe(202);
      await expect.poll(() => statusOf(answer.body.id), { timeout: 30_000 }).toBe("success");
    }
    expect(await quotaUsed(user.id)).toBe(3);
  });

  it("cancels a run running on the worker process: the worker hears of it through Redis and hangs up", async () => {
    const user = await createRunUser();
    const slowPath = `/slow?ms=30000&run=${randomUUID()}`;
    const answer = await submit(user, { url: `${site.url}${slowPath}`, async: true });
    await expect.poll(() => statusOf(answer.body.id), { timeout: 30_000, message: worker?.output() }).toBe("running");
    // Running is recorded before the fetch goes out: cancel once the page has been asked for, to see it abandoned.
    await expect.poll(() => site.received(), { timeout: 10_000 }).toContain(slowPath);
    const cancelled = await callJson(deleteRun, {
      method: "DELETE",
      path: `/api/runs/${answer.body.id}`,
      headers: user.keyHeaders,
      params: { id: String(answer.body.id) },
    });
    expect(cancelled.body).toMatchObject({ status: "cancelled", error: { code: "cancelled" } });
    expect(await quotaUsed(user.id)).toBe(0);
    // Within the lease renewal's 10 s the worker would notice anyway; the Redis message makes it at once.
    await expect.poll(() => site.abandoned(), { timeout: 5000, message: worker?.output() }).toContain(slowPath);
    const next = await submit(user, { url: `${site.url}/product/jsonld.html` });
    expect(next.status).toBe(200);
    expect(await statusOf(answer.body.id)).toBe("cancelled");
    expect(await quotaUsed(user.id)).toBe(1);
  });

  it("leaves a run whose worker was killed to recovery, which fails it worker_lost and gives its quota back", async () => {
    const user = await createRunUser();
    const answer = await submit(user, { url: `${site.url}/slow?ms=30000`, async: true });
    await expect.poll(() => statusOf(answer.body.id), { timeout: 30_000, message: worker?.output() }).toBe("running");
    await worker?.kill();
    worker = null;
    expect(await quotaUsed(user.id)).toBe(1);
    // Nobody renews the lease any more: once it has run out, recovery settles the run.
    await recoverRuns({ now: new Date(Date.now() + RUN_LEASE_MS + 1000) });
    expect(await db.scraperRun.findUniqueOrThrow({ where: { id: answer.body.id } })).toMatchObject({
      status: "failed",
      errorCode: "worker_lost",
    });
    expect(await quotaUsed(user.id)).toBe(0);
    // A new worker takes over the queue.
    worker = await startWorkerProcess({ LOG_LEVEL: "info" });
    const next = await submit(user, { url: `${site.url}/product/jsonld.html`, async: true });
    await expect.poll(() => statusOf(next.body.id), { timeout: 30_000, message: worker?.output() }).toBe("success");
  }, 120_000);

  it.skipIf(!hasFaketime())(
    "fails none of the other workers' runs from a worker whose clock is 10 minutes ahead: leases are on the database's clock",
    async () => {
      worker ??= await startWorkerProcess();
      const user = await createRunUser();
      const slow = await submit(user, { url: `${site.url}/slow?ms=6000`, async: true });
      await expect.poll(() => statusOf(slow.body.id), { timeout: 30_000, message: worker?.output() }).toBe("running");
      // Its recovery pass at start compares the running run's lease with the database's clock, not its own.
      const skewed = await startWorkerProcess({}, { clockOffset: "+10m" });
      try {
        await expect.poll(() => statusOf(slow.body.id), { timeout: 30_000, message: skewed.output() }).not.toBe("running");
        expect(await statusOf(slow.body.id)).toBe("success");
        // A run the skewed worker runs alone carries the database's times, not its own ten minutes ahead.
        await worker?.stop();
        worker = null;
        const next = await submit(user, { url: `${site.url}/product/jsonld.html`, async: true });
        await expect.poll(() => statusOf(next.body.id), { timeout: 30_000, message: skewed.output() }).toBe("success");
        const run = await db.scraperRun.findUniqueOrThrow({ where: { id: next.body.id } });
        for (const time of [run.startedAt, run.finishedAt]) {
          expect(Math.abs((time as Date).getTime() - run.createdAt.getTime())).toBeLessThan(60_000);
        }
      } finally {
        await skewed.stop();
      }
    },
    120_000,
  );

  it.skipIf(!hasFaketime())(
    "defers a job on Redis's clock: a run a worker 10 minutes ahead put back to wait is taken by the next worker at once",
    async () => {
      await worker?.stop();
      worker = null;
      const queue = new Queue(RUNS_QUEUE, { connection: bullConnection(env.REDIS_URL as string), prefix: env.QUEUE_PREFIX });
      const user = await createRunUser();
      const skewed = await startWorkerProcess({}, { clockOffset: "+10m" });
      let second: { body: { id: number } };
      try {
        const first = await submit(user, { url: `${site.url}/slow?ms=3000`, async: true });
        await expect.poll(() => statusOf(first.body.id), { timeout: 30_000, message: skewed.output() }).toBe("running");
        // The user's one slot is taken: the skewed worker puts the second run's job back to wait a second.
        second = await submit(user, { url: `${site.url}/product/jsonld.html`, async: true });
        await expect
          .poll(async () => (await queue.getJob(`run-${second.body.id}`))?.getState(), { timeout: 30_000 })
          .toBe("delayed");
        await expect.poll(() => statusOf(first.body.id), { timeout: 30_000 }).toBe("success");
      } finally {
        await skewed.stop();
      }
      // Due a second after it was deferred on Redis's clock, not ten minutes later on the skewed worker's.
      worker = await startWorkerProcess();
      await expect.poll(() => statusOf(second.body.id), { timeout: 30_000, message: worker.output() }).toBe("success");
      await queue.close();
    },
    120_000,
  );

  it("loses no accepted run when Redis loses the queue: a worker starting up re-adds the runs still queued", async () => {
    await worker?.stop();
    worker = null;
    const user = await createRunUser();
    const answer = await submit(user, { url: `${site.url}/product/jsonld.html`, async: true });
    expect(answer.status).toBe(202);
    // Redis restarting without persistence: every key of this run's queue is gone, the job with them.
    const redis = redisClient() as NonNullable<ReturnType<typeof redisClient>>;
    const keys = await redis.keys(`${env.QUEUE_PREFIX}:*`);
    expect(keys.length).toBeGreaterThan(0);
    await redis.del(...keys);
    expect(await statusOf(answer.body.id)).toBe("queued");
    worker = await startWorkerProcess();
    await expect.poll(() => statusOf(answer.body.id), { timeout: 30_000, message: worker?.output() }).toBe("success");
    expect(await quotaUsed(user.id)).toBe(1);
  }, 120_000);
});
