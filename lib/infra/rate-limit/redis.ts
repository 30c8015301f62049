import "server-only";
import { Redis } from "ioredis";
import { env } from "@/lib/infra/env";
import { processWide } from "@/lib/infra/process-state";

/** The shared Redis connection when REDIS_URL is set, else null (limiters then live in this process). */
export function redisClient(): Redis | null {
  return processWide("redis", () =>
    env.REDIS_URL ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: true }) : null,
  );
}

/** A Redis key of ours: REDIS_KEY_PREFIX keeps apps and test runs that share one Redis database apart. */
export function redisKey(name: string): string {
  return `${env.REDIS_KEY_PREFIX}${name}`;
}
