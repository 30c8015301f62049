// Lighthouse's simulated metrics (its default "simulate" throttling, lantern) take each main-thread task's duration from
// the trace as wall time and multiply it by the CPU slowdown. On a loaded host a task waits for a core: its wall time
// grows several times (tasks of 1–3 ms of CPU took 30–480 ms of wall time on this two-core machine at a load average
// of 10–20), and Total Blocking Time and the paints follow the host's load rather than the page. The same trace with
// every top-level task shortened to its thread CPU time (`tdur`, which Chromium records next to `dur`) gives the
// figures of an idle host: what the page itself costs. Used by `npm run audit:lighthouse` for its thread-time table.

/** The trace event fields read and changed here (Chromium's trace event format). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

/** Lantern's top-level ("schedulable") task names (PageDependencyGraph.isScheduleableTask in the trace engine). */
const TOP_LEVEL_TASKS = new Set([
  "RunTask",
  "ThreadControllerImpl::DoWork",
  "ThreadControllerImpl::RunTask",
  "TaskQueueManager::ProcessTaskFromWorkQueue",
]);

/**
 * Shortens every complete top-level task that has a thread time to that time (never lengthens one), and compresses the
 * events inside it in proportion, so they stay inside their task in the same order. Tasks keep their start: the gaps
 * between them grow, which lantern ignores (it simulates from the dependency graph, not from start times). Changes the
 * events in place; returns the total task time before and after, in microseconds.
 */
export function toThreadTime(events: TraceEvent[]): { wall: number; thread: number } {
  const threads = new Map<string, TraceEvent[]>();
  for (const event of events) {
    const key = `${event.pid}:${event.tid}`;
    const list = threads.get(key);
    if (list) list.push(event);
    else threads.set(key, [event]);
  }
  let wall = 0;
  let thread = 0;
  for (const list of threads.values()) {
    const tasks = list
      .filter((e) => TOP_LEVEL_TASKS.has(e.name) && e.ph === "X" && (e.dur ?? 0) > 0 && typeof e.tdur === "number")
      .sort((a, b) => a.ts - b.ts);
    if (!tasks.length) continue;
    const taskSet = new Set(tasks);
    const others = list.filter((e) => !taskSet.has(e)).sort((a, b) => a.ts - b.ts);
    let next = 0;
    for (const task of tasks) {
      const duration = task.dur as number;
      const factor = Math.min(1, (task.tdur as number) / duration);
      const end = task.ts + duration;
      while (next < others.length && (others[next] as TraceEvent).ts < task.ts) next++;
      for (let index = next; index < others.length && (others[index] as TraceEvent).ts < end; index++) {
        const event = others[index] as TraceEvent;
        event.ts = task.ts + (event.ts - task.ts) * factor;
        if (typeof event.dur === "number") event.dur = Math.min(event.dur * factor, task.ts + duration * factor - event.ts);
      }
      wall += duration;
      task.dur = duration * factor;
      thread += task.dur;
    }
  }
  events.sort((a, b) => a.ts - b.ts);
  return { wall, thread };
}
