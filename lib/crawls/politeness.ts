// Politeness per host: how many requests a crawl has under way on one host and how often it starts one. Pure
// logic over plain data and a clock the caller passes in ("now", in ms), so the same rules can run in one
// process (the bench, tests) or over state a job engine keeps in a database row per host.

/** Requests under way per host when the caller does not say (the default). */
export const DEFAULT_HOST_CONCURRENCY = 2;
/** Minimum time between two request starts on one host when robots.txt sets no Crawl-delay. */
export const DEFAULT_HOST_DELAY_MS = 0;

export interface HostPolicy {
  /** Requests under way at most. */
  concurrency: number;
  /** Minimum time between two request starts, in ms. */
  delayMs: number;
}

export interface HostState {
  /** Requests under way. */
  active: number;
  /** When the last request started, or null before the first. */
  lastStartAt: number | null;
  /** No request starts before this time (the site asked us to back off: 429, 503, Retry-After), or null. */
  pausedUntil: number | null;
}

export const IDLE_HOST: HostState = Object.freeze({ active: 0, lastStartAt: null, pausedUntil: null });

/**
 * The policy for one host. A robots.txt Crawl-delay means "wait this long between requests", which only holds
 * with one request at a time: it lowers concurrency to 1 and raises the delay to at least its value.
 */
export function hostPolicy(
  options: { concurrency?: number; delayMs?: number } = {},
  crawlDelayMs: number | null = null,
): HostPolicy {
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? DEFAULT_HOST_CONCURRENCY));
  const delayMs = Math.max(0, options.delayMs ?? DEFAULT_HOST_DELAY_MS);
  if (crawlDelayMs === null || crawlDelayMs <= 0) return { concurrency, delayMs };
  return { concurrency: 1, delayMs: Math.max(delayMs, crawlDelayMs) };
}

/**
 * When the host may start its next request: a time (now or later; start when it is reached), or null when it
 * is at its concurrency and must wait for a request to finish first.
 */
export function readyAt(state: HostState, policy: HostPolicy, now: number): number | null {
  if (state.active >= policy.concurrency) return null;
  const afterDelay = state.lastStartAt === null ? now : state.lastStartAt + policy.delayMs;
  return Math.max(now, afterDelay, state.pausedUntil ?? now);
}

export function started(state: HostState, now: number): HostState {
  return { ...state, active: state.active + 1, lastStartAt: now };
}

export function finished(state: HostState): HostState {
  return { ...state, active: Math.max(0, state.active - 1) };
}

/** The site asked us to back off until `until` (a later pause wins; an earlier one does not shorten it). */
export function paused(state: HostState, until: number): HostState {
  return { ...state, pausedUntil: Math.max(until, state.pausedUntil ?? until) };
}

// ─── Backing off ─────────────────────────────────────────────────────────────────────────────────────────────
// A site answering 429 (too many requests) or 503 (unavailable) asks us to slow down: the host is paused and the
// page tried again after the pause, a bounded number of times (docs/decisions.md#crawls-back-off-on-429-and-503).

/** Statuses that pause the host and send the page back to the frontier. */
export const BACK_OFF_STATUSES: ReadonlySet<number> = new Set([429, 503]);
/** The longest pause, whatever Retry-After says: past it, the page is tried again (and counted as a retry). */
export const MAX_PAUSE_MS = 120_000;
/** The first pause when the site sent no Retry-After; it doubles with each throttled answer in a row. */
export const DEFAULT_BACKOFF_MS = 5_000;
/** Times a page is sent back after a 429/503 before its next one is its end: four requests at most. */
export const MAX_PAGE_RETRIES = 3;

/**
 * How long to pause a host after a 429/503: its Retry-After (seconds, capped at MAX_PAUSE_MS) when it sent one,
 * the site knows its own limits; else DEFAULT_BACKOFF_MS doubled for each throttled answer of the host in a row
 * before this one (`streak`: 0 for the first), capped alike.
 */
export function backoffMs(retryAfterSeconds: number | null, streak: number): number {
  if (retryAfterSeconds !== null) return Math.min(MAX_PAUSE_MS, Math.max(0, retryAfterSeconds) * 1000);
  return Math.min(MAX_PAUSE_MS, DEFAULT_BACKOFF_MS * 2 ** Math.min(Math.max(0, streak), 16));
}

export type NextHost =
  /** Start a request on this host now. */
  | { host: string }
  /** Nothing may start before `at`; null: every host with work is at its concurrency (wait for a finish). */
  | { host: null; at: number | null };

/**
 * The rules above for many hosts in one process: it holds each host's state and, given the hosts that have
 * work and the time, says which may go next. Among hosts that are ready it picks the one served least
 * recently, so one big host cannot starve the others.
 */
export class PolitenessScheduler {
  private readonly states = new Map<string, HostState>();
  private readonly crawlDelays = new Map<string, number | null>();

  constructor(private readonly options: { concurrency?: number; delayMs?: number } = {}) {}

  /** The host's robots.txt Crawl-delay (already capped by robots.ts), or null. */
  setCrawlDelay(host: string, crawlDelayMs: number | null): void {
    this.crawlDelays.set(host, crawlDelayMs);
  }

  policy(host: string): HostPolicy {
    return hostPolicy(this.options, this.crawlDelays.get(host) ?? null);
  }

  state(host: string): HostState {
    return this.states.get(host) ?? IDLE_HOST;
  }

  next(hostsWithWork: Iterable<string>, now: number): NextHost {
    let best: { host: string; lastStartAt: number } | null = null;
    let earliest: number | null = null;
    for (const host of hostsWithWork) {
      const state = this.state(host);
      const at = readyAt(state, this.policy(host), now);
      if (at === null) continue;
      if (at <= now) {
        const last = state.lastStartAt ?? Number.NEGATIVE_INFINITY;
        if (!best || last < best.lastStartAt) best = { host, lastStartAt: last };
      } else if (earliest === null || at < earliest) earliest = at;
    }
    return best ? { host: best.host } : { host: null, at: earliest };
  }

  start(host: string, now: number): void {
    this.states.set(host, started(this.state(host), now));
  }

  finish(host: string): void {
    this.states.set(host, finished(this.state(host)));
  }

  pause(host: string, until: number): void {
    this.states.set(host, paused(this.state(host), until));
  }
}
