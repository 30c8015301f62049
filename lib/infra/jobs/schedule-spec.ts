// When a schedule's ticks fall, and whether a schedule is acceptable: pure, so the job engine, the features that
// validate their input and the browser (a cron helper listing the next runs) compute the same instants. Cron
// expressions are read by croner on both engines: the in-process scheduler and BullMQ's job schedulers, which are
// handed nextCronRun() as their repeat strategy (docs/decisions.md#schedules).
import { Cron } from "croner";
import { formatDuration } from "@/lib/infra/duration";
import { AppError, type ValidationIssue } from "@/lib/infra/errors";

/**
 * A cron expression (5 fields: minute hour day-of-month month day-of-week, read in the IANA time zone `tz`), or a
 * fixed interval in milliseconds whose first tick is when the schedule is created.
 */
export type ScheduleSpec = { cron: string; tz: string } | { everyMs: number };

export function isCronSpec(spec: ScheduleSpec): spec is { cron: string; tz: string } {
  return "cron" in spec;
}

// Parsed expressions, reused: parsing costs about as much as finding the next run. Bounded, oldest dropped first.
// Each remembers its last answer by minute: cron matches fall on whole minutes (UTC offsets are whole minutes), so
// the next match after any instant of a minute is the one after its start, and a burst of ticks of one expression
// (every monitor on "0 * * * *") asks croner once.
const CRON_CACHE_SIZE = 1000;
interface ParsedCron {
  cron: Cron;
  minute: number;
  next: number | null;
}
const cronCache = new Map<string, ParsedCron>();

function cronOf(expression: string, tz: string): ParsedCron {
  const key = `${tz}\u0000${expression}`;
  let parsed = cronCache.get(key);
  if (!parsed) {
    // `paused` and no function: croner only computes, it never starts a timer.
    parsed = { cron: new Cron(expression, { timezone: tz, mode: "5-part", paused: true }), minute: Number.NaN, next: null };
    if (cronCache.size >= CRON_CACHE_SIZE) cronCache.delete(cronCache.keys().next().value as string);
    cronCache.set(key, parsed);
  }
  return parsed;
}

const MINUTE = 60_000;

/**
 * The first instant strictly after `afterMs` that the expression matches in `tz`, or null if it never will. A
 * wall-clock time that daylight saving skips runs when the gap ends (02:30 on a spring-forward night runs at 03:00);
 * one that happens twice runs once, at its first occurrence; patterns of every hour or minute run in each real one.
 */
export function nextCronRun(expression: string, tz: string, afterMs: number): number | null {
  const parsed = cronOf(expression, tz);
  const minute = Math.floor(afterMs / MINUTE) * MINUTE;
  if (parsed.minute !== minute) {
    parsed.next = parsed.cron.nextRun(new Date(minute))?.getTime() ?? null;
    parsed.minute = minute;
  }
  return parsed.next;
}

/** The tick a new schedule created at `nowMs` fires first: an interval's at once, a cron's at its next match. */
export function firstTick(spec: ScheduleSpec, nowMs: number): number | null {
  return isCronSpec(spec) ? nextCronRun(spec.cron, spec.tz, nowMs) : nowMs;
}

/**
 * The tick after the one due at `dueMs`, fired at `nowMs` (≥ dueMs). Ticks missed meanwhile (a scheduler that was
 * down) collapse into the one being fired: the next is the first one after `nowMs`. An interval keeps its grid
 * (due + k × interval), as BullMQ's `every` does.
 */
export function tickAfter(spec: ScheduleSpec, dueMs: number, nowMs: number): number | null {
  if (isCronSpec(spec)) return nextCronRun(spec.cron, spec.tz, Math.max(dueMs, nowMs));
  const elapsed = Math.max(0, nowMs - dueMs);
  return dueMs + (Math.floor(elapsed / spec.everyMs) + 1) * spec.everyMs;
}

/** The next `n` ticks of a schedule created at `from`: what a form shows before the schedule is saved. */
export function nextRuns(spec: ScheduleSpec, n: number, from: Date = new Date()): Date[] {
  const runs: Date[] = [];
  let tick = firstTick(spec, from.getTime());
  while (tick !== null && runs.length < n) {
    runs.push(new Date(tick));
    tick = isCronSpec(spec) ? nextCronRun(spec.cron, spec.tz, tick) : tick + spec.everyMs;
  }
  return runs;
}

