// A webhook's delivery schedule, on its own so the API docs page can state it without loading the sender.
import { type Backoff, backoffDelayMs } from "@/lib/infra/jobs/backoff";

/** Attempts per event: the first, then retries after 1, 2, 4 … 64 minutes (127 minutes in all). */
export const MAX_WEBHOOK_ATTEMPTS = 8;
/** The first retry's wait in production; WEBHOOK_RETRY_BASE_MS changes it (tests wait milliseconds). */
export const DEFAULT_FIRST_RETRY_MS = 60_000;
/** How long one attempt may take before it counts as failed. */
export const ATTEMPT_TIMEOUT_MS = 10_000;

/** The queue engine's exponential backoff from the first retry's wait (WEBHOOK_RETRY_BASE_MS). */
export function webhookBackoff(firstRetryMs: number = DEFAULT_FIRST_RETRY_MS): Backoff {
  return { type: "exponential", delay: firstRetryMs };
}

/** The wait after the `attempts`-th failed attempt, as the engine times it. */
export function retryDelayMs(attempts: number, firstRetryMs: number = DEFAULT_FIRST_RETRY_MS): number {
  return backoffDelayMs(webhookBackoff(firstRetryMs), attempts);
}
