import "server-only";
import { EventEmitter } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import { AppError } from "@/lib/infra/errors";
import { broadcast, closeBroadcasts, listen, resumeBroadcasts } from "@/lib/infra/jobs/events";
import { shutdownSignal } from "@/lib/infra/lifecycle";
import { processWide } from "@/lib/infra/process-state";

// Two broadcasts about runs (lib/infra/jobs/events.ts), to this process at once and, with Redis, to every process:
// - "this run has ended", so a synchronous caller stops waiting at once (any worker may have run it);
// - "this run was cancelled", so the worker running it, wherever it is, aborts its fetch and extraction.
// Neither is the only way: waiters poll the database as well, and a worker's lease renewal sees that its run is
// no longer running, so a lost message only costs latency. The waiters by run and the running map are the
// process's (lib/infra/process-state.ts): a cancel heard by the edge's copy of lib/ reaches a worker started by Next's.
interface EventsState {
  /** Waiters for a run's end, by run id. */
  waiters: EventEmitter;
  /** The runs this process is working on, by id: what a cancel message aborts. */
  running: Map<number, AbortController>;
  listening: boolean;
}
const state = processWide<EventsState>("run-events", () => ({
  waiters: new EventEmitter().setMaxListeners(0),
  running: new Map(),
  listening: false,
}));

const RUN_ENDED = "run-ended";
const RUN_CANCELLED = "run-cancelled";
const eventName = (runId: number) => `ended:${runId}`;

/**
 * How a run ended, as the statement that ended it recorded it: what a synchronous caller answers with. It travels
 * with the end event inside this process only; a waiter told by another process (or without it) reads the run.
 */
export interface RunEndNews {
  status: "success";
  /** The items as recorded (result_data). */
  resultData: string;
  /** What it produced beside them (scraper_runs.outputs), null when nothing. */
  outputs: string | null;
  durationMs: number;
}

/** Tells waiters, here and (with Redis) in every process, that a run has ended (with its outcome, here). */
export async function publishRunEnded(runId: number, news?: RunEndNews): Promise<void> {
  ensureSubscribed();
  await broadcast(RUN_ENDED, String(runId), news);
}

/** Tells the worker running this run, here or (with Redis) in any process, to stop: the run was cancelled. */
export async function publishRunCancelled(runId: number): Promise<void> {
  ensureSubscribed();
  await broadcast(RUN_CANCELLED, String(runId));
}

function abortLocalRun(runId: number): void {
  state.running.get(runId)?.abort(new AppError("cancelled", "The run was cancelled."));
}

/** Aborts every run this process is working on, with `reason` (a worker shutting down hands them back). */
export function abortLocalRuns(reason: unknown): void {
  for (const controller of state.running.values()) controller.abort(reason);
}

/** How often a closing worker looks whether the runs this process works have all ended or gone back. */
const LOCAL_RUNS_POLL_MS = 50;

/**
 * Resolves once this process works no run: those its run workers took and those a feature works in its own job (a
 * crawl's page, lib/runs/run.ts's workRunHere). A closing worker waits for both before its extraction pool closes.
 */
export async function localRunsEnded(): Promise<void> {
  while (state.running.size > 0) await sleep(LOCAL_RUNS_POLL_MS);
}

/**
 * Marks a run as being worked on in this process until `done()`: its signal aborts when the run is cancelled.
 * Subscribes this process to cancel messages first (with Redis), so a worker hears of cancels from any web instance.
 */
export function watchRunCancel(runId: number): { signal: AbortSignal; abort(reason: unknown): void; done(): void } {
  ensureSubscribed();
  const controller = new AbortController();
  state.running.set(runId, controller);
  return {
    signal: controller.signal,
    /** Aborts the run's work for another reason (its worker found it no longer running). */
    abort: (reason) => controller.abort(reason),
    done: () => {
      if (state.running.get(runId) === controller) state.running.delete(runId);
    },
  };
}

/** Listens to the run broadcasts in this process, once; with Redis, from every process. Workers do it at start. */
export function ensureSubscribed(): void {
  if (!state.listening) {
    state.listening = true;
    listen(RUN_ENDED, (message, news) => state.waiters.emit(eventName(Number(message)), news as RunEndNews | undefined));
    listen(RUN_CANCELLED, (message) => abortLocalRun(Number(message)));
  }
  resumeBroadcasts();
}

const POLL_MS = 1000;

/** A run's end being listened for: what the wait reads, the outcome itself when it came with the end event. */
export type RunEndCheck = (news: RunEndNews | undefined) => Promise<boolean>;

export interface RunEndListener {
  /**
   * Resolves true once `hasEnded` says so — on every end event for the run (handed the event's news) and every
   * second, and at once unless the listener was made before the run could end — false when `timeoutMs` passes
   * first, or this process begins shutting down (its caller answers with the run still going, at once).
   */
  wait(timeoutMs: number, hasEnded: RunEndCheck, options?: { checkFirst?: boolean }): Promise<boolean>;
  /** Stops listening (always, once the wait is over). */
  close(): void;
}

/**
 * Listens for a run's end from now on. Made before the run is enqueued, the wait needs no first look at the run:
 * no end can have been missed (docs/decisions.md, the run path's fifth pass).
 */
export function listenForRunEnd(runId: number): RunEndListener {
  ensureSubscribed();
  // Ends heard and not yet checked: one is enough, the latest news wins.
  let heard: { news: RunEndNews | undefined } | null = null;
  let wake: (() => void) | null = null;
  const onEnd = (news: RunEndNews | undefined) => {
    heard = { news: news ?? heard?.news };
    wake?.();
  };
  state.waiters.on(eventName(runId), onEnd);
  return {
    async wait(timeoutMs, hasEnded, { checkFirst = true } = {}) {
      const deadline = Date.now() + timeoutMs;
      const shutdown = shutdownSignal();
      const onShutdown = () => wake?.();
      shutdown.addEventListener("abort", onShutdown);
      try {
        let check = checkFirst;
        for (;;) {
          if (check || heard) {
            const news = heard?.news;
            heard = null;
            if (await hasEnded(news)) return true;
          }
          check = true;
          if (heard) continue;
          const left = deadline - Date.now();
          if (left <= 0 || shutdown.aborted) return false;
          let timer: NodeJS.Timeout | undefined;
          await new Promise<void>((resolve) => {
            wake = resolve;
            timer = setTimeout(resolve, Math.min(POLL_MS, left));
          });
          wake = null;
          clearTimeout(timer);
        }
      } finally {
        shutdown.removeEventListener("abort", onShutdown);
      }
    },
    close() {
      state.waiters.off(eventName(runId), onEnd);
    },
  };
}

/** Closes the subscriber (worker shutdown, tests). */
export async function closeRunEvents(): Promise<void> {
  await closeBroadcasts();
}
