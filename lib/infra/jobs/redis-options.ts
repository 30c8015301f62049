import type { RedisOptions } from "bullmq";

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
  };
}
