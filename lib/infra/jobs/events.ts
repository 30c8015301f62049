import "server-only";
import { EventEmitter } from "node:events";
import { Redis } from "ioredis";
import { env } from "@/lib/infra/env";
import { log } from "@/lib/infra/log";
import { processWide } from "@/lib/infra/process-state";
import { redisClient } from "@/lib/infra/rate-limit/redis";

// Broadcasts: a short message on a topic to every process of the app — this one at once, the others through Redis
// pub/sub when REDIS_URL is set. Features tell each other's workers and waiters what happened (a run ended, a run
// was cancelled) without knowing where they run. Delivery is at most once per process and may be lost (pub/sub
// keeps nothing for a process that is not listening, Redis may be down), and this process may hear its own
// message twice (at once, and back from Redis): a feature that depends on the news also looks in the database.
// One subscriber connection per process, whichever copy of lib/ asks first (lib/infra/process-state.ts).

/** Gets a topic's message; `local` is what a broadcast from this very process attached (never sent over Redis). */
export type BroadcastHandler = (message: string, local?: unknown) => void;

interface BusState {
  emitter: EventEmitter;
  subscriber?: Redis;
  topics: Set<string>;
}
const state = processWide<BusState>("broadcasts", () => ({
  emitter: new EventEmitter().setMaxListeners(0),
  topics: new Set(),
}));

const channelOf = (topic: string) => `${env.QUEUE_PREFIX}:${topic}`;

function subscribe(connection: Redis, topics: string[]): void {
  if (topics.length === 0) return;
  connection
    .subscribe(...topics.map(channelOf))
    .catch((err: unknown) => log.warn({ err, topics }, "could not subscribe to broadcast topics"));
}

/**
 * Opens this process's subscriber (with Redis), subscribed to every topic listened to so far: listening does it, and
 * so may a process that closed its broadcasts and works again (workers restarted in one process).
 */
export function resumeBroadcasts(): void {
  if (!env.REDIS_URL || state.subscriber) return;
  const prefix = channelOf("");
  const connection = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
  connection.on("error", (err) => log.warn({ err }, "broadcast subscriber error"));
  connection.on("message", (channel: string, message: string) => {
    if (channel.startsWith(prefix)) state.emitter.emit(channel.slice(prefix.length), message);
  });
  state.subscriber = connection;
  subscribe(connection, [...state.topics]);
}

/** Calls `handler` on every message of `topic` from now on, from any process; returns the way to stop. */
export function listen(topic: string, handler: BroadcastHandler): () => void {
  state.emitter.on(topic, handler);
  if (!state.topics.has(topic)) {
    state.topics.add(topic);
    if (state.subscriber) subscribe(state.subscriber, [topic]);
  }
  resumeBroadcasts();
  return () => {
    state.emitter.off(topic, handler);
  };
}

/**
 * Sends `message` on `topic`: this process's listeners get it at once, with `local` attached; every process's
 * through Redis. Throws when Redis cannot take it (callers decide whether a lost broadcast matters).
 */
export async function broadcast(topic: string, message: string, local?: unknown): Promise<void> {
  state.emitter.emit(topic, message, local);
  await redisClient()?.publish(channelOf(topic), message);
}

/** Closes the subscriber (process shutdown, tests); resumeBroadcasts() or a new listener opens another. */
export async function closeBroadcasts(): Promise<void> {
  const connection = state.subscriber;
  state.subscriber = undefined;
  await connection?.quit();
}
