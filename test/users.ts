// Users made straight in the test database, and the headers that authenticate them on routes.
import { randomUUID } from "node:crypto";
import { encode } from "next-auth/jwt";
import { issueApiToken } from "@/lib/auth/tokens";
import type { PlanId } from "@/lib/config/plans";
import { db } from "@/lib/db";
import { authSecret } from "@/lib/env";

export async function createUser(plan: PlanId = "free") {
  return db.user.create({
    data: { email: `user-${randomUUID()}@example.test`, passwordHash: "not-a-real-hash", plan },
    select: { id: true, email: true, plan: true },
  });
}

export async function bearerHeaders(userId: number): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await issueApiToken(userId)}` };
}

/** The browser's next-auth session cookie for a user. */
export async function sessionCookieHeaders(userId: number): Promise<Record<string, string>> {
  const token = await encode({ token: { sub: String(userId) }, secret: authSecret() });
  return { cookie: `next-auth.session-token=${token}` };
}
