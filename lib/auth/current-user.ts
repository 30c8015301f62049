import "server-only";
import { type PlanId, planOf } from "@/lib/config/plans";
import type { HeaderReader } from "@/lib/infra/api/operation";
import { db } from "@/lib/infra/db";
import { bearerCredential } from "./bearer";
import { sessionFromCookie } from "./session-cookie";
import { isSessionCurrent, type SessionClaims, sessionCheckSelect } from "./sessions";
import { verifyApiTokenClaims } from "./tokens";

export interface CurrentUser {
  id: number;
  email: string;
  plan: PlanId;
  /** How the request proved who it is: the browser session cookie or a bearer API token. */
  via: "cookie" | "bearer";
  /** The session or token it proved it with (what logout ends). */
  session: SessionClaims;
}

/**
 * The one way to learn who is calling: `Authorization: Bearer <jwt>` when present, else the session cookie.
 * The user is read from the database, so a deleted account stops working at once, and with it whether the
 * session is still current: not revoked by a logout, issued under the user's present session version.
 */
export async function getCurrentUser(headers: HeaderReader): Promise<CurrentUser | null> {
  const authorization = headers.get("authorization");
  let session: SessionClaims | null;
  let via: CurrentUser["via"];
  if (authorization) {
    const token = bearerCredential(authorization);
    session = token ? await verifyApiTokenClaims(token) : null;
    via = "bearer";
  } else {
    session = await sessionFromCookie(headers.get("cookie"));
    via = "cookie";
  }
  if (session === null) return null;
  const user = await db.user.findUnique({
    where: { id: session.userId },
    select: { id: true, email: true, plan: true, ...sessionCheckSelect(session.sessionId) },
  });
  if (!user || !isSessionCurrent(session, user)) return null;
  return { id: user.id, email: user.email, plan: planOf(user.plan), via, session };
}
