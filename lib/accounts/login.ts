import "server-only";
import { AppError } from "@/lib/infra/errors";
import { createLimiter, type LimitResult } from "@/lib/infra/rate-limit/limiter";
import { type UserDto, verifyCredentials } from "./accounts";
import {
  LOGIN_FAILURES_PER_EMAIL,
  LOGIN_FAILURES_PER_EMAIL_AND_IP,
  LOGIN_FAILURES_PER_IP,
  LOGIN_THROTTLE_WINDOW_SECONDS,
} from "./login-limits";
import { LOGIN_THROTTLED_MESSAGE, type LoginInput } from "./schemas";

const failuresByPair = createLimiter({
  name: "login-failures-email-ip",
  points: LOGIN_FAILURES_PER_EMAIL_AND_IP,
  durationSeconds: LOGIN_THROTTLE_WINDOW_SECONDS,
});
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

function throttled(results: LimitResult[]): AppError<"too_many_login_attempts"> {
  return new AppError("too_many_login_attempts", LOGIN_THROTTLED_MESSAGE, {
    retryAfterSeconds: Math.max(1, ...results.map((r) => r.retryAfterSeconds)),
  });
}

/**
 * Checks a login attempt (docs/decisions.md#login-throttling). Three counts of failures in a window: per account
 * and client address (the guesser's own limit), per client address (one address guessing many accounts), and per
 * account from everywhere. Past the per-account count only a client address with no failure for the account still
 * gets its password checked, so an attacker cannot lock the owner out from elsewhere, and one guessing from many
 * addresses gets a single try per address; a failure there is answered as throttled too.
 *
 * Every attempt takes its points up front, so parallel guesses cannot slip past a limit; a successful one gives them
 * back and clears its account-and-address count, so signing in never uses up the allowance.
 */
export async function authenticate(input: LoginInput, clientIp: string): Promise<UserDto | null> {
  const pairKey = `${input.email}|${clientIp}`;
  const [pair, ip, email] = await Promise.all([
    failuresByPair.consume(pairKey),
    failuresByIp.consume(clientIp),
    failuresByEmail.consume(input.email),
  ]);
  if (!pair.allowed || !ip.allowed) throw throttled([pair, ip].filter((r) => !r.allowed));
  // This attempt is the address's first point for the account: it has not been guessing.
  const addressIsClean = pair.remaining === LOGIN_FAILURES_PER_EMAIL_AND_IP - 1;
  if (!email.allowed && !addressIsClean) throw throttled([email]);

  const user = await verifyCredentials(input);
  if (user) {
    // A negative cost gives the point back.
    await Promise.all([
      failuresByPair.reset(pairKey),
      failuresByIp.consume(clientIp, -1),
      failuresByEmail.consume(input.email, -1),
    ]);
    return user;
  }
  if (!email.allowed) throw throttled([email]);
  return null;
}
