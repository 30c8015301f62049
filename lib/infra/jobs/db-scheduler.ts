import "server-only";
import type { Db } from "@/lib/infra/db";
import { type HotStatement, hotQuery, sqlTimestamp } from "@/lib/infra/db/hot";
import { log } from "@/lib/infra/log";
import { type ScheduleSpec, tickAfter } from "./schedule-spec";
import type { RunningMarks, TickJob } from "./schedule-types";

// The in-process engine's scheduler (no Redis): the schedules' next ticks live in job_schedules.next_run_at, and any
// number of instances poll them. An instance fires a due tick by moving next_run_at on with an UPDATE conditional on
// the value it read; whichever instance's UPDATE matches fires it, every other one's matches no row. So a tick fires
// once however many instances run (docs/decisions.md#schedules).

/** How often a scheduler looks for ticks when none is due sooner: a schedule another instance added is seen within it. */
export const DEFAULT_POLL_MS = 1000;
/** Due ticks read at once; a full batch is followed by the next one at once. */
const DEFAULT_BATCH = 500;
/** next_run_at of a cron schedule that will never match again (validation refuses those; kept as a guard). */
const NEVER = new Date(Date.UTC(9999, 11, 31));

export interface DbSchedulerOptions {
  db: Db;
  queue: string;
  /** Hands a claimed tick to the queue's workers. */
  fire(tick: TickJob): Promise<void>;
  pollMs?: number;
  batchSize?: number;
  /** The clock, in milliseconds (tests step through daylight-saving nights with their own). */
  now?: () => number;
}

export interface PassResult {
  /** Ticks this pass claimed and fired. */
  fired: number;
  /** The batch was full: more may be due now. */
  more: boolean;
  /** The first tick due after this pass, when it falls within the poll interval. */
  nextDueMs: number | null;
}

/** Reads a job_schedules row's spec. */
export function specOfRow(row: { cron: string | null; timeZone: string | null; everyMs: bigint | null }): ScheduleSpec {
  return row.cron !== null ? { cron: row.cron, tz: row.timeZone ?? "UTC" } : { everyMs: Number(row.everyMs) };
}

export class DbScheduler {
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly now: () => number;
  private running = false;
  private loopDone: Promise<void> = Promise.resolve();
  private wakeUp: (() => void) | null = null;
  /** A wake-up that came during a pass: the next pass follows at once. */
  private woken = false;

  constructor(private readonly options: DbSchedulerOptions) {
    this.pollMs = options.pollMs ?? DEFAULT_POLL_MS;
    this.batchSize = options.batchSize ?? DEFAULT_BATCH;
    this.now = options.now ?? Date.now;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loopDone = this.loop();
  }

  /** Looks again at once: a schedule of this process was added or changed. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loopDone;
  }

  /** Claims and fires every tick due now, in batches of `batchSize`. */
  async pass(): Promise<PassResult> {
    const { db, queue } = this.options;
    const now = this.now();
    // What is due, and what falls due before the next poll (to sleep until exactly then).
    const rows = await db.jobSchedule.findMany({
      where: { queue, nextRunAt: { lte: new Date(now + this.pollMs) } },
      orderBy: [{ nextRunAt: "asc" }, { id: "asc" }],
      take: this.batchSize,
      select: { id: true, cron: true, timeZone: true, everyMs: true, data: true, nextRunAt: true },
    });
    const due = rows.filter((row) => row.nextRunAt.getTime() <= now);
    const nextDueMs = rows.find((row) => row.nextRunAt.getTime() > now)?.nextRunAt.getTime() ?? null;
    if (due.length === 0) return { fired: 0, more: false, nextDueMs };

    // Ticks due at one instant on one spec move on to one next tick: a burst (every monitor on "0 * * * *") is one
    // UPDATE per group rather than one per schedule. Conditional on the tick read: rows another instance claimed
    // first have moved on and match nothing, and RETURNING says which ones this instance claimed.
    const groups = new Map<string, typeof due>();
    for (const row of due) {
      const key = `${row.nextRunAt.getTime()} ${JSON.stringify(specOfRow(row))}`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    let fired = 0;
    for (const group of groups.values()) {
      const [first] = group as [(typeof due)[number]];
      const next = tickAfter(specOfRow(first), first.nextRunAt.getTime(), now);
      const claimed = await db.jobSchedule.updateManyAndReturn({
        where: { queue, id: { in: group.map((row) => row.id) }, nextRunAt: first.nextRunAt },
        data: { nextRunAt: next === null ? NEVER : new Date(next) },
        select: { id: true },
      });
      const ours = new Set(claimed.map((row) => row.id));
      for (const row of group) {
        if (!ours.has(row.id)) continue;
        fired++;
        await this.options
          .fire({ scheduleId: row.id, data: JSON.parse(row.data), dueAt: row.nextRunAt.getTime() })
          .catch((err: unknown) => log.error({ err, queue, scheduleId: row.id }, "firing a schedule's tick failed"));
      }
    }
    return { fired, more: rows.length === this.batchSize && due.length === rows.length, nextDueMs };
  }

  private async loop(): Promise<void> {
    while (this.running) {
      let delay = this.pollMs;
      this.woken = false;
      try {
        const { more, nextDueMs } = await this.pass();
        if (more) delay = 0;
        else if (nextDueMs !== null) delay = Math.max(0, Math.min(this.pollMs, nextDueMs - this.now()));
      } catch (err) {
        log.error({ err, queue: this.options.queue }, "schedule pass failed");
      }
      if (this.running && !this.woken) await this.sleep(delay);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = null;
        done();
      };
    });
  }
}

