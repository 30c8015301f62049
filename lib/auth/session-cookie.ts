import "server-only";
import { decode } from "next-auth/jwt";
import { authSecret } from "@/lib/infra/env";
import { claimsFrom, type SessionClaims } from "./sessions";
import { expiredSignedInHintCookie, signedInHintCookie } from "./signed-in-hint";

// next-auth's JWT session cookie; the __Secure- name is used when the app is served over https.
export const SESSION_COOKIE_NAMES = ["__Secure-next-auth.session-token", "next-auth.session-token"] as const;

export function readCookie(cookieHeader: string | null, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const separator = part.indexOf("=");
    if (separator > 0 && part.slice(0, separator).trim() === name) {
      try {
        return decodeURIComponent(part.slice(separator + 1).trim());
      } catch {
        // A value that is not valid percent-encoding is no cookie of ours.
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * The claims of a session cookie that decrypts and has not expired, or null. Whether it was revoked is checked
 * with its user (lib/auth/current-user.ts).
 */
export async function sessionFromCookie(cookieHeader: string | null): Promise<SessionClaims | null> {
  for (const name of SESSION_COOKIE_NAMES) {
    const token = readCookie(cookieHeader, name);
    if (!token) continue;
    try {
      const claims = claimsFrom(await decode({ token, secret: authSecret() }));
      if (claims) return claims;
    } catch {
      // An unreadable cookie is the same as no cookie.
    }
  }
  return null;
}

/** The user id of a session cookie that decrypts and has not expired, or null (no revocation check: no database). */
export async function userIdFromSessionCookie(cookieHeader: string | null): Promise<number | null> {
  return (await sessionFromCookie(cookieHeader))?.userId ?? null;
}

/**
 * Set-Cookie values that expire the session cookie under both names and every other next-auth cookie the
 * request carries (a chunked session, the CSRF and callback cookies).
 */
export function expiredSessionCookies(cookieHeader: string | null): string[] {
  const names = new Set<string>(SESSION_COOKIE_NAMES);
  for (const part of cookieHeader?.split(";") ?? []) {
    const name = part.split("=", 1)[0]?.trim();
    if (name && /^(__Secure-|__Host-)?next-auth\./.test(name)) names.add(name);
  }
  return [...names]
    .map((name) => {
      // Browsers ignore a __Secure-/__Host- cookie that is not marked Secure, even one that deletes.
      const secure = /^__(Secure|Host)-/.test(name) ? "; Secure" : "";
      return `${name}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax${secure}`;
    })
    .concat(expiredSignedInHintCookie());
}

/**
 * next-auth's answer with the signed-in hint (lib/auth/signed-in-hint.ts) following its session cookie: set beside a
 * new session, removed beside a removed one.
 */
export function withSignedInHint(response: Response): Response {
  const sessionCookies = response.headers
    .getSetCookie()
    .filter((cookie) => SESSION_COOKIE_NAMES.some((name) => cookie.startsWith(`${name}=`)));
  if (sessionCookies.length === 0) return response;
  const signedIn = sessionCookies.some((cookie) => !/^[^=]+=;/.test(cookie));
  const answer = new Response(response.body, response);
  answer.headers.append(
    "Set-Cookie",
    signedIn ? signedInHintCookie(sessionCookies[0]?.startsWith("__Secure-") ?? false) : expiredSignedInHintCookie(),
  );
  return answer;
}
