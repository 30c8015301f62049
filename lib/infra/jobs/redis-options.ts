import type { RedisOptions } from "bullmq";

/**
 * How soon a lost connection is tried again: every 200 ms more, at most every 2 s. BullMQ's own default grows to
 * 20 s between tries, so workers could idle for that long after a Redis restart of a few seconds.
 */
const reconnectDelayMs = (tries: number) => Math.min(tries * 200, 2000);

/**
 * BullMQ's connection options from a redis:// URL. BullMQ brings its own ioredis, so it gets options, not our
 * client; `maxRetriesPerRequest: null` is what its blocking workers require.
 */
export function bullConnection(url: string): RedisOptions {
  const parsed = new URL(url);
  const db = Number(parsed.pathname.slice(1) || "0");
  return {
    host: parsed.hostname,
    port: Number(parsed.port || "6379"),
    db: Number.isInteger(db) ? db : 0,
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    ...(parsed.protocol === "rediss:" ? { tls: {} } : {}),
    maxRetriesPerRequest: null,
    retryStrategy: reconnectDelayMs,
  };
}

/**
 * A queue's (a producer's) connection: while Redis is unreachable an add fails at once instead of waiting for the
 * reconnection (BullMQ's "failing fast when Redis is down"), so a request answers 503 rather than hanging, and a
 * worker recording a run's end moves on (what the job stood for is in the database; recovery re-adds it).
 */
export function bullProducerConnection(url: string): RedisOptions {
  return { ...bullConnection(url), enableOfflineQueue: false, maxRetriesPerRequest: 1 };
}
