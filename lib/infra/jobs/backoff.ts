// How long a failed job waits before its next attempt, on its own (no queue engine loaded) so a page can state a
// schedule: BullMQ's built-in "exponential", which the in-process queue honours the same way (queue.ts).

/** The wait after the n-th failed attempt: `delay × 2^(n−1)` ms. */
export interface Backoff {
  type: "exponential";
  delay: number;
}

/** The wait after the `attemptsMade`-th failed attempt, as BullMQ computes its built-in "exponential" backoff. */
export function backoffDelayMs(backoff: Backoff | undefined, attemptsMade: number): number {
  return backoff ? Math.round(backoff.delay * 2 ** (attemptsMade - 1)) : 0;
}
