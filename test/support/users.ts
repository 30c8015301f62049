// Real users in the test database, made through the account code, with real tokens and cookies.
import { randomUUID } from "node:crypto";
import { encode } from "next-auth/jwt";
import { registerUser, type UserDto } from "@/lib/accounts/accounts";
import { issueApiToken } from "@/lib/auth/tokens";
import { authSecret } from "@/lib/infra/env";

export const TEST_PASSWORD = "correct-horse-battery";

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomUUID()}@example.com`;
}

/** A `Cookie` header carrying a next-auth session for the user, as the browser would send it. */
export async function sessionCookieFor(
  userId: number,
  options: { secret?: string; maxAgeSeconds?: number; sessionVersion?: number } = {},
): Promise<string> {
  const token = await encode({
    // What the sign-in's jwt callback puts in (lib/accounts/next-auth-options.ts): a session id and the session version.
    token: { sub: String(userId), sid: randomUUID(), sv: options.sessionVersion ?? 0 },
    secret: options.secret ?? authSecret(),
    maxAge: options.maxAgeSeconds,
  });
  return `next-auth.session-token=${token}`;
}

export interface TestUser extends UserDto {
  password: string;
  /** Bearer API token (as login returns). */
  token: string;
  /** `Cookie` header value of a browser session. */
  cookie: string;
}

export async function createTestUser({ email = uniqueEmail(), password = TEST_PASSWORD } = {}): Promise<TestUser> {
  const user = await registerUser({ email, password });
  return { ...user, password, token: await issueApiToken(user.id), cookie: await sessionCookieFor(user.id) };
}
