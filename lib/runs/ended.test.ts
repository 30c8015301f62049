// A run's end as one transaction (lib/runs/ended.ts), on the database this run is configured with: the outcome,
// the quota given back, the webhook events and the batch's completion all together, and exactly once.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { usageMonth } from "@/lib/usage/summary";
import { createRunUser } from "@/test/support/runs";
import { recordRunEnd } from "./ended";
import { workerLost } from "./recovery";

const hook = "https://hooks.example.com/scrapedeck";

/** A user with `count` runs running (their quota taken), in a batch with a webhook when `batch` says so. */
async function runningRuns(count: number, { batch = false, webhook = false } = {}) {
  const user = await createRunUser("pro");
  const scraper = await db.scraper.findUniqueOrThrow({ where: { slug: "ecommerce-products" } });
  const month = usageMonth();
  await db.monthlyUsage.create({ data: { userId: user.id, month, successfulRuns: count } });
  const batchRow = batch
    ? await db.runBatch.create({ data: { userId: user.id, scraperId: scraper.id, total: count, webhookUrl: hook } })
    : null;
  const runs = [];
  for (let i = 0; i < count; i++) {
    runs.push(
      await db.scraperRun.create({
        data: {
          userId: user.id,
          scraperId: scraper.id,
          url: `https://shop.example.com/${i}`,
          status: "running",
          quotaMonth: month,
          batchId: batchRow?.id ?? null,
          webhookUrl: webhook ? hook : null,
          startedAt: new Date(),
          leaseUntil: new Date(Date.now() + 30_000),
        },
        select: { id: true, userId: true, quotaMonth: true },
      }),
    );
  }
  const used = async () =>
    (await db.monthlyUsage.findUniqueOrThrow({ where: { userId_month: { userId: user.id, month } } })).successfulRuns;
  return { user, runs, batch: batchRow, used };
}

const success = { status: "success", itemCount: 1, resultData: "[]", outputs: null, durationMs: 5 } as const;
const failure = { status: "failed", code: "upstream_error", message: "The site answered 500", durationMs: 5 } as const;

describe("recordRunEnd", () => {
  it("records a failure with its quota given back and its run.failed event, once", async () => {
    const { runs, used } = await runningRuns(1, { webhook: true });
    const run = runs[0] as (typeof runs)[number];
    const ended = await recordRunEnd(run, failure);
    expect(ended?.deliveries).toHaveLength(1);
    expect(await used()).toBe(0);
    const [delivery] = await db.webhookDelivery.findMany({ where: { runId: run.id } });
    expect(delivery).toMatchObject({ type: "run.failed", attempts: 0, deliveredAt: null });
    expect(JSON.parse(delivery?.payload ?? "{}")).toMatchObject({
      type: "run.failed",
      data: { id: run.id, status: "failed", error: { code: "upstream_error" }, webhook: null },
    });
    // A second end (a late worker, a cancel) changes nothing: not the run, not the quota, no second event.
    expect(await recordRunEnd(run, success)).toBeNull();
    expect(await recordRunEnd(run, { status: "cancelled", message: "too late" })).toBeNull();
    expect(await used()).toBe(0);
    expect(await db.webhookDelivery.count({ where: { runId: run.id } })).toBe(1);
    expect((await db.scraperRun.findUniqueOrThrow({ where: { id: run.id } })).status).toBe("failed");
  });

  it("completes a batch once when its last runs end at the same moment, with one batch.completed", async () => {
    for (let round = 0; round < 5; round++) {
      const { runs, batch, used } = await runningRuns(3, { batch: true });
      const ended = await Promise.all(runs.map((run, i) => recordRunEnd(run, i === 1 ? failure : success)));
      expect(ended.every((end) => end !== null)).toBe(true);
      expect((await db.runBatch.findUniqueOrThrow({ where: { id: batch?.id } })).completedAt).not.toBeNull();
      const events = await db.webhookDelivery.findMany({ where: { batchId: batch?.id } });
      expect(events).toHaveLength(1);
      expect(JSON.parse(events[0]?.payload ?? "{}")).toMatchObject({
        type: "batch.completed",
        data: { status: "completed", succeeded: 2, failed: 1 },
      });
      expect(ended.flatMap((end) => end?.deliveries ?? []).map((delivery) => delivery.id)).toEqual([events[0]?.id]);
      expect(await used()).toBe(2);
    }
  });

  it("fails a run worker_lost only while its lease is still past: a worker that came back and renewed it keeps it", async () => {
    const { runs, used } = await runningRuns(1);
    const run = runs[0] as (typeof runs)[number];
    // Recovery saw the lease expired a moment ago, but the worker has renewed it since.
    const seenAt = new Date(Date.now() - 60_000);
    expect(
      await recordRunEnd(run, { status: "failed", ...workerLost, durationMs: null }, { leaseExpiredBefore: seenAt }),
    ).toBeNull();
    expect((await db.scraperRun.findUniqueOrThrow({ where: { id: run.id } })).status).toBe("running");
    expect(await used()).toBe(1);
    const later = new Date(Date.now() + 60_000);
    expect(
      await recordRunEnd(run, { status: "failed", ...workerLost, durationMs: null }, { leaseExpiredBefore: later }),
    ).not.toBeNull();
    expect(await used()).toBe(0);
  });
});