/** The IANA name Intl knows `tz` by ("europe/berlin" → "Europe/Berlin"), or null for a name it does not know. */
export function canonicalTimeZone(tz: string): string | null {
  if (tz.trim() === "") return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: tz.trim() }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** Consecutive runs looked at for a cron expression's shortest gap; the first one too short ends the search. */
const GAP_SAMPLE = 500;

/**
 * The shortest time between two runs of the expression, read in UTC: what the pattern asks for, not the hour a
 * daylight-saving change adds or takes away (a daily 09:00 in Berlin is 23 hours after the one before once a year,
 * and stays a daily schedule). Stops early at the first gap below `floorMs`.
 */
export function shortestCronGapMs(expression: string, floorMs = 0): number {
  const { cron } = cronOf(expression, "UTC");
  let previous = cron.nextRun(new Date(0))?.getTime();
  let shortest = Number.POSITIVE_INFINITY;
  for (let i = 0; previous !== undefined && i < GAP_SAMPLE; i++) {
    const next = cron.nextRun(new Date(previous))?.getTime();
    if (next === undefined) break;
    shortest = Math.min(shortest, next - previous);
    if (shortest < floorMs) break;
    previous = next;
  }
  return shortest;
}

export interface ScheduleLimits {
  /** The shortest time allowed between two ticks (a plan's limit). */
  minIntervalMs: number;
}

/** Which field of a ScheduleSpec an issue is about. */
export type ScheduleField = "cron" | "tz" | "everyMs";

export interface ScheduleIssue {
  field: ScheduleField;
  message: string;
}

/** Everything wrong with `spec` under `limits`, field by field; empty when it is acceptable. */
export function scheduleIssues(spec: ScheduleSpec, limits: ScheduleLimits): ScheduleIssue[] {
  const issues: ScheduleIssue[] = [];
  const minimum = `the minimum is ${formatDuration(limits.minIntervalMs)}`;
  if (!isCronSpec(spec)) {
    if (!Number.isSafeInteger(spec.everyMs) || spec.everyMs <= 0) {
      issues.push({ field: "everyMs", message: "must be a whole, positive number of milliseconds" });
    } else if (spec.everyMs < limits.minIntervalMs) {
      issues.push({ field: "everyMs", message: `is ${formatDuration(spec.everyMs)}; ${minimum}` });
    }
    return issues;
  }
  if (canonicalTimeZone(spec.tz) === null) {
    issues.push({ field: "tz", message: `"${spec.tz}" is not an IANA time zone (such as Europe/Berlin or UTC)` });
  }
  let gap: number;
  try {
    // Without a minimum, only whether it ever runs: the gap search is the costly part (up to GAP_SAMPLE runs).
    gap =
      limits.minIntervalMs > 0
        ? shortestCronGapMs(spec.cron, limits.minIntervalMs)
        : nextCronRun(spec.cron, "UTC", 0) === null
          ? Number.POSITIVE_INFINITY
          : 0;
  } catch (error) {
    // croner says what is wrong: "CronPattern: Invalid value for minute: 61".
    const reason = (error as Error).message.replace(/^CronPattern:\s*/, "");
    issues.push({ field: "cron", message: `"${spec.cron}" is not a cron expression of 5 fields: ${reason}` });
    return issues;
  }
  if (gap === Number.POSITIVE_INFINITY) {
    issues.push({ field: "cron", message: `"${spec.cron}" never runs (no date matches it)` });
  } else if (gap < limits.minIntervalMs) {
    issues.push({ field: "cron", message: `runs as often as every ${formatDuration(gap)}; ${minimum}` });
  }
  return issues;
}

/**
 * Throws a validation_error naming each bad field by its path in the caller's payload (`paths`: e.g.
 * `{cron: "schedule.cron", tz: "schedule.timezone", everyMs: "schedule.interval_ms"}`), the first one in the message.
 * Returns the spec as stored: its fields only, the time zone in canonical form.
 */
export function assertValidSchedule(
  spec: ScheduleSpec,
  limits: ScheduleLimits,
  paths: Record<ScheduleField, string> = { cron: "cron", tz: "tz", everyMs: "everyMs" },
): ScheduleSpec {
  const issues: ValidationIssue[] = scheduleIssues(spec, limits).map(({ field, message }) => ({
    path: paths[field],
    message,
  }));
  const [first] = issues;
  if (first) throw new AppError("validation_error", `${first.path}: ${first.message}`, { issues });
  return isCronSpec(spec) ? { cron: spec.cron.trim(), tz: canonicalTimeZone(spec.tz) as string } : { everyMs: spec.everyMs };
}
