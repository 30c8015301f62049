import "server-only";
import { randomUUID } from "node:crypto";
import { db as processDb } from "@/lib/infra/db";
import { AppError } from "@/lib/infra/errors";
import { log } from "@/lib/infra/log";
import { processWide } from "@/lib/infra/process-state";
import {
  bullNextRunAt,
  reconcileBullSchedules,
  redisRunningMarks,
  removeBullSchedule,
  tickOfBullJob,
  upsertBullSchedule,
} from "./bull-schedules";
import { DbScheduler, dbRunningMarks, specOfRow as specOf } from "./db-scheduler";
import { jobQueue, memoryQueue, type QueueWorker, startBullWorker, startQueueWorker, usesRedisQueue } from "./queue";
import { assertValidSchedule, firstTick, isCronSpec, type ScheduleSpec } from "./schedule-spec";
import type { RunningMarks, ScheduleHandlers, ScheduleTick, TickJob } from "./schedule-types";

// Recurring jobs, for any feature: a schedule (a cron expression in a time zone, or an interval) whose ticks become
// jobs on a named queue, worked by startScheduleWorker(). With Redis, BullMQ's job schedulers time the ticks; without,
// the in-process scheduler of lib/infra/jobs/db-scheduler.ts does, from job_schedules. On both, a tick fires once
// across instances, ticks missed while nothing ran fire once, and a tick that finds its schedule's previous one still
// running is skipped and reported (docs/decisions.md#schedules).

export type { ScheduleSpec } from "./schedule-spec";
export { nextRuns } from "./schedule-spec";
export type { ScheduleHandlers, ScheduleTick, SkipReason } from "./schedule-types";

/** Ids are the owner's (a monitor's id); BullMQ reads colons in scheduler ids as separators, so they are refused. */
const SCHEDULE_ID = /^[A-Za-z0-9_.-]{1,100}$/;

/** How long a tick's running mark lasts unless renewed (every third of it while the tick runs). */
export const DEFAULT_RUNNING_LEASE_MS = 60_000;
/** With Redis: how often a worker re-synchronises BullMQ's schedulers with job_schedules (cheap when in step). */
const RECONCILE_INTERVAL_MS = 60_000;

// This process's in-process schedulers, one per queue it works, so upserts here wake them.
const schedulers = processWide("db-schedulers", () => new Map<string, DbScheduler>());

function assertScheduleId(scheduleId: string) {
  if (!SCHEDULE_ID.test(scheduleId)) {
    throw new AppError("validation_error", `schedule id "${scheduleId}" must be 1 to 100 letters, digits, _ . or -`);
  }
}

const sameSpec = (a: ScheduleSpec, b: ScheduleSpec) => JSON.stringify(a) === JSON.stringify(b);

export interface ScheduleState {
  spec: ScheduleSpec;
  data: unknown;
  /** The next tick, as the engine that fires it knows it; null when it will not fire (its scheduler was lost). */
  nextRunAt: Date | null;
}

/**
 * Creates the schedule `scheduleId` on `queue`, or replaces its spec and data. An unchanged spec keeps its next tick;
 * a new or changed one starts again (an interval at once, a cron at its next match). Malformed specs are refused
 * (validation_error naming the field); plan limits are the caller's (assertValidSchedule with its own minimum).
 */
export async function upsertSchedule(
  queue: string,
  scheduleId: string,
  spec: ScheduleSpec,
  data: unknown,
): Promise<ScheduleState> {
  assertScheduleId(scheduleId);
  const valid = assertValidSchedule(spec, { minIntervalMs: 0 });
  const existing = await processDb.jobSchedule.findUnique({ where: { queue_id: { queue, id: scheduleId } } });
  const existingSpec = existing ? specOf(existing) : null;
  const nextRunAt =
    existing && existingSpec && sameSpec(existingSpec, valid)
      ? existing.nextRunAt
      : new Date(firstTick(valid, Date.now()) as number);
  const columns = {
    cron: isCronSpec(valid) ? valid.cron : null,
    timeZone: isCronSpec(valid) ? valid.tz : null,
    everyMs: isCronSpec(valid) ? null : BigInt(valid.everyMs),
    data: JSON.stringify(data ?? null),
    nextRunAt,
  };
  // The row first: it is the record BullMQ is re-synchronised from should the second step be lost.
  await processDb.jobSchedule.upsert({
    where: { queue_id: { queue, id: scheduleId } },
    create: { queue, id: scheduleId, ...columns },
    update: columns,
  });
  if (usesRedisQueue()) {
    await upsertBullSchedule(queue, scheduleId, valid, data ?? null);
    return { spec: valid, data, nextRunAt: await bullNextRunAt(queue, scheduleId) };
  }
  schedulers.get(queue)?.wake();
  return { spec: valid, data, nextRunAt };
}

/** Stops the schedule; a tick already running finishes. False when there was none. */
export async function removeSchedule(queue: string, scheduleId: string): Promise<boolean> {
  const { count } = await processDb.jobSchedule.deleteMany({ where: { queue, id: scheduleId } });
  if (usesRedisQueue()) await removeBullSchedule(queue, scheduleId);
  return count > 0;
}

/** The schedule as stored, with its next tick; null when there is none. */
export async function getSchedule(queue: string, scheduleId: string): Promise<ScheduleState | null> {
  const row = await processDb.jobSchedule.findUnique({ where: { queue_id: { queue, id: scheduleId } } });
  if (!row) return null;
  return {
    spec: specOf(row),
    data: JSON.parse(row.data),
    nextRunAt: usesRedisQueue() ? await bullNextRunAt(queue, scheduleId) : row.nextRunAt,
  };
}

