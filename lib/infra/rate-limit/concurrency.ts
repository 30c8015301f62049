import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { processWide } from "@/lib/infra/process-state";
import { redisClient, redisKey } from "./redis";

/** A held slot. Releasing twice is harmless. */
export interface ConcurrencySlot {
  /**
   * Names the slot so that whoever finishes the work can release it with releaseSlotToken(): a queue worker
   * (in another process too, with Redis) releases the slot a web process took for a synchronous run.
   */
  token: string;
  release(): Promise<void>;
}

export interface ConcurrencyLimiter {
  /** A slot while fewer than `limit` are held for the key, else null. */
  tryAcquire(key: string, limit: number): Promise<ConcurrencySlot | null>;
}

export interface ConcurrencyLimiterOptions {
  /** Namespaces the keys; two limiters with different names never share slots, two of one name always do. */
  name: string;
  /**
   * Redis only: a slot not released within this time is given back by itself, so a process that crashed
   * mid-run cannot hold a user's slots forever. Must exceed the longest possible run.
   */
  leaseMs: number;
}

/**
 * Counts runs in flight per key: in this process by default, in Redis when REDIS_URL is set so that every
 * app instance shares the counts. Same interface either way.
 */
export function createConcurrencyLimiter(options: ConcurrencyLimiterOptions): ConcurrencyLimiter {
  const redis = redisClient();
  return redis ? redisLimiter(redis, options) : memoryLimiter(options.name);
}

// Releases of the slots held in this process, by token: a worker releases a slot whichever copy of lib/ took it.
const localReleases = processWide("slot-releases", () => new Map<string, () => Promise<void>>());

const REDIS_TOKEN = "redis:";

/**
 * Releases a slot by its token, whichever limiter took it. A token of a slot held in another process without
 * Redis (or already released) releases nothing.
 */
export async function releaseSlotToken(token: string): Promise<void> {
  if (token.startsWith(REDIS_TOKEN)) {
    const redis = redisClient();
    const [setKey, slotId] = JSON.parse(token.slice(REDIS_TOKEN.length)) as [string, string];
    await redis?.zrem(setKey, slotId);
    return;
  }
  await localReleases.get(token)?.();
}

function once(token: string, release: () => Promise<void>): ConcurrencySlot {
  let released = false;
  return {
    token,
    async release() {
      if (released) return;
      released = true;
      await release();
    },
  };
}

function memoryLimiter(name: string): ConcurrencyLimiter {
  // Slots held per key, one count per process: a run submitted through the edge's fast path and one through Next
  // take the same user's slots.
  const held = processWide(`slots:${name}`, () => new Map<string, number>());
  return {
    async tryAcquire(key, limit) {
      const count = held.get(key) ?? 0;
      if (count >= limit) return null;
      held.set(key, count + 1);
      const token = randomUUID();
      const slot = once(token, async () => {
        localReleases.delete(token);
        const left = (held.get(key) ?? 1) - 1;
        if (left > 0) held.set(key, left);
        else held.delete(key);
      });
      localReleases.set(token, () => slot.release());
      return slot;
    },
  };
}

// One sorted set per key: a member per held slot, scored by when its lease ends (Redis's own clock, so
// instances with skewed clocks agree). Expired leases are dropped before counting; all in one atomic script.
const ACQUIRE_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local lease = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + lease, ARGV[3])
redis.call('PEXPIRE', KEYS[1], lease)
return 1
`;

function redisLimiter(redis: Redis, { name, leaseMs }: ConcurrencyLimiterOptions): ConcurrencyLimiter {
  return {
    async tryAcquire(key, limit) {
      const setKey = redisKey(`${name}:${key}`);
      const slotId = randomUUID();
      const acquired = await redis.eval(ACQUIRE_SCRIPT, 1, setKey, limit, Math.ceil(leaseMs), slotId);
      if (acquired !== 1) return null;
      return once(`${REDIS_TOKEN}${JSON.stringify([setKey, slotId])}`, async () => {
        await redis.zrem(setKey, slotId);
      });
    },
  };
}
