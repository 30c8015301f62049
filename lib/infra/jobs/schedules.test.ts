// Schedules on the engine this run is configured with: the in-process scheduler on the run's database without
// REDIS_URL, BullMQ's job schedulers with it. The same behaviour is asked of both.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { env } from "@/lib/infra/env";
import { isAppError } from "@/lib/infra/errors";
import { reconcileBullSchedules } from "./bull-schedules";
import { bullQueue, type QueueWorker } from "./queue";
import {
  getSchedule,
  nextRuns,
  removeSchedule,
  runScheduleNow,
  type ScheduleTick,
  startScheduleWorker,
  upsertSchedule,
} from "./schedules";

interface Data {
  monitor: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A queue of the test's own, and a worker on it recording what it runs and skips. */
function recorder(run: (tick: ScheduleTick<Data>) => Promise<void> = async () => {}, runningMarks = true) {
  const queue = `test-${randomUUID()}`;
  const ran: ScheduleTick<Data>[] = [];
  const skipped: ScheduleTick<Data>[] = [];
  let worker: QueueWorker | undefined;
  return {
    queue,
    ran,
    skipped,
    start() {
      worker = startScheduleWorker<Data>(
        queue,
        {
          async run(tick) {
            ran.push(tick);
            await run(tick);
          },
          async skipped(tick, reason) {
            expect(reason).toBe("skipped_overlap");
            skipped.push(tick);
          },
        },
        { concurrency: 4, pollMs: 100, runningLeaseMs: 30_000, runningMarks },
      );
    },
    async stop() {
      await worker?.close();
      worker = undefined;
    },
  };
}

/** A recorder whose first tick is held until `release()`: what the schedule's next ticks do meanwhile is the test. */
function holdingFirstTick(runningMarks = true) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const recorded = recorder(async (tick) => {
    if (tick === recorded.ran[0]) await gate;
  }, runningMarks);
  return { ...recorded, release: () => release() };
}

