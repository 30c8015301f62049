import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  backoffMs,
  DEFAULT_BACKOFF_MS,
  DEFAULT_HOST_CONCURRENCY,
  hostPolicy,
  IDLE_HOST,
  MAX_PAUSE_MS,
  PolitenessScheduler,
  paused,
  readyAt,
  started,
} from "./politeness";

describe("one host's rules", () => {
  it("defaults to two requests at a time with no delay", () => {
    expect(hostPolicy()).toEqual({ concurrency: DEFAULT_HOST_CONCURRENCY, delayMs: 0 });
    expect(DEFAULT_HOST_CONCURRENCY).toBe(2);
  });

  it("a Crawl-delay means one request at a time, at least that far apart", () => {
    expect(hostPolicy({ concurrency: 4, delayMs: 100 }, 2_000)).toEqual({ concurrency: 1, delayMs: 2_000 });
    expect(hostPolicy({ concurrency: 4, delayMs: 3_000 }, 2_000)).toEqual({ concurrency: 1, delayMs: 3_000 });
    expect(hostPolicy({ concurrency: 4 }, 0)).toEqual({ concurrency: 4, delayMs: 0 });
  });

  it("says when the next request may start: now, after the delay, after a pause, or after a finish", () => {
    const policy = { concurrency: 2, delayMs: 500 };
    expect(readyAt(IDLE_HOST, policy, 1_000)).toBe(1_000);
    const one = started(IDLE_HOST, 1_000);
    expect(readyAt(one, policy, 1_100)).toBe(1_500);
    expect(readyAt(one, policy, 2_000)).toBe(2_000);
    expect(readyAt(started(one, 1_500), policy, 1_600)).toBeNull();
    expect(readyAt(paused(one, 9_000), policy, 2_000)).toBe(9_000);
    expect(paused(paused(one, 9_000), 5_000).pausedUntil).toBe(9_000);
  });
});

describe("the scheduler", () => {
  it("keeps each host within its concurrency and serves hosts in turn", () => {
    const scheduler = new PolitenessScheduler();
    const hosts = ["a.example", "b.example"];
    const order: string[] = [];
    for (let i = 0; i < 5; i++) {
      const next = scheduler.next(hosts, 0);
      if (!next.host) {
        expect(next).toEqual({ host: null, at: null });
        break;
      }
      scheduler.start(next.host, 0);
      order.push(next.host);
    }
    expect(order).toEqual(["a.example", "b.example", "a.example", "b.example"]);
    scheduler.finish("b.example");
    expect(scheduler.next(hosts, 10)).toEqual({ host: "b.example" });
  });

  it("waits out a host's Crawl-delay and says until when", () => {
    const scheduler = new PolitenessScheduler();
    scheduler.setCrawlDelay("slow.example", 2_000);
    scheduler.start("slow.example", 1_000);
    scheduler.finish("slow.example");
    expect(scheduler.next(["slow.example"], 1_500)).toEqual({ host: null, at: 3_000 });
    expect(scheduler.next(["slow.example", "fast.example"], 1_500)).toEqual({ host: "fast.example" });
    expect(scheduler.next(["slow.example"], 3_000)).toEqual({ host: "slow.example" });
  });

  it("never breaks a host's limits, whatever the order of events", () => {
    type Event = { kind: "tick"; ms: number } | { kind: "finish"; host: number } | { kind: "pause"; host: number; ms: number };
    const event: fc.Arbitrary<Event> = fc.oneof(
      fc.record({ kind: fc.constant("tick" as const), ms: fc.integer({ min: 0, max: 3_000 }) }),
      fc.record({ kind: fc.constant("finish" as const), host: fc.integer({ min: 0, max: 2 }) }),
      fc.record({
        kind: fc.constant("pause" as const),
        host: fc.integer({ min: 0, max: 2 }),
        ms: fc.integer({ min: 0, max: 5_000 }),
      }),
    );
    fc.assert(
      fc.property(
        fc.array(event, { maxLength: 60 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 1_000 }),
        (events, concurrency, delayMs) => {
          const hosts = ["h0", "h1", "h2"];
          const scheduler = new PolitenessScheduler({ concurrency, delayMs });
          scheduler.setCrawlDelay("h2", 1_500);
          const active = new Map(hosts.map((host) => [host, 0]));
          const starts = new Map<string, number[]>(hosts.map((host) => [host, []]));
          const pausedUntil = new Map<string, number>();
          let now = 0;
          for (const step of events) {
            if (step.kind === "tick") now += step.ms;
            if (step.kind === "finish") {
              const host = hosts[step.host] as string;
              if ((active.get(host) ?? 0) > 0) {
                scheduler.finish(host);
                active.set(host, (active.get(host) ?? 0) - 1);
              }
            }
            if (step.kind === "pause") {
              const host = hosts[step.host] as string;
              scheduler.pause(host, now + step.ms);
              pausedUntil.set(host, Math.max(pausedUntil.get(host) ?? 0, now + step.ms));
            }
            // Start everything the scheduler allows at this moment.
            for (let next = scheduler.next(hosts, now); next.host; next = scheduler.next(hosts, now)) {
              const host = next.host;
              const policy = scheduler.policy(host);
              const previous = starts.get(host)?.at(-1);
              expect(active.get(host)).toBeLessThan(policy.concurrency);
              if (previous !== undefined) expect(now - previous).toBeGreaterThanOrEqual(policy.delayMs);
              expect(now).toBeGreaterThanOrEqual(pausedUntil.get(host) ?? 0);
              scheduler.start(host, now);
              active.set(host, (active.get(host) ?? 0) + 1);
              starts.get(host)?.push(now);
            }
          }
        },
      ),
    );
  });
});

describe("backing off after a 429 or 503", () => {
  it("honours Retry-After, capped at MAX_PAUSE_MS, whatever the streak", () => {
    expect(backoffMs(1, 0)).toBe(1_000);
    expect(backoffMs(1, 5)).toBe(1_000);
    expect(backoffMs(0, 3)).toBe(0);
    expect(backoffMs(3_600, 0)).toBe(MAX_PAUSE_MS);
    expect(MAX_PAUSE_MS).toBe(120_000);
  });

  it("without Retry-After: the default, doubling with each throttled answer in a row, capped alike", () => {
    expect(DEFAULT_BACKOFF_MS).toBe(5_000);
    expect([0, 1, 2, 3, 4, 5, 6, 100].map((streak) => backoffMs(null, streak))).toEqual([
      5_000,
      10_000,
      20_000,
      40_000,
      80_000,
      MAX_PAUSE_MS,
      MAX_PAUSE_MS,
      MAX_PAUSE_MS,
    ]);
  });
});
