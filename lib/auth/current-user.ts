import "server-only";
import type { PlanId } from "@/lib/config/plans";
import { db } from "@/lib/db";
import { bearerCredential } from "./bearer";
import { userIdFromSessionCookie } from "./session-cookie";
import { verifyApiToken } from "./tokens";

export interface CurrentUser {
  id: number;
  email: string;
  plan: PlanId;
  /** How the request proved who it is: the browser session cookie or a bearer API token. */
  via: "cookie" | "bearer";
}

/**
 * The one way to learn who is calling: `Authorization: Bearer <jwt>` when present, else the session cookie.
 * The user is read from the database, so a deleted account stops working at once.
 */
export async function getCurrentUser(headers: Headers): Promise<CurrentUser | null> {
  const authorization = headers.get("authorization");
  let userId: number | null;
  let via: CurrentUser["via"];
  if (authorization) {
    const token = bearerCredential(authorization);
    userId = token ? await verifyApiToken(token) : null;
    via = "bearer";
  } else {
    userId = await userIdFromSessionCookie(headers.get("cookie"));
    via = "cookie";
  }
  if (userId === null) return null;
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true, email: true, plan: true } });
  return user ? { ...user, via } : null;
}
