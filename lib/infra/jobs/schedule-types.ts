// The shapes the schedule engines share (lib/infra/jobs/schedules.ts is their entry point).

/** The job a tick becomes on its queue. */
export interface TickJob {
  scheduleId: string;
  data: unknown;
  /**
   * When the tick was due, in ms. BullMQ's scheduler jobs carry it in their options instead (their data is the
   * schedule's template), so it is absent there.
   */
  dueAt?: number;
  /** Asked for with runScheduleNow(), not due by the schedule. */
  manual?: boolean;
}

/** A tick as the feature's processor sees it. */
export interface ScheduleTick<T> {
  queue: string;
  scheduleId: string;
  data: T;
  /** When the tick was due (a run asked for now: when it was asked for). */
  dueAt: Date;
  /** Asked for with runScheduleNow(), not due by the schedule. */
  manual: boolean;
}

/** Why a tick was not run: its schedule's previous tick is still running. */
export type SkipReason = "skipped_overlap";

export interface ScheduleHandlers<T> {
  /** Runs the tick. What it throws is logged; ticks are not retried (the next one comes on schedule). */
  run(tick: ScheduleTick<T>): Promise<void>;
  /**
   * The tick was not run, and why: the feature records it (a monitor's check `skipped_overlap`). Called once per
   * skipped tick, on whichever instance took it.
   */
  skipped(tick: ScheduleTick<T>, reason: SkipReason): Promise<void>;
}

/**
 * "A tick of this schedule is running", shared by every instance: held by one tick at a time for a lease its runner
 * renews (a crashed runner's mark lapses), released by its token only.
 */
export interface RunningMarks {
  /** "held" (now ours), "busy" (another tick holds it) or "missing" (the schedule is gone, when the store knows). */
  acquire(queue: string, scheduleId: string, token: string, leaseMs: number): Promise<"held" | "busy" | "missing">;
  renew(queue: string, scheduleId: string, token: string, leaseMs: number): Promise<void>;
  release(queue: string, scheduleId: string, token: string): Promise<void>;
}
