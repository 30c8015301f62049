// Test support for run tests: real users in the test database, each with a unique email.
import { randomUUID } from "node:crypto";
import { issueApiToken } from "@/lib/auth/tokens";
import type { PlanId } from "@/lib/config/plans";
import { db } from "@/lib/db";

export async function createTestUser(plan: PlanId = "free") {
  return db.user.create({
    data: { email: `runs-${randomUUID()}@example.com`, passwordHash: "not-a-real-hash", plan },
    select: { id: true, email: true, plan: true },
  });
}

export async function bearerHeaders(userId: number): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await issueApiToken(userId)}` };
}
