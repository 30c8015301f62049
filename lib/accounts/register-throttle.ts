import "server-only";
import { env } from "@/lib/infra/env";
import { AppError } from "@/lib/infra/errors";
import { createLimiter } from "@/lib/infra/rate-limit/limiter";

const REGISTRATION_WINDOW_SECONDS = 60 * 60;

const registrations = createLimiter({
  name: "registrations-ip",
  points: env.REGISTRATIONS_PER_IP_PER_HOUR,
  durationSeconds: REGISTRATION_WINDOW_SECONDS,
});

export const REGISTRATION_THROTTLED_MESSAGE = "Too many accounts created from this address. Please try again later.";

/**
 * Accounts one client address may try to create per hour (REGISTRATIONS_PER_IP_PER_HOUR): every valid attempt
 * counts, an email that is taken included, so the form is no cheap way to mint accounts or probe emails.
 */
export async function throttleRegistration(clientIp: string): Promise<void> {
  const result = await registrations.consume(clientIp);
  if (!result.allowed) {
    throw new AppError("rate_limited", REGISTRATION_THROTTLED_MESSAGE, {
      retryAfterSeconds: result.retryAfterSeconds,
      rateLimit: result,
    });
  }
}
