// A user on a given plan with an API key, made through the real account and key code, and their run submissions.
import { randomUUID } from "node:crypto";
import { runScraperEndpoint } from "@/app/api/scrapers/[id]/run/endpoint";
import { createApiKey } from "@/lib/api-keys/keys";
import type { PlanId } from "@/lib/config/plans";
import { db } from "@/lib/infra/db";
import { createRunLimits } from "@/lib/runs/limits";
import { callJson } from "./requests";
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

/** POST /api/scrapers/{id}/run with the user's API key, through limits of its own (no counts shared with other tests). */
export function submitRun(user: RunTestUser, scraperId: number, body: unknown, headers: Record<string, string> = {}) {
  return callJson(runScraperEndpoint(createRunLimits(`test-${randomUUID()}`)), {
    method: "POST",
    path: `/api/scrapers/${scraperId}/run`,
    headers: { ...user.keyHeaders, ...headers },
    body,
    params: { id: String(scraperId) },
  });
}
