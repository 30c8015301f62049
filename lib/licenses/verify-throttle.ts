import "server-only";
import { env } from "@/lib/infra/env";
import { AppError } from "@/lib/infra/errors";
import { createLimiter, type LimitResult } from "@/lib/infra/rate-limit/limiter";

const limiter = createLimiter({
  name: "verify-license",
  points: env.VERIFY_RATE_LIMIT_PER_MINUTE,
  durationSeconds: 60,
});

/** Counts one verification from the caller's address against VERIFY_RATE_LIMIT_PER_MINUTE; rate_limited past it. */
export async function throttleVerification(clientIp: string): Promise<LimitResult> {
  const result = await limiter.consume(clientIp);
  if (!result.allowed) {
    throw new AppError("rate_limited", "Too many license verifications. Please try again later.", {
      retryAfterSeconds: result.retryAfterSeconds,
      rateLimit: result,
    });
  }
  return result;
}
