import { describe, expect, it } from "vitest";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "@/lib/infra/duration";
import { isAppError } from "@/lib/infra/errors";
import {
  assertValidSchedule,
  canonicalTimeZone,
  nextCronRun,
  nextRuns,
  scheduleIssues,
  shortestCronGapMs,
  tickAfter,
} from "./schedule-spec";

const at = (iso: string) => new Date(iso).getTime();
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Every tick of `cron` in `tz` from `fromIso` to `toIso`, found as a scheduler finds them: each after the last. */
function ticksBetween(cron: string, tz: string, fromIso: string, toIso: string): string[] {
  const ticks: string[] = [];
  let tick = nextCronRun(cron, tz, at(fromIso));
  while (tick !== null && tick < at(toIso)) {
    ticks.push(new Date(tick).toISOString());
    tick = nextCronRun(cron, tz, tick);
  }
  return ticks;
}

describe("schedule ticks", () => {
  it("lists a cron schedule's next runs in its time zone, and an interval's from its creation", () => {
    const from = new Date("2026-06-01T10:07:00Z");
    expect(nextRuns({ cron: "0 9 * * 1-5", tz: "Europe/Berlin" }, 3, from).map((d) => d.toISOString())).toEqual([
      "2026-06-02T07:00:00.000Z",
      "2026-06-03T07:00:00.000Z",
      "2026-06-04T07:00:00.000Z",
    ]);
    expect(nextRuns({ everyMs: HOUR_MS }, 3, from).map((d) => d.toISOString())).toEqual([
      "2026-06-01T10:07:00.000Z",
      "2026-06-01T11:07:00.000Z",
      "2026-06-01T12:07:00.000Z",
    ]);
  });

  it("collapses missed ticks into the one being fired, keeping an interval's grid", () => {
    const due = at("2026-06-01T10:00:00Z");
    // On time: the next one.
    expect(iso(tickAfter({ everyMs: 5 * MINUTE_MS }, due, due + 20))).toBe("2026-06-01T10:05:00.000Z");
    // 17 minutes late: the ones at :05, :10 and :15 are not owed; the next is :20, on the grid.
    expect(iso(tickAfter({ everyMs: 5 * MINUTE_MS }, due, due + 17 * MINUTE_MS))).toBe("2026-06-01T10:20:00.000Z");
    expect(iso(tickAfter({ cron: "*/5 * * * *", tz: "UTC" }, due, due + 17 * MINUTE_MS))).toBe("2026-06-01T10:20:00.000Z");
  });

  describe("daylight saving", () => {
    it("Europe/Berlin: a daily 02:30 runs once on the night the clocks skip it and once on the night it happens twice", () => {
      // 29 March 2026, 02:00 CET → 03:00 CEST: 02:30 does not exist; it runs when the gap ends.
      expect(ticksBetween("30 2 * * *", "Europe/Berlin", "2026-03-28T00:00:00Z", "2026-03-31T00:00:00Z")).toEqual([
        "2026-03-28T01:30:00.000Z",
        "2026-03-29T01:00:00.000Z",
        "2026-03-30T00:30:00.000Z",
      ]);
      // 25 October 2026, 03:00 CEST → 02:00 CET: 02:30 happens twice; it runs at the first.
      expect(ticksBetween("30 2 * * *", "Europe/Berlin", "2026-10-24T00:00:00Z", "2026-10-27T00:00:00Z")).toEqual([
        "2026-10-24T00:30:00.000Z",
        "2026-10-25T00:30:00.000Z",
        "2026-10-26T01:30:00.000Z",
      ]);
    });

    it("America/New_York: the same on its own dates, and an hourly schedule runs in each real hour", () => {
      expect(ticksBetween("30 2 * * *", "America/New_York", "2026-03-07T12:00:00Z", "2026-03-10T00:00:00Z")).toEqual([
        "2026-03-08T07:00:00.000Z",
        "2026-03-09T06:30:00.000Z",
      ]);
      expect(ticksBetween("30 1 * * *", "America/New_York", "2026-10-31T12:00:00Z", "2026-11-03T00:00:00Z")).toEqual([
        "2026-11-01T05:30:00.000Z",
        "2026-11-02T06:30:00.000Z",
      ]);
      // 1 November 2026 has 25 hours in New York: 25 hourly runs, none twice.
      const hourly = ticksBetween("0 * * * *", "America/New_York", "2026-11-01T03:59:00Z", "2026-11-02T04:59:00Z");
      expect(hourly).toHaveLength(25);
      expect(new Set(hourly).size).toBe(25);
    });
  });
});

