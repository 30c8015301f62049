import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createLimiter } from "./limiter";

describe(`createLimiter (${process.env.REDIS_URL ? "Redis" : "in-process"})`, () => {
  it("allows the configured points per window, then refuses with a retry delay", async () => {
    const limiter = createLimiter({ name: `test-${randomUUID()}`, points: 3, durationSeconds: 60 });
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.consume("k"));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
    expect(results[3]?.retryAfterSeconds).toBeGreaterThan(0);
    expect(results.map((r) => r.limit)).toEqual([3, 3, 3, 3]);
  });

  it("counts exactly under parallel consumption", async () => {
    const limiter = createLimiter({ name: `test-${randomUUID()}`, points: 10, durationSeconds: 60 });
    const results = await Promise.all(Array.from({ length: 25 }, () => limiter.consume("k")));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it("keeps keys and limiters apart, and forgets a reset key", async () => {
    const name = `test-${randomUUID()}`;
    const a = createLimiter({ name, points: 1, durationSeconds: 60 });
    const b = createLimiter({ name: `${name}-other`, points: 1, durationSeconds: 60 });
    expect((await a.consume("x")).allowed).toBe(true);
    expect((await a.consume("x")).allowed).toBe(false);
    expect((await a.consume("y")).allowed).toBe(true);
    expect((await b.consume("x")).allowed).toBe(true);
    await a.reset("x");
    expect((await a.consume("x")).allowed).toBe(true);
  });
});
