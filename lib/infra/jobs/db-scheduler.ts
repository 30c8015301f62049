import "server-only";
import type { Db } from "@/lib/infra/db";
import { log } from "@/lib/infra/log";
import { type ScheduleSpec, tickAfter } from "./schedule-spec";
import type { RunningMarks, TickJob } from "./schedule-types";

// The in-process engine's scheduler (no Redis): the schedules' next ticks live in job_schedules.next_run_at, and any
// number of instances poll them. An instance fires a due tick by moving next_run_at on with an UPDATE conditional on
// the value it read; whichever instance's UPDATE matches fires it, every other one's matches no row. So a tick fires
// once however many instances run (docs/decisions.md#schedules).

/** How often a scheduler looks for ticks when none is due sooner: a schedule another instance added is seen within it. */
export const DEFAULT_POLL_MS = 1000;
/** Ticks claimed in one transaction; a full batch is followed by the next one at once. */
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

    // One order for every instance (by id, not by the next_run_at each one read): on PostgreSQL two instances
    // claiming overlapping batches lock rows in the same order, so neither waits on the other in a cycle.
    due.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const claims = await db.$transaction(
      due.map((row) =>
        db.jobSchedule.updateMany({
          // Conditional on the tick read: an instance that claimed it first has moved it on, and this matches nothing.
          where: { queue, id: row.id, nextRunAt: row.nextRunAt },
          data: { nextRunAt: new Date(tickAfter(specOfRow(row), row.nextRunAt.getTime(), now) ?? NEVER) },
        }),
      ),
    );
    let fired = 0;
    for (const [i, row] of due.entries()) {
      if (claims[i]?.count !== 1) continue;
      fired++;
      await this.options
        .fire({ scheduleId: row.id, data: JSON.parse(row.data), dueAt: row.nextRunAt.getTime() })
        .catch((err: unknown) => log.error({ err, queue, scheduleId: row.id }, "firing a schedule's tick failed"));
    }
    return { fired, more: rows.length === this.batchSize && due.length === rows.length, nextDueMs };
  }

  private async loop(): Promise<void> {
    while (this.running) {
      let delay = this.pollMs;
      try {
        const { more, nextDueMs } = await this.pass();
        if (more) delay = 0;
        else if (nextDueMs !== null) delay = Math.max(0, Math.min(this.pollMs, nextDueMs - this.now()));
      } catch (err) {
        log.error({ err, queue: this.options.queue }, "schedule pass failed");
      }
      if (this.running) await this.sleep(delay);
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

/**
 * "This schedule's tick is running" in job_schedules (running_token, running_until), for the in-process engine:
 * held by one tick at a time across instances, for a lease the runner renews, so a crashed runner's mark lapses.
 */
export function dbRunningMarks(db: Db, now: () => number = Date.now): RunningMarks {
  return {
    async acquire(queue, scheduleId, token, leaseMs) {
      const at = now();
      const { count } = await db.jobSchedule.updateMany({
        where: { queue, id: scheduleId, OR: [{ runningUntil: null }, { runningUntil: { lt: new Date(at) } }] },
        data: { runningToken: token, runningUntil: new Date(at + leaseMs) },
      });
      if (count === 1) return "held";
      return (await db.jobSchedule.count({ where: { queue, id: scheduleId } })) > 0 ? "busy" : "missing";
    },
    async renew(queue, scheduleId, token, leaseMs) {
      await db.jobSchedule.updateMany({
        where: { queue, id: scheduleId, runningToken: token },
        data: { runningUntil: new Date(now() + leaseMs) },
      });
    },
    async release(queue, scheduleId, token) {
      await db.jobSchedule.updateMany({
        where: { queue, id: scheduleId, runningToken: token },
        data: { runningToken: null, runningUntil: null },
      });
    },
  };
}
