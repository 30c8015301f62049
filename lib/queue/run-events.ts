import "server-only";
import { EventEmitter } from "node:events";
import { Redis } from "ioredis";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { redisClient } from "@/lib/rate-limit/redis";

// "This run has ended", so a synchronous caller stops waiting at once. In this process an event; with Redis also a
// message to every web process, since any worker may have run it. Waiters poll the database as well, so a lost
// message only costs latency. Listeners and the subscriber live on globalThis (Next can load modules twice).
interface EventsState {
  emitter: EventEmitter;
  subscriber?: Redis;
}
const globalForEvents = globalThis as unknown as { scrapedeckRunEvents?: EventsState };
globalForEvents.scrapedeckRunEvents ??= { emitter: new EventEmitter().setMaxListeners(0) };
const state: EventsState = globalForEvents.scrapedeckRunEvents;

const channel = () => `${env.QUEUE_PREFIX}:run-ended`;
const eventName = (runId: number) => `ended:${runId}`;

/** Tells waiters, here and (with Redis) in every process, that a run has ended. */
export async function publishRunEnded(runId: number): Promise<void> {
  state.emitter.emit(eventName(runId));
  await redisClient()?.publish(channel(), String(runId));
}

function ensureSubscribed(): void {
  if (state.subscriber || !env.REDIS_URL) return;
  const subscriber = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
  state.subscriber = subscriber;
  subscriber.on("error", (err) => log.warn({ err }, "run events subscriber error"));
  subscriber.on("message", (_channel, message) => state.emitter.emit(eventName(Number(message))));
  void subscriber.subscribe(channel());
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
