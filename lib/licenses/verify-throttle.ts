import { env } from "@/lib/env";
import { createLimiter, type LimitResult } from "@/lib/rate-limit/limiter";

const limiter = createLimiter({
  name: "verify-license",
  points: env.VERIFY_RATE_LIMIT_PER_MINUTE,
  durationSeconds: 60,
});

/**
 * The caller's address: the last X-Forwarded-For entry, the one written by the proxy nearest to us (Next sets the
 * header from the socket when no proxy did). Earlier entries are whatever the client claimed.
 */
export function clientIp(headers: Headers): string {
  const forwarded = headers
    .get("x-forwarded-for")
    ?.split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  return forwarded?.at(-1) ?? headers.get("x-real-ip") ?? "unknown";
}

/** Counts one verification for the caller's IP against VERIFY_RATE_LIMIT_PER_MINUTE. */
export function throttleVerification(headers: Headers): Promise<LimitResult> {
  return limiter.consume(clientIp(headers));
}
