import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { createConcurrencyLimiter } from "./concurrency";

const usesRedis = Boolean(process.env.REDIS_URL);
const limiter = (leaseMs = 60_000) => createConcurrencyLimiter({ name: `test-${randomUUID()}`, leaseMs });

describe(`createConcurrencyLimiter (${usesRedis ? "Redis" : "in-process"})`, () => {
  it("hands out at most `limit` slots per key and reuses released ones", async () => {
    const slots = limiter();
    const first = await slots.tryAcquire("user-1", 2);
    const second = await slots.tryAcquire("user-1", 2);
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(await slots.tryAcquire("user-1", 2)).toBeNull();
    expect(await slots.tryAcquire("user-2", 2)).not.toBeNull();
    await first?.release();
    expect(await slots.tryAcquire("user-1", 2)).not.toBeNull();
  });

  it("releases a slot only once", async () => {
    const slots = limiter();
    const first = await slots.tryAcquire("k", 2);
    await slots.tryAcquire("k", 2);
    await first?.release();
    await first?.release();
    expect(await slots.tryAcquire("k", 2)).not.toBeNull();
    expect(await slots.tryAcquire("k", 2)).toBeNull();
  });

  it("is exact under parallel acquisition", async () => {
    const slots = limiter();
    const results = await Promise.all(Array.from({ length: 30 }, () => slots.tryAcquire("k", 5)));
    expect(results.filter(Boolean)).toHaveLength(5);
  });

  it("keeps limiters with different names apart", async () => {
    const a = limiter();
    const b = limiter();
    expect(await a.tryAcquire("k", 1)).not.toBeNull();
    expect(await a.tryAcquire("k", 1)).toBeNull();
    expect(await b.tryAcquire("k", 1)).not.toBeNull();
  });

  it.skipIf(!usesRedis)("gives back the slot of a run that never released it once its lease ends", async () => {
    const slots = limiter(200);
    expect(await slots.tryAcquire("crashed", 1)).not.toBeNull();
    expect(await slots.tryAcquire("crashed", 1)).toBeNull();
    await sleep(400);
    expect(await slots.tryAcquire("crashed", 1)).not.toBeNull();
  });
});
