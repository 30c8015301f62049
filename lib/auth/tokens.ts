import "server-only";
import { jwtVerify, SignJWT } from "jose";
import { authSecret } from "@/lib/env";

// API tokens returned by login/register and accepted as `Authorization: Bearer <jwt>` on key and license routes.
export const API_TOKEN_ISSUER = "scrapedeck";
export const API_TOKEN_AUDIENCE = "scrapedeck-api";
export const API_TOKEN_TTL_SECONDS = 24 * 60 * 60;

function key(secret = authSecret()): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function issueApiToken(
  userId: number,
  options: { secret?: string; expiresInSeconds?: number } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(userId))
    .setIssuer(API_TOKEN_ISSUER)
    .setAudience(API_TOKEN_AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + (options.expiresInSeconds ?? API_TOKEN_TTL_SECONDS))
    .sign(key(options.secret));
}

/** The user id a valid token names, or null for anything expired, forged or malformed. */
export async function verifyApiToken(token: string): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, key(), {
      algorithms: ["HS256"],
      issuer: API_TOKEN_ISSUER,
      audience: API_TOKEN_AUDIENCE,
    });
    const id = Number(payload.sub);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}
