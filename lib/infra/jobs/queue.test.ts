// The queue engine this run is configured with (in process without REDIS_URL, BullMQ with it): job ids, attempts
// and exponential backoff behave the same on both.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { backoffDelayMs } from "./backoff";
import { type JobOutcome, jobQueue, type QueueWorker, startQueueWorker } from "./queue";

interface TestJob {
  key: string;
}

/** A queue of this test's own, and the times its processor was called, per job. */
function testQueue() {
  const name = `test-${randomUUID()}`;
  const calls: string[] = [];
  return { name, calls, queue: jobQueue<TestJob>(name) };
}

const count = (calls: string[], key: string) => calls.filter((call) => call === key).length;

describe("the queue engine", () => {
  it("computes BullMQ's exponential backoff", () => {
    const backoff = { type: "exponential" as const, delay: 1000 };
    expect([1, 2, 3, 7].map((n) => backoffDelayMs(backoff, n))).toEqual([1000, 2000, 4000, 64_000]);
    expect(backoffDelayMs(undefined, 3)).toBe(0);
  });

  it("retries a job whose processor throws, up to its attempts, and drops it after the last", async () => {
    const { name, calls, queue } = testQueue();
    // "ok" fails twice then succeeds; "never" always fails.
    const worker = startQueueWorker<TestJob>(
      name,
      async ({ key }): Promise<JobOutcome> => {
        calls.push(key);
        if (key === "never" || count(calls, key) < 3) throw new Error(`${key} failed`);
        return { done: true };
      },
      2,
    );
    try {
      const options = { attempts: 4, backoff: { type: "exponential" as const, delay: 10 } };
      await queue.add({ key: "ok" }, { jobId: "ok", ...options });
      await queue.add({ key: "never" }, { jobId: "never", ...options });
      await expect.poll(() => count(calls, "never"), { timeout: 10_000 }).toBe(4);
      await expect.poll(() => count(calls, "ok"), { timeout: 10_000 }).toBe(3);
      // Done and dropped: the ids are free again, so each runs once more (once for "never": attempts are per job).
      await queue.add({ key: "ok" }, { jobId: "ok" });
      await queue.add({ key: "never" }, { jobId: "never" });
      await expect.poll(() => [count(calls, "ok"), count(calls, "never")], { timeout: 10_000 }).toEqual([4, 5]);
    } finally {
      await worker.close();
    }
  });

  it("adds a job id once while it waits", async () => {
    const { name, calls, queue } = testQueue();
    await queue.add({ key: "a" }, { jobId: "same" });
    await queue.add({ key: "b" }, { jobId: "same" });
    const worker = startQueueWorker<TestJob>(
      name,
      async ({ key }) => {
        calls.push(key);
        return { done: true };
      },
      1,
    );
    try {
      await queue.add({ key: "c" }, { jobId: "other" });
      await expect.poll(() => calls.includes("c"), { timeout: 10_000 }).toBe(true);
      expect(calls).toEqual(["a", "c"]);
    } finally {
      await worker.close();
    }
  });

  it("keeps a job waiting for its retry when its worker closes: the next worker retries it", async () => {
    const { name, calls, queue } = testQueue();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = startQueueWorker<TestJob>(
      name,
      async ({ key }) => {
        calls.push(`first:${key}`);
        await gate;
        throw new Error("receiver down");
      },
      1,
    );
    await queue.add({ key: "job" }, { jobId: "job", attempts: 3, backoff: { type: "exponential", delay: 50 } });
    await expect.poll(() => calls, { timeout: 10_000 }).toEqual(["first:job"]);
    // The worker stops while its attempt is in flight; the attempt then fails.
    const closed = first.close();
    release();
    await closed;
    let second: QueueWorker | undefined;
    try {
      second = startQueueWorker<TestJob>(
        name,
        async ({ key }) => {
          calls.push(`second:${key}`);
          return { done: true };
        },
        1,
      );
      await expect.poll(() => calls, { timeout: 10_000 }).toEqual(["first:job", "second:job"]);
    } finally {
      await second?.close();
    }
  });

  it("puts a job that asks to wait back in the queue without counting a failed attempt", async () => {
    const { name, calls, queue } = testQueue();
    const worker = startQueueWorker<TestJob>(
      name,
      async ({ key }): Promise<JobOutcome> => {
        calls.push(key);
        return calls.length < 3 ? { done: false, retryInMs: 10 } : { done: true };
      },
      1,
    );
    try {
      // One attempt only, yet it waits twice: waiting is not failing.
      await queue.add({ key: "slot" }, { jobId: "slot", attempts: 1 });
      await expect.poll(() => calls.length, { timeout: 10_000 }).toBe(3);
    } finally {
      await worker.close();
    }
  });
});
