import { clientIp } from "@/lib/auth/client-ip";
import { env } from "@/lib/env";
import { createLimiter, type LimitResult } from "@/lib/rate-limit/limiter";

const limiter = createLimiter({
  name: "verify-license",
  points: env.VERIFY_RATE_LIMIT_PER_MINUTE,
  durationSeconds: 60,
});

/** Counts one verification for the caller's IP against VERIFY_RATE_LIMIT_PER_MINUTE. */
export function throttleVerification(headers: Headers): Promise<LimitResult> {
  return limiter.consume(clientIp(headers));
}
