// A user on a given plan with an API key, made through the real account and key code, and their run submissions.
import { randomUUID } from "node:crypto";
import { createApiKey } from "@/lib/api-keys/keys";
import type { PlanId } from "@/lib/config/plans";
import { type NextRouteHandler, serve } from "@/lib/http";
import { db } from "@/lib/infra/db";
import { createRunLimits, type RunLimits } from "@/lib/runs/limits";
import { makeRunScraperBatchOperation, makeRunScraperOperation } from "@/lib/runs/operations";
import type { SubmitOptions } from "@/lib/runs/run";
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

/** The run endpoint's POST with limits (and a synchronous wait) of a test's own, so counters never leak between tests. */
export function runScraperEndpoint(limits?: RunLimits, options?: Omit<SubmitOptions, "limits">): NextRouteHandler {
  return serve(makeRunScraperOperation(limits, options)).POST;
}

/** The batch endpoint's POST with limits of a test's own. */
export function batchEndpoint(limits?: RunLimits): NextRouteHandler {
  return serve(makeRunScraperBatchOperation(limits)).POST;
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