// The running marks' statements, one to three per tick: prepared raw SQL on the hot connection (lib/infra/db/hot.ts),
// past the ORM, whose cost per statement was most of a tick's in the bench (docs/decisions.md#schedules).
const ACQUIRE_MARK: HotStatement = {
  name: "schedule_mark_acquire",
  sqlite:
    "UPDATE job_schedules SET running_token = ?, running_until = ? WHERE queue = ? AND id = ? AND (running_until IS NULL OR running_until < ?) RETURNING id",
  postgres:
    "UPDATE job_schedules SET running_token = $1, running_until = $2::timestamp WHERE queue = $3 AND id = $4 AND (running_until IS NULL OR running_until < $5::timestamp) RETURNING id",
};
const SCHEDULE_EXISTS: HotStatement = {
  name: "schedule_exists",
  sqlite: "SELECT 1 AS found FROM job_schedules WHERE queue = ? AND id = ?",
  postgres: "SELECT 1 AS found FROM job_schedules WHERE queue = $1 AND id = $2",
};
const RENEW_MARK: HotStatement = {
  name: "schedule_mark_renew",
  sqlite: "UPDATE job_schedules SET running_until = ? WHERE queue = ? AND id = ? AND running_token = ?",
  postgres: "UPDATE job_schedules SET running_until = $1::timestamp WHERE queue = $2 AND id = $3 AND running_token = $4",
};
const RELEASE_MARK: HotStatement = {
  name: "schedule_mark_release",
  sqlite: "UPDATE job_schedules SET running_token = NULL, running_until = NULL WHERE queue = ? AND id = ? AND running_token = ?",
  postgres:
    "UPDATE job_schedules SET running_token = NULL, running_until = NULL WHERE queue = $1 AND id = $2 AND running_token = $3",
};

/**
 * "This schedule's tick is running" in job_schedules (running_token, running_until), for the in-process engine:
 * held by one tick at a time across instances, for a lease the runner renews, so a crashed runner's mark lapses.
 */
export function dbRunningMarks(now: () => number = Date.now): RunningMarks {
  const at = (ms: number) => sqlTimestamp(new Date(ms));
  return {
    async acquire(queue, scheduleId, token, leaseMs) {
      const time = now();
      const held = await hotQuery(ACQUIRE_MARK, [token, at(time + leaseMs), queue, scheduleId, at(time)]);
      if (held.length === 1) return "held";
      return (await hotQuery(SCHEDULE_EXISTS, [queue, scheduleId])).length > 0 ? "busy" : "missing";
    },
    async renew(queue, scheduleId, token, leaseMs) {
      await hotQuery(RENEW_MARK, [at(now() + leaseMs), queue, scheduleId, token]);
    },
    async release(queue, scheduleId, token) {
      await hotQuery(RELEASE_MARK, [queue, scheduleId, token]);
    },
  };
}
