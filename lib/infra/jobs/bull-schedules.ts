import "server-only";
import type { Job, RepeatOptions } from "bullmq";
import type { Db } from "@/lib/infra/db";
import { env } from "@/lib/infra/env";
import { log } from "@/lib/infra/log";
import { specOfRow } from "./db-scheduler";
import { bullQueue } from "./queue";
import { isCronSpec, type ScheduleSpec } from "./schedule-spec";
import type { RunningMarks, TickJob } from "./schedule-types";

// Schedules on the Redis engine: one BullMQ job scheduler per schedule. BullMQ keeps only the next tick's job, and
// the worker that takes it adds the one after (computed from then on, so ticks missed while no worker ran collapse
// into one), atomically in Redis, so a tick is one job whichever instance takes it. job_schedules stays the durable
// record: a scheduler Redis lost is upserted again from it (reconcileBullSchedules).

/** A scheduler whose next tick is this late and has no job is broken (its chain was cut): it is upserted again. */
const STALE_AFTER_MS = 60_000;

function repeatOptions(spec: ScheduleSpec): Omit<RepeatOptions, "key"> {
  return isCronSpec(spec) ? { pattern: spec.cron, tz: spec.tz } : { every: spec.everyMs };
}

export async function upsertBullSchedule(queue: string, scheduleId: string, spec: ScheduleSpec, data: unknown) {
  const template: TickJob = { scheduleId, data };
  await bullQueue(queue).upsertJobScheduler(scheduleId, repeatOptions(spec), {
    name: queue,
    data: template,
    opts: { removeOnComplete: true, removeOnFail: true },
  });
}

export async function removeBullSchedule(queue: string, scheduleId: string) {
  await bullQueue(queue).removeJobScheduler(scheduleId);
}

/** When BullMQ will fire the schedule next, or null when it has no such scheduler. */
export async function bullNextRunAt(queue: string, scheduleId: string): Promise<Date | null> {
  const scheduler = await bullQueue(queue).getJobScheduler(scheduleId);
  return scheduler?.next ? new Date(scheduler.next) : null;
}

/** The tick a BullMQ job stands for: a scheduler's job was due at its `prevMillis` (also the end of its id). */
export function tickOfBullJob(job: Job<TickJob>): TickJob {
  if (job.data.dueAt !== undefined) return job.data;
  const dueAt = job.opts.prevMillis ?? Number(job.id?.slice(job.id.lastIndexOf(":") + 1));
  return { ...job.data, scheduleId: job.repeatJobKey ?? job.data.scheduleId, dueAt };
}

const runningKey = (queue: string, scheduleId: string) => `${env.QUEUE_PREFIX}:schedule-running:${queue}:${scheduleId}`;

// Renew and release only while the mark is still this token's: a lapsed mark another tick has taken stays theirs.
const RENEW = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) end return 0`;
const RELEASE = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) end return 0`;

type MarkClient = Awaited<ReturnType<typeof bullQueue>["client"]> & {
  scheduleMarkRenew(key: string, token: string, leaseMs: string): Promise<number>;
  scheduleMarkRelease(key: string, token: string): Promise<number>;
};

/** The queue's own Redis connection, with the mark scripts defined on it (sent once, then run by their SHA). */
async function markClient(queue: string): Promise<MarkClient> {
  const client = (await bullQueue(queue).client) as MarkClient;
  if (typeof client.scheduleMarkRelease !== "function") {
    client.defineCommand("scheduleMarkRenew", { numberOfKeys: 1, lua: RENEW });
    client.defineCommand("scheduleMarkRelease", { numberOfKeys: 1, lua: RELEASE });
  }
  return client;
}

/** Running marks as Redis keys with a TTL (SET NX PX): one command to take, one script to release. */
export function redisRunningMarks(): RunningMarks {
  return {
    async acquire(queue, scheduleId, token, leaseMs) {
      const client = await markClient(queue);
      const set = await client.set(runningKey(queue, scheduleId), token, "PX", leaseMs, "NX");
      return set === "OK" ? "held" : "busy";
    },
    async renew(queue, scheduleId, token, leaseMs) {
      await (await markClient(queue)).scheduleMarkRenew(runningKey(queue, scheduleId), token, String(leaseMs));
    },
    async release(queue, scheduleId, token) {
      await (await markClient(queue)).scheduleMarkRelease(runningKey(queue, scheduleId), token);
    },
  };
}

/**
 * Makes BullMQ's schedulers of `queue` match job_schedules: upserts those Redis lost (restarted without persistence)
 * or whose chain of ticks broke, removes those with no row. Cheap when nothing is wrong (a count each side and one
 * range of late schedulers); `full` compares the ids whatever the counts say (at start).
 */
export async function reconcileBullSchedules(db: Db, queue: string, { full = false } = {}): Promise<number> {
  const bull = bullQueue(queue);
  const client = await bull.client;
  const schedulersKey = bull.keys.repeat as string;
  const late = await client.zrangebyscore(schedulersKey, "-inf", Date.now() - STALE_AFTER_MS, "WITHSCORES");
  const broken: string[] = [];
  for (let i = 0; i < late.length; i += 2) {
    const [id, next] = [late[i] as string, late[i + 1] as string];
    // Late but with its job waiting (workers busy, or all of them down): it fires when taken, as it should.
    if ((await client.exists(bull.toKey(`repeat:${id}:${next}`))) === 0) broken.push(id);
  }
  let bullIds: string[] | null = null;
  if (full || (await client.zcard(schedulersKey)) !== (await db.jobSchedule.count({ where: { queue } }))) {
    // BullMQ's list first, then the rows: a schedule upserted or removed meanwhile is left as its call leaves it.
    bullIds = await client.zrange(schedulersKey, 0, -1);
  }
  const known = bullIds === null ? null : new Set(bullIds);
  const rows = await db.jobSchedule.findMany({
    where: known === null ? { queue, id: { in: broken } } : { queue },
    select: { id: true, cron: true, timeZone: true, everyMs: true, data: true, updatedAt: true },
  });
  let repaired = 0;
  const rowIds = new Set(rows.map((row) => row.id));
  // A row written within the last minute may be an upsert whose BullMQ step is still under way: left to it.
  const settled = Date.now() - STALE_AFTER_MS;
  for (const row of rows) {
    if (known?.has(row.id) && !broken.includes(row.id)) continue;
    if (row.updatedAt.getTime() > settled) continue;
    await upsertBullSchedule(queue, row.id, specOfRow(row), JSON.parse(row.data));
    repaired++;
  }
  for (const id of bullIds ?? []) {
    if (rowIds.has(id)) continue;
    await removeBullSchedule(queue, id);
    repaired++;
  }
  if (repaired > 0) log.warn({ queue, repaired }, "schedules re-synchronised with BullMQ");
  return repaired;
}
