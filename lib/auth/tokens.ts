import "server-only";
import { jwtVerify, SignJWT } from "jose";
import { authSecret } from "@/lib/infra/env";
import { claimsFrom, currentSessionVersion, newSessionId, type SessionClaims } from "./sessions";

// API tokens returned by login/register and accepted as `Authorization: Bearer <jwt>` on key and license routes.
export const API_TOKEN_ISSUER = "scrapedeck";
export const API_TOKEN_AUDIENCE = "scrapedeck-api";
export const API_TOKEN_TTL_SECONDS = 24 * 60 * 60;

function key(secret = authSecret()): Uint8Array {
  return new TextEncoder().encode(secret);
}

/** A token for the user, carrying their current session version (read unless given) and an id of its own. */
export async function issueApiToken(
  userId: number,
  options: { secret?: string; expiresInSeconds?: number; sessionVersion?: number } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const sessionVersion = options.sessionVersion ?? (await currentSessionVersion(userId));
  return new SignJWT({ sid: newSessionId(), sv: sessionVersion })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(userId))
    .setIssuer(API_TOKEN_ISSUER)
    .setAudience(API_TOKEN_AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + (options.expiresInSeconds ?? API_TOKEN_TTL_SECONDS))
    .sign(key(options.secret));
}

/**
 * The claims of a validly signed, unexpired token, or null for anything expired, forged or malformed. Whether it
 * was revoked is checked with its user (lib/auth/current-user.ts).
 */
export async function verifyApiTokenClaims(token: string): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(), {
      algorithms: ["HS256"],
      issuer: API_TOKEN_ISSUER,
      audience: API_TOKEN_AUDIENCE,
    });
    return claimsFrom(payload);
  } catch {
    return null;
  }
}

/** The user id a validly signed, unexpired token names, or null. */
export async function verifyApiToken(token: string): Promise<number | null> {
  return (await verifyApiTokenClaims(token))?.userId ?? null;
}
