import "server-only";
import { Redis } from "ioredis";
import { env } from "@/lib/infra/env";
import { log } from "@/lib/infra/log";
import { existingProcessWide, processWide } from "@/lib/infra/process-state";

/** The shared Redis connection when REDIS_URL is set, else null (limiters then live in this process). */
export function redisClient(): Redis | null {
  return processWide("redis", () => {
    if (!env.REDIS_URL) return null;
    const client = new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
    // While Redis is unreachable each reconnection fails; commands fail on their own (their callers decide), and
    // without a listener ioredis would print every failed reconnection as an unhandled error.
    client.on("error", (err) => log.warn({ err }, "redis connection error"));
    return client;
  });
}

/** A Redis key of ours: REDIS_KEY_PREFIX keeps apps and test runs that share one Redis database apart. */
export function redisKey(name: string): string {
  return `${env.REDIS_KEY_PREFIX}${name}`;
}

/** Closes the shared connection, if one was made (a process shutting down). */
export async function closeRedis(): Promise<void> {
  const client = existingProcessWide<Redis | null>("redis");
  if (!client) return;
  await client.quit().catch(() => client.disconnect());
}
