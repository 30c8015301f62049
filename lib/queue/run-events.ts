import "server-only";
import { EventEmitter } from "node:events";
import { Redis } from "ioredis";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { processWide } from "@/lib/process-state";
import { redisClient } from "@/lib/rate-limit/redis";

// Two messages about runs, each an event in this process and, with Redis, a message to every process:
// - "this run has ended", so a synchronous caller stops waiting at once (any worker may have run it);
// - "this run was cancelled", so the worker running it, wherever it is, aborts its fetch and extraction.
// Neither is the only way: waiters poll the database as well, and a worker's lease renewal sees that its run is
// no longer running, so a lost message only costs latency. Listeners, the subscriber and the running map are the
// process's (lib/process-state.ts): a cancel heard by the edge's copy of lib/ reaches a worker started by Next's.
interface EventsState {
  emitter: EventEmitter;
  subscriber?: Redis;
  /** The runs this process is working on, by id: what a cancel message aborts. */
  running: Map<number, AbortController>;
}
const state = processWide<EventsState>("run-events", () => ({
  emitter: new EventEmitter().setMaxListeners(0),
  running: new Map(),
}));

const channel = () => `${env.QUEUE_PREFIX}:run-ended`;
const cancelChannel = () => `${env.QUEUE_PREFIX}:run-cancelled`;
const eventName = (runId: number) => `ended:${runId}`;

/** Tells waiters, here and (with Redis) in every process, that a run has ended. */
export async function publishRunEnded(runId: number): Promise<void> {
  state.emitter.emit(eventName(runId));
  await redisClient()?.publish(channel(), String(runId));
}

/** Tells the worker running this run, here or (with Redis) in any process, to stop: the run was cancelled. */
export async function publishRunCancelled(runId: number): Promise<void> {
  abortLocalRun(runId);
  await redisClient()?.publish(cancelChannel(), String(runId));
}

function abortLocalRun(runId: number): void {
  state.running.get(runId)?.abort(new AppError("cancelled", "The run was cancelled."));
}

/**
 * Marks a run as being worked on in this process until `done()`: its signal aborts when the run is cancelled.
 * Subscribes this process to cancel messages first (with Redis), so a worker hears of cancels from any web instance.
 */
export function watchRunCancel(runId: number): { signal: AbortSignal; done(): void } {
  ensureSubscribed();
  const controller = new AbortController();
  state.running.set(runId, controller);
  return {
    signal: controller.signal,
    done: () => {
      if (state.running.get(runId) === controller) state.running.delete(runId);
    },
  };
}

/** Subscribes this process to run messages from other processes (with Redis); workers do it at start. */
export function ensureSubscribed(): void {
  if (state.subscriber || !env.REDIS_URL) return;
  const subscriber = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
  state.subscriber = subscriber;
  subscriber.on("error", (err) => log.warn({ err }, "run events subscriber error"));
  subscriber.on("message", (from, message) => {
    if (from === cancelChannel()) abortLocalRun(Number(message));
    else state.emitter.emit(eventName(Number(message)));
  });
  void subscriber.subscribe(channel(), cancelChannel());
}

const POLL_MS = 1000;

/**
 * Resolves true once `hasEnded()` says so (checked at once, on every ended event for the run and every second),
 * false when `timeoutMs` passes first.
 */
export async function waitForRunEnd(runId: number, timeoutMs: number, hasEnded: () => Promise<boolean>): Promise<boolean> {
  ensureSubscribed();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // Listen before checking, so an end between the check and the wait is not missed.
    let wake: () => void = () => {};
    const woken = new Promise<void>((resolve) => {
      wake = resolve;
    });
    state.emitter.once(eventName(runId), wake);
    try {
      if (await hasEnded()) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        woken,
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, Math.min(POLL_MS, left));
        }),
      ]);
      clearTimeout(timer);
    } finally {
      state.emitter.off(eventName(runId), wake);
    }
  }
}

/** Closes the subscriber (worker shutdown, tests). */
export async function closeRunEvents(): Promise<void> {
  const subscriber = state.subscriber;
  state.subscriber = undefined;
  await subscriber?.quit();
}