describe("schedule validation", () => {
  const limits = { minIntervalMs: HOUR_MS };

  it("accepts well-formed schedules at or above the minimum", () => {
    expect(scheduleIssues({ cron: "0 * * * *", tz: "Europe/Berlin" }, limits)).toEqual([]);
    expect(scheduleIssues({ everyMs: HOUR_MS }, limits)).toEqual([]);
    // A daily schedule is 23 hours apart once a year in Berlin, and stays a daily schedule.
    expect(scheduleIssues({ cron: "0 9 * * *", tz: "Europe/Berlin" }, { minIntervalMs: DAY_MS })).toEqual([]);
  });

  it("names the field: a malformed cron, a time zone that does not exist, an interval below the minimum", () => {
    expect(scheduleIssues({ cron: "61 * * * *", tz: "UTC" }, limits)).toEqual([
      { field: "cron", message: expect.stringContaining("minute: 61") },
    ]);
    expect(scheduleIssues({ cron: "* * *", tz: "UTC" }, limits)[0]?.field).toBe("cron");
    // Seconds are not part of a schedule.
    expect(scheduleIssues({ cron: "0 0 * * * *", tz: "UTC" }, limits)[0]?.field).toBe("cron");
    expect(scheduleIssues({ cron: "0 0 31 2 *", tz: "UTC" }, limits)).toEqual([
      { field: "cron", message: '"0 0 31 2 *" never runs (no date matches it)' },
    ]);
    expect(scheduleIssues({ cron: "0 * * * *", tz: "Mars/Olympus" }, limits)).toEqual([
      { field: "tz", message: '"Mars/Olympus" is not an IANA time zone (such as Europe/Berlin or UTC)' },
    ]);
    expect(scheduleIssues({ everyMs: 30 * MINUTE_MS }, limits)).toEqual([
      { field: "everyMs", message: "is 30 minutes; the minimum is 1 hour" },
    ]);
    expect(scheduleIssues({ everyMs: 1.5 }, limits)[0]?.field).toBe("everyMs");
  });

  it("measures a cron expression by its shortest gap, however rarely it occurs", () => {
    expect(shortestCronGapMs("*/5 * * * *")).toBe(5 * MINUTE_MS);
    // Twice a day, a minute apart: a minute.
    expect(shortestCronGapMs("0,1 12 * * *")).toBe(MINUTE_MS);
    expect(scheduleIssues({ cron: "0,1 12 * * *", tz: "UTC" }, limits)).toEqual([
      { field: "cron", message: "runs as often as every 1 minute; the minimum is 1 hour" },
    ]);
  });

  it("throws a validation_error with the caller's field paths, and returns the time zone's canonical name", () => {
    const paths = { cron: "schedule.cron", tz: "schedule.timezone", everyMs: "schedule.interval_ms" };
    expect(assertValidSchedule({ cron: "0 * * * *", tz: "europe/berlin" }, limits, paths)).toEqual({
      cron: "0 * * * *",
      tz: "Europe/Berlin",
    });
    try {
      assertValidSchedule({ cron: "nope", tz: "Nowhere/City" }, limits, paths);
      expect.unreachable();
    } catch (error) {
      expect(isAppError(error, "validation_error")).toBe(true);
      const { message, details } = error as { message: string; details: { issues: { path: string }[] } };
      expect(message).toMatch(/^schedule\.timezone: /);
      expect(details.issues.map((issue) => issue.path)).toEqual(["schedule.timezone", "schedule.cron"]);
    }
    expect(canonicalTimeZone("utc")).toBe("UTC");
    expect(canonicalTimeZone("")).toBeNull();
  });
});
