import "server-only";
import { AppError } from "@/lib/errors";
import { createLimiter, type LimitResult } from "@/lib/rate-limit/limiter";
import { type UserDto, verifyCredentials } from "./accounts";
import { LOGIN_FAILURES_PER_EMAIL, LOGIN_FAILURES_PER_IP, LOGIN_THROTTLE_WINDOW_SECONDS } from "./login-limits";
import { LOGIN_THROTTLED_MESSAGE, type LoginInput } from "./schemas";

const failuresByEmail = createLimiter({
  name: "login-failures-email",
  points: LOGIN_FAILURES_PER_EMAIL,
  durationSeconds: LOGIN_THROTTLE_WINDOW_SECONDS,
});
const failuresByIp = createLimiter({
  name: "login-failures-ip",
  points: LOGIN_FAILURES_PER_IP,
  durationSeconds: LOGIN_THROTTLE_WINDOW_SECONDS,
});

function throttled(results: LimitResult[]): never {
  throw new AppError("too_many_login_attempts", LOGIN_THROTTLED_MESSAGE, {
    retryAfterSeconds: Math.max(...results.map((r) => r.retryAfterSeconds)),
  });
}

/**
 * Checks a login attempt, throttled per email and per client address (too_many_login_attempts, with when to try
 * again, once either has used up its failures). Every attempt takes a point up front, so parallel guesses cannot
 * slip past the limit; a successful one gives its points back, so signing in never uses up the allowance.
 */
export async function authenticate(input: LoginInput, clientIp: string): Promise<UserDto | null> {
  const results = await Promise.all([failuresByEmail.consume(input.email), failuresByIp.consume(clientIp)]);
  if (results.some((r) => !r.allowed)) throttled(results.filter((r) => !r.allowed));
  const user = await verifyCredentials(input);
  if (user) {
    // A negative cost gives the point back.
    await Promise.all([failuresByEmail.reset(input.email), failuresByIp.consume(clientIp, -1)]);
  }
  return user;
}
