import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { authenticate } from "@/lib/accounts/login";
import { LOGIN_THROTTLED_ERROR, loginSchema } from "@/lib/accounts/schemas";
import { authSecret, env } from "@/lib/infra/env";
import { isAppError } from "@/lib/infra/errors";
import { clientIp } from "../auth/client-ip";
import { currentSessionVersion, newSessionId } from "../auth/sessions";
import { SESSION_MAX_AGE_SECONDS } from "../auth/signed-in-hint";

/**
 * The credentials provider's check: the user for next-auth to put in the session, or null. A throttled attempt
 * throws, which next-auth hands to signIn() as its `error`.
 */
export async function authorizeCredentials(credentials: unknown, headers: Record<string, string | string[] | undefined>) {
  const parsed = loginSchema.safeParse(credentials ?? {});
  if (!parsed.success) return null;
  try {
    const user = await authenticate(parsed.data, clientIp(headers));
    return user ? { id: String(user.id), email: user.email } : null;
  } catch (error) {
    if (isAppError(error, "too_many_login_attempts")) throw new Error(LOGIN_THROTTLED_ERROR);
    throw error;
  }
}

export { SESSION_MAX_AGE_SECONDS };

/**
 * Browser sessions (next-auth 4): a credentials provider and an encrypted JWT in an httpOnly, SameSite=Lax
 * cookie, marked Secure (and named __Secure-…) when the app is served over https. The token's `sub` is the
 * user id, which lib/auth/session-cookie.ts reads back. `origin` is where next-auth is served: it reads
 * NEXTAUTH_URL from the process environment itself, which npm start and npm run dev set (scripts/next-env.ts).
 * At sign-in the token gets its own id (`sid`) and the user's session version (`sv`), which make it revocable
 * (lib/auth/sessions.ts).
 */
export function authOptions(origin: string = env.NEXTAUTH_URL): NextAuthOptions {
  return {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    useSecureCookies: new URL(origin).protocol === "https:",
    pages: { signIn: "/login", error: "/login" },
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          token.sid = newSessionId();
          token.sv = await currentSessionVersion(Number(user.id));
        }
        return token;
      },
    },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        authorize: (credentials, req) => authorizeCredentials(credentials, req.headers ?? {}),
      }),
    ],
  };
}
