// The in-process engine's scheduler on the run's database (SQLite, or PostgreSQL with DATABASE_URL): ticks claimed
// with a conditional UPDATE. The clock is the scheduler's own parameter, so a test steps through a restart after
// hours or a daylight-saving night without waiting for them; the database and the claims are real.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { MINUTE_MS } from "@/lib/infra/duration";
import { DbScheduler, dbRunningMarks } from "./db-scheduler";
import { nextCronRun, type ScheduleSpec } from "./schedule-spec";
import type { TickJob } from "./schedule-types";

const at = (iso: string) => new Date(iso).getTime();

/** A queue of the test's own with `count` schedules of `spec`, the first tick of each at `firstIso`. */
async function seed(spec: ScheduleSpec, firstIso: string, count = 1) {
  const queue = `test-${randomUUID()}`;
  await db.jobSchedule.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      queue,
      id: `s${i}`,
      cron: "cron" in spec ? spec.cron : null,
      timeZone: "cron" in spec ? spec.tz : null,
      everyMs: "everyMs" in spec ? BigInt(spec.everyMs) : null,
      data: JSON.stringify({ n: i }),
      nextRunAt: new Date(firstIso),
    })),
  });
  return queue;
}

/** A scheduler on `queue` whose clock reads `clock.now`, recording what it fires. */
function scheduler(queue: string, clock: { now: number }, client = db) {
  const fired: TickJob[] = [];
  const instance = new DbScheduler({
    db: client,
    queue,
    now: () => clock.now,
    fire: async (tick) => {
      fired.push(tick);
    },
  });
  return { instance, fired };
}

const dueTimes = (fired: TickJob[]) => fired.map((tick) => new Date(tick.dueAt as number).toISOString());

/** A scheduler in a process of its own (test/support/scheduler-racer.ts), as a second web instance is. */
async function startRacer(queue: string, batchSize: number) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--conditions=react-server", "test/support/scheduler-racer.ts", queue, String(batchSize)],
    { cwd: path.resolve(import.meta.dirname, "../../.."), stdio: ["pipe", "pipe", "inherit"] },
  );
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => {
    const { value, done } = await lines.next();
    if (done) throw new Error("the racer exited");
    return value as string;
  };
  expect(await next()).toBe("Scheduler racer ready");
  return {
    async pass(clock: number): Promise<string[]> {
      child.stdin.write(`${clock}\n`);
      return (JSON.parse(await next()) as { fired: string[] }).fired;
    },
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.stdin.end("exit\n");
      await exited;
    },
  };
}

