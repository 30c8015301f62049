import "server-only";
import { Redis } from "ioredis";
import { env } from "@/lib/env";

const globalForRedis = globalThis as unknown as { scrapedeckRedis?: Redis | null };

/** The shared Redis connection when REDIS_URL is set, else null (limiters then live in this process). */
export function redisClient(): Redis | null {
  if (globalForRedis.scrapedeckRedis !== undefined) return globalForRedis.scrapedeckRedis;
  globalForRedis.scrapedeckRedis = env.REDIS_URL
    ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: true })
    : null;
  return globalForRedis.scrapedeckRedis;
}

/** A Redis key of ours: REDIS_KEY_PREFIX keeps apps and test runs that share one Redis database apart. */
export function redisKey(name: string): string {
  return `${env.REDIS_KEY_PREFIX}${name}`;
}