/**
 * Adds a tick of the schedule now, out of its rhythm (its next scheduled tick stays): the same job as a due tick,
 * with `manual: true`, skipped like any other while the schedule's previous tick still runs. False when the
 * schedule does not exist.
 */
export async function runScheduleNow(queue: string, scheduleId: string): Promise<boolean> {
  const row = await processDb.jobSchedule.findUnique({ where: { queue_id: { queue, id: scheduleId } } });
  if (!row) return false;
  const dueAt = Date.now();
  const tick: TickJob = { scheduleId, data: JSON.parse(row.data), dueAt, manual: true };
  await jobQueue<TickJob>(queue).add(tick, { jobId: `now-${scheduleId}-${dueAt}` });
  return true;
}

export interface ScheduleWorkerOptions {
  /** Ticks run at once in this process. */
  concurrency?: number;
  /** A tick's running mark lasts this long unless renewed (tests shorten it). */
  runningLeaseMs?: number;
  /**
   * False: no running mark is taken, every tick goes to `run` and the handler itself keeps ticks of one schedule
   * from overlapping (monitors: the check's lease, decided in the database under the monitor's row lock). Saves the
   * mark's two Redis round trips per tick, a third of a burst's commands (docs/decisions.md#monitors). Default true.
   */
  runningMarks?: boolean;
  /** In-process engine: how often the scheduler looks for ticks added by other instances. */
  pollMs?: number;
}

/**
 * Works the ticks of `queue` in this process with `handlers`, and (without Redis) runs the scheduler that fires
 * them. With Redis every instance's worker takes ticks as BullMQ hands them out; without, each instance fires the
 * ticks it claims into its own queue.
 */
export function startScheduleWorker<T>(
  queue: string,
  handlers: ScheduleHandlers<T>,
  options: ScheduleWorkerOptions = {},
): QueueWorker {
  const concurrency = options.concurrency ?? 4;
  const leaseMs = options.runningLeaseMs ?? DEFAULT_RUNNING_LEASE_MS;
  if (usesRedisQueue()) {
    const marks = options.runningMarks === false ? NO_MARKS : redisRunningMarks();
    const worker = startBullWorker<TickJob>(
      queue,
      (job) => runTick(queue, tickOfBullJob(job), handlers, marks, leaseMs),
      concurrency,
      {},
    );
    const reconcile = (full: boolean) =>
      reconcileBullSchedules(processDb, queue, { full }).catch((err: unknown) =>
        log.error({ err, queue }, "schedule reconciliation failed"),
      );
    void reconcile(true);
    const timer = setInterval(() => void reconcile(false), RECONCILE_INTERVAL_MS);
    timer.unref();
    return {
      async close() {
        clearInterval(timer);
        await worker.close();
      },
    };
  }
  const marks = options.runningMarks === false ? NO_MARKS : dbRunningMarks();
  const worker = startQueueWorker<TickJob>(queue, (job) => runTick(queue, job, handlers, marks, leaseMs), concurrency);
  const scheduler = new DbScheduler({
    db: processDb,
    queue,
    pollMs: options.pollMs,
    fire: (tick) => memoryQueue<TickJob>(queue).add(tick, { jobId: `tick-${tick.scheduleId}-${tick.dueAt}` }),
  });
  // A second worker for the queue in this process replaces the first one's scheduler.
  void schedulers.get(queue)?.stop();
  schedulers.set(queue, scheduler);
  scheduler.start();
  return {
    async close() {
      if (schedulers.get(queue) === scheduler) schedulers.delete(queue);
      await scheduler.stop();
      await worker.close();
    },
  };
}

/** No running marks: every tick is taken to hold one (ScheduleWorkerOptions.runningMarks). */
const NO_MARKS: RunningMarks = {
  acquire: async () => "held",
  renew: async () => {},
  release: async () => {},
};

/** Runs one tick under its schedule's running mark, or reports it skipped when another tick holds the mark. */
async function runTick<T>(
  queue: string,
  job: TickJob,
  handlers: ScheduleHandlers<T>,
  marks: RunningMarks,
  leaseMs: number,
): Promise<{ done: true }> {
  const tick: ScheduleTick<T> = {
    queue,
    scheduleId: job.scheduleId,
    data: job.data as T,
    dueAt: new Date(job.dueAt ?? Date.now()),
    manual: job.manual === true,
  };
  const token = randomUUID();
  const mark = await marks.acquire(queue, tick.scheduleId, token, leaseMs);
  // Removed after the tick was fired: nothing to run it for.
  if (mark === "missing") return { done: true };
  if (mark === "busy") {
    await handlers
      .skipped(tick, "skipped_overlap")
      .catch((err: unknown) => log.error({ err, queue, scheduleId: tick.scheduleId }, "recording a skipped tick failed"));
    return { done: true };
  }
  // Without marks there is no lease to renew.
  const renewal =
    marks === NO_MARKS
      ? undefined
      : setInterval(() => {
          marks
            .renew(queue, tick.scheduleId, token, leaseMs)
            .catch((err: unknown) => log.warn({ err, queue, scheduleId: tick.scheduleId }, "renewing a running mark failed"));
        }, leaseMs / 3);
  renewal?.unref();
  try {
    await handlers.run(tick);
  } catch (err) {
    log.error({ err, queue, scheduleId: tick.scheduleId }, "scheduled job failed");
  } finally {
    clearInterval(renewal);
    await marks
      .release(queue, tick.scheduleId, token)
      .catch((err: unknown) => log.warn({ err, queue, scheduleId: tick.scheduleId }, "releasing a running mark failed"));
  }
  return { done: true };
}
