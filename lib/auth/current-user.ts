import { db } from "@/lib/db";
import { userIdFromSessionCookie } from "./session-cookie";
import { verifyApiToken } from "./tokens";

export interface CurrentUser {
  id: number;
  email: string;
  plan: string;
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
    const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
    userId = match?.[1] ? await verifyApiToken(match[1]) : null;
    via = "bearer";
  } else {
    userId = await userIdFromSessionCookie(headers.get("cookie"));
    via = "cookie";
  }
  if (userId === null) return null;
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true, email: true, plan: true } });
  return user ? { ...user, via } : null;
}
