// A user on a given plan with an API key, made through the real account and key code.
import { createApiKey } from "@/lib/api-keys/keys";
import type { PlanId } from "@/lib/config/plans";
import { db } from "@/lib/infra/db";
import { createTestUser, type TestUser } from "./users";

export interface RunTestUser extends TestUser {
  /** `Authorization` header with the user's API key. */
  keyHeaders: Record<string, string>;
}

export async function createRunUser(plan: PlanId = "free"): Promise<RunTestUser> {
  const user = await createTestUser();
  if (plan !== "free") await db.user.update({ where: { id: user.id }, data: { plan } });
  const { key } = await createApiKey(user.id, { description: "runs test" });
  return { ...user, keyHeaders: { authorization: `Bearer ${key}` } };
}
