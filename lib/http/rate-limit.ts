import type { RateLimitState } from "@/lib/infra/rate-limit/limiter";

/** The X-RateLimit-* headers on every answer of a rate-limited endpoint (docs/api.md#rate-limit-headers). */
export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    "X-RateLimit-Limit": String(state.limit),
    "X-RateLimit-Remaining": String(state.remaining),
    "X-RateLimit-Reset": String(state.resetAt),
  };
}

/**
 * Puts a passed rate-limit check's X-RateLimit-* headers on the answer, whatever that answer turns out to be.
 * A refused check throws rate_limited with the limit in its details, and the error answer carries them too.
 */
export function setRateLimitHeaders(responseHeaders: Headers, state: RateLimitState): void {
  for (const [name, value] of Object.entries(rateLimitHeaders(state))) responseHeaders.set(name, value);
}
