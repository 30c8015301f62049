import "server-only";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/infra/db";

/**
 * What a browser session or an API token says about itself (docs/architecture.md#sessions): whose it is, its own
 * id, the user's session version it was issued under, and when it expires. Both are stateless JWTs; what makes
 * them revocable is checked against the user's row, which every authenticated request reads anyway.
 */
export interface SessionClaims {
  userId: number;
  /** The token's id: logout revokes this one. */
  sessionId: string;
  /** User.sessionVersion when issued: raising it ends every session of the user. */
  version: number;
  expiresAt: Date;
}

export function newSessionId(): string {
  return randomUUID();
}

/** The user's current session version, for a new session or token to carry (0 for an unknown user). */
export async function currentSessionVersion(userId: number): Promise<number> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { sessionVersion: true } });
  return user?.sessionVersion ?? 0;
}

/** Claims as read from a decoded token, or null when one is missing or of the wrong type. */
export function claimsFrom(payload: { sub?: unknown; sid?: unknown; sv?: unknown; exp?: unknown } | null): SessionClaims | null {
  const userId = Number(payload?.sub);
  const { sid, sv, exp } = payload ?? {};
  if (!Number.isSafeInteger(userId) || userId <= 0) return null;
  if (typeof sid !== "string" || sid === "" || typeof sv !== "number" || !Number.isSafeInteger(sv)) return null;
  if (typeof exp !== "number") return null;
  return { userId, sessionId: sid, version: sv, expiresAt: new Date(exp * 1000) };
}

/**
 * The select that checks a session while reading its user: the version and whether this session was revoked
 * come with the row, so the check costs no query of its own (docs/decisions.md#revocable-sessions).
 */
export function sessionCheckSelect(sessionId: string) {
  return { sessionVersion: true, revokedSessions: { where: { id: sessionId }, select: { id: true } } } as const;
}

export function isSessionCurrent(
  claims: SessionClaims,
  user: { sessionVersion: number; revokedSessions: { id: string }[] },
): boolean {
  return user.sessionVersion === claims.version && user.revokedSessions.length === 0;
}

/** Ends one session or token (logout). Revocations past their token's expiry are dropped on the way. */
export async function endSession(claims: SessionClaims): Promise<void> {
  await db.revokedSession.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  await db.revokedSession.upsert({
    where: { id: claims.sessionId },
    create: { id: claims.sessionId, userId: claims.userId, expiresAt: claims.expiresAt },
    update: {},
  });
}

/** Ends every session and API token of the user ("log out everywhere", and what a password change must call). */
export async function endAllSessions(userId: number): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
}