describe("schedules", () => {
  it("fires an interval schedule's ticks on its grid with its data, and none due after it is removed", async () => {
    const { queue, ran, start, stop } = recorder();
    await upsertSchedule(queue, "m1", { everyMs: 300 }, { monitor: 1 });
    start();
    try {
      await expect.poll(() => ran.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
      const [first, ...rest] = ran.map((tick) => tick.dueAt.getTime());
      for (const due of rest) expect((due - (first as number)) % 300).toBe(0);
      expect(ran[0]).toMatchObject({ queue, scheduleId: "m1", data: { monitor: 1 }, manual: false });
      expect(await removeSchedule(queue, "m1")).toBe(true);
      const removedAt = Date.now();
      await sleep(900);
      expect(ran.filter((tick) => tick.dueAt.getTime() > removedAt)).toEqual([]);
      expect(await getSchedule(queue, "m1")).toBeNull();
      expect(await removeSchedule(queue, "m1")).toBe(false);
    } finally {
      await stop();
    }
  });

  it("skips a tick whose schedule's previous tick is still running, and reports it", async () => {
    const { queue, ran, skipped, start, stop, release } = holdingFirstTick();
    await upsertSchedule(queue, "slow", { everyMs: 250 }, { monitor: 7 });
    start();
    try {
      await expect.poll(() => skipped.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
      // Only the first ran while it held the mark; what came due meanwhile was skipped, not queued behind it.
      expect(ran).toHaveLength(1);
      expect(skipped[0]).toMatchObject({ scheduleId: "slow", data: { monitor: 7 } });
      expect(skipped[0]?.dueAt.getTime()).toBeGreaterThan(ran[0]?.dueAt.getTime() as number);
      release();
      // The mark is free again: later ticks run.
      await expect.poll(() => ran.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    } finally {
      release();
      await removeSchedule(queue, "slow");
      await stop();
    }
  });

  it("without running marks runs a tick while the schedule's previous tick still runs (its handler decides)", async () => {
    const { queue, ran, skipped, start, stop, release } = holdingFirstTick(false);
    await upsertSchedule(queue, "unmarked", { everyMs: 250 }, { monitor: 8 });
    start();
    try {
      // The first tick is still held at the gate: the next ones ran beside it, none was skipped.
      await expect.poll(() => ran.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
      expect(skipped).toHaveLength(0);
    } finally {
      release();
      await removeSchedule(queue, "unmarked");
      await stop();
    }
  });

  it("fires the ticks missed while no worker ran once, then keeps its rhythm", async () => {
    const { queue, ran, start, stop } = recorder();
    await upsertSchedule(queue, "late", { everyMs: 200 }, { monitor: 2 });
    // Five ticks come due with nothing running.
    await sleep(1100);
    const restartedAt = Date.now();
    start();
    try {
      await expect.poll(() => ran.filter((tick) => tick.dueAt.getTime() >= restartedAt).length, { timeout: 15_000 }).toBe(2);
      expect(ran.filter((tick) => tick.dueAt.getTime() < restartedAt)).toHaveLength(1);
    } finally {
      await removeSchedule(queue, "late");
      await stop();
    }
  });

  it("knows a cron schedule's next tick, keeps it on an unchanged upsert, and runs a tick now on request", async () => {
    const { queue, ran, start, stop } = recorder();
    const spec = { cron: "0 0 1 1 *", tz: "America/New_York" };
    const created = await upsertSchedule(queue, "yearly", spec, { monitor: 3 });
    expect(created.nextRunAt).toEqual(nextRuns(spec, 1)[0]);
    // New data, same spec: the same next tick.
    await upsertSchedule(queue, "yearly", spec, { monitor: 4 });
    expect(await getSchedule(queue, "yearly")).toEqual({ spec, data: { monitor: 4 }, nextRunAt: created.nextRunAt });
    start();
    try {
      expect(await runScheduleNow(queue, "yearly")).toBe(true);
      await expect.poll(() => ran.length, { timeout: 15_000 }).toBe(1);
      expect(ran[0]).toMatchObject({ scheduleId: "yearly", data: { monitor: 4 }, manual: true });
      expect(await runScheduleNow(queue, "nothing")).toBe(false);
    } finally {
      await removeSchedule(queue, "yearly");
      await stop();
    }
  });

  it("refuses a malformed schedule, naming the field, and changes nothing", async () => {
    const queue = `test-${randomUUID()}`;
    for (const [id, spec, path] of [
      ["ok", { cron: "0 25 * * *", tz: "UTC" }, "cron"],
      ["ok", { cron: "0 * * * *", tz: "Atlantis/Capital" }, "tz"],
      ["ok", { everyMs: 0 }, "everyMs"],
      ["has:colons", { everyMs: 1000 }, undefined],
    ] as const) {
      const error = await upsertSchedule(queue, id, spec, null).catch((caught: unknown) => caught);
      expect(isAppError(error, "validation_error"), JSON.stringify(spec)).toBe(true);
      if (path) expect((error as { details: { issues: { path: string }[] } }).details.issues[0]?.path).toBe(path);
    }
    expect(await db.jobSchedule.count({ where: { queue } })).toBe(0);
  });

  it.skipIf(!env.REDIS_URL)("upserts again a BullMQ scheduler Redis lost, and removes one with no record", async () => {
    const queue = `test-${randomUUID()}`;
    await upsertSchedule(queue, "kept", { cron: "0 12 * * *", tz: "Europe/Berlin" }, { monitor: 5 });
    await bullQueue(queue).removeJobScheduler("kept");
    await bullQueue(queue).upsertJobScheduler("orphan", { every: 60_000 });
    // The orphan goes; "kept" was written a moment ago, so its own upsert may still be under way: left alone.
    expect(await reconcileBullSchedules(db, queue, { full: true })).toBe(1);
    await db.jobSchedule.update({
      where: { queue_id: { queue, id: "kept" } },
      data: { updatedAt: new Date(Date.now() - 120_000) },
    });
    expect(await reconcileBullSchedules(db, queue, { full: true })).toBe(1);
    const ids = (await bullQueue(queue).getJobSchedulers()).map((scheduler) => scheduler.key);
    expect(ids).toEqual(["kept"]);
    expect((await getSchedule(queue, "kept"))?.nextRunAt).toEqual(nextRuns({ cron: "0 12 * * *", tz: "Europe/Berlin" }, 1)[0]);
    // In step: nothing to do.
    expect(await reconcileBullSchedules(db, queue)).toBe(0);
    await removeSchedule(queue, "kept");
  });
});
