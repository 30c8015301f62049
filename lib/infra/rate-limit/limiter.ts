import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { processWide } from "@/lib/infra/process-state";
import { redisClient, redisKey } from "./redis";

/** Where a caller stands against a limit. */
export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Unix seconds when the current window resets. */
  resetAt: number;
}

export interface LimitResult extends RateLimitState {
  allowed: boolean;
  /** Seconds to wait before the next attempt can pass (0 when allowed). */
  retryAfterSeconds: number;
}

export interface Limiter {
  consume(key: string, points?: number): Promise<LimitResult>;
  /** Forget a key, e.g. failed logins after a successful one. */
  reset(key: string): Promise<void>;
}

export interface LimiterOptions {
  /** Namespaces the keys; two limiters with different names never share counts. */
  name: string;
  points: number;
  durationSeconds: number;
}

/**
 * A fixed-window limiter: in this process by default, in Redis when REDIS_URL is set so that every app
 * instance shares the counts. Same interface either way. Limiters of one name (and limit) share their counts.
 */
export function createLimiter({ name, points, durationSeconds }: LimiterOptions): Limiter {
  const redis = redisClient();
  const keyPrefix = redisKey(name);
  const limiter = redis
    ? new RateLimiterRedis({ storeClient: redis, useRedisPackage: false, keyPrefix, points, duration: durationSeconds })
    : // The counts are the process's, not this module copy's: the edge's fast paths and Next's routes count alike.
      processWide(
        `limiter:${keyPrefix}:${points}:${durationSeconds}`,
        () => new RateLimiterMemory({ keyPrefix, points, duration: durationSeconds }),
      );

  const toResult = (res: RateLimiterRes, allowed: boolean): LimitResult => ({
    allowed,
    limit: points,
    remaining: Math.max(0, res.remainingPoints),
    resetAt: Math.ceil((Date.now() + res.msBeforeNext) / 1000),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  });

  return {
    async consume(key, cost = 1) {
      try {
        return toResult(await limiter.consume(key, cost), true);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return toResult(rejection, false);
        throw rejection;
      }
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}
