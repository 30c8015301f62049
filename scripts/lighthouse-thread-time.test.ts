import { describe, expect, it } from "vitest";
import { type TraceEvent, toThreadTime } from "./lighthouse-thread-time";

const task = (ts: number, dur: number, tdur?: number, tid = 1): TraceEvent => ({
  name: "RunTask",
  ph: "X",
  pid: 10,
  tid,
  ts,
  dur,
  ...(tdur === undefined ? {} : { tdur }),
});
const child = (name: string, ts: number, dur?: number, tid = 1): TraceEvent => ({
  name,
  ph: dur === undefined ? "I" : "X",
  pid: 10,
  tid,
  ts,
  ...(dur === undefined ? {} : { dur }),
});

describe("toThreadTime", () => {
  it("shortens a task to its thread time and keeps what ran inside it inside, in order", () => {
    const run = task(1000, 400, 100);
    const layout = child("Layout", 1100, 200);
    const paint = child("Paint", 1300, 100);
    const mark = child("firstContentfulPaint", 1350);
    const after = child("Layout", 1500, 50);
    const events = [run, layout, paint, mark, after];
    expect(toThreadTime(events)).toEqual({ wall: 400, thread: 100 });
    expect(run).toMatchObject({ ts: 1000, dur: 100 });
    expect(layout).toMatchObject({ ts: 1025, dur: 50 });
    expect(paint).toMatchObject({ ts: 1075, dur: 25 });
    expect(mark.ts).toBe(1087.5);
    // Outside every task: untouched.
    expect(after).toMatchObject({ ts: 1500, dur: 50 });
    expect(events.map((e) => e.ts)).toEqual([...events.map((e) => e.ts)].sort((a, b) => a - b));
  });

  it("never lengthens a task, and leaves tasks without a thread time alone", () => {
    const busy = task(0, 100, 150);
    const unknown = task(200, 100);
    const inside = child("Layout", 250, 40);
    toThreadTime([busy, unknown, inside]);
    expect(busy.dur).toBe(100);
    expect(unknown.dur).toBe(100);
    expect(inside).toMatchObject({ ts: 250, dur: 40 });
  });

  it("compresses each thread by its own tasks only", () => {
    const main = task(0, 100, 10, 1);
    const other = child("Layout", 50, 20, 2);
    toThreadTime([main, other]);
    expect(other).toMatchObject({ ts: 50, dur: 20 });
  });
});