describe("the in-process scheduler", () => {
  it("fires a due tick once with its data and moves next_run_at on; nothing before it is due", async () => {
    const queue = await seed({ everyMs: MINUTE_MS }, "2026-06-01T10:00:00Z");
    const clock = { now: at("2026-06-01T09:59:59.500Z") };
    const { instance, fired } = scheduler(queue, clock);
    // Not due yet, but within the poll interval: the pass says when.
    expect(await instance.pass()).toEqual({ fired: 0, more: false, nextDueMs: at("2026-06-01T10:00:00Z") });
    clock.now = at("2026-06-01T10:00:00.040Z");
    expect((await instance.pass()).fired).toBe(1);
    expect((await instance.pass()).fired).toBe(0);
    expect(fired).toEqual([{ scheduleId: "s0", data: { n: 0 }, dueAt: at("2026-06-01T10:00:00Z") }]);
    const row = await db.jobSchedule.findUniqueOrThrow({ where: { queue_id: { queue, id: "s0" } } });
    expect(row.nextRunAt.toISOString()).toBe("2026-06-01T10:01:00.000Z");
  });

  it("two schedulers racing on one database, in two processes, fire every tick exactly once", async () => {
    const count = 300;
    const queue = await seed({ everyMs: MINUTE_MS }, "2026-06-01T10:00:00Z", count);
    // Batches smaller than the set, so the racers' transactions interleave.
    const racers = await Promise.all([startRacer(queue, 32), startRacer(queue, 32)]);
    try {
      const fired: string[] = [];
      for (let minute = 0; minute < 3; minute++) {
        // Both are told the same time at once, and claim until nothing is due.
        const clock = at("2026-06-01T10:00:00.010Z") + minute * MINUTE_MS;
        const rounds = await Promise.all(racers.map((racer) => racer.pass(clock)));
        fired.push(...rounds.flat());
      }
      expect(fired).toHaveLength(3 * count);
      expect(new Set(fired).size).toBe(3 * count);
    } finally {
      await Promise.all(racers.map((racer) => racer.stop()));
    }
  });

  it("after a restart fires missed ticks once, not once per missed tick, and keeps the interval's grid", async () => {
    const queue = await seed({ everyMs: 5 * MINUTE_MS }, "2026-06-01T10:00:00Z");
    // Down for 47 minutes: nine ticks missed.
    const clock = { now: at("2026-06-01T10:47:12Z") };
    const { instance, fired } = scheduler(queue, clock);
    while ((await instance.pass()).fired > 0);
    expect(dueTimes(fired)).toEqual(["2026-06-01T10:00:00.000Z"]);
    const row = await db.jobSchedule.findUniqueOrThrow({ where: { queue_id: { queue, id: "s0" } } });
    expect(row.nextRunAt.toISOString()).toBe("2026-06-01T10:50:00.000Z");
  });

  it("fires a cron schedule once per day across daylight-saving nights (Europe/Berlin, America/New_York)", async () => {
    for (const [tz, cron, fromIso, expected] of [
      [
        "Europe/Berlin",
        "30 2 * * *",
        "2026-03-28T00:00:00Z",
        ["2026-03-28T01:30:00.000Z", "2026-03-29T01:00:00.000Z", "2026-03-30T00:30:00.000Z"],
      ],
      [
        "Europe/Berlin",
        "30 2 * * *",
        "2026-10-24T00:00:00Z",
        ["2026-10-24T00:30:00.000Z", "2026-10-25T00:30:00.000Z", "2026-10-26T01:30:00.000Z"],
      ],
      [
        "America/New_York",
        "30 2 * * *",
        "2026-03-07T12:00:00Z",
        ["2026-03-08T07:00:00.000Z", "2026-03-09T06:30:00.000Z", "2026-03-10T06:30:00.000Z"],
      ],
      [
        "America/New_York",
        "30 1 * * *",
        "2026-10-31T12:00:00Z",
        ["2026-11-01T05:30:00.000Z", "2026-11-02T06:30:00.000Z", "2026-11-03T06:30:00.000Z"],
      ],
    ] as const) {
      const first = new Date(nextCronRun(cron, tz, at(fromIso)) as number).toISOString();
      const queue = await seed({ cron, tz }, first);
      const clock = { now: at(fromIso) };
      const { instance, fired } = scheduler(queue, clock);
      // A pass every 10 minutes of scheduler time, for three days.
      for (let step = 0; step < (3 * 24 * 60) / 10; step++) {
        clock.now = at(fromIso) + step * 10 * MINUTE_MS;
        await instance.pass();
      }
      expect(dueTimes(fired), `${tz} ${cron} from ${fromIso}`).toEqual(expected);
    }
  });
});

describe("running marks in the database", () => {
  it("are held by one tick at a time, lapse with their lease, and release only by their token", async () => {
    const queue = await seed({ everyMs: MINUTE_MS }, "2026-06-01T10:00:00Z");
    const clock = { now: Date.now() };
    const marks = dbRunningMarks(() => clock.now);
    expect(await marks.acquire(queue, "s0", "first", 60_000)).toBe("held");
    expect(await marks.acquire(queue, "s0", "second", 60_000)).toBe("busy");
    // Another token's release changes nothing.
    await marks.release(queue, "s0", "second");
    expect(await marks.acquire(queue, "s0", "second", 60_000)).toBe("busy");
    // Renewed at 50 s, so still held at 90 s; lapsed at 111 s (a runner that died).
    clock.now += 50_000;
    await marks.renew(queue, "s0", "first", 60_000);
    clock.now += 40_000;
    expect(await marks.acquire(queue, "s0", "second", 60_000)).toBe("busy");
    clock.now += 21_000;
    expect(await marks.acquire(queue, "s0", "second", 60_000)).toBe("held");
    // The first runner's late release leaves the second's mark alone.
    await marks.release(queue, "s0", "first");
    expect(await marks.acquire(queue, "s0", "third", 60_000)).toBe("busy");
    await marks.release(queue, "s0", "second");
    expect(await marks.acquire(queue, "s0", "third", 60_000)).toBe("held");
    expect(await marks.acquire(queue, "gone", "x", 60_000)).toBe("missing");
  });
});
