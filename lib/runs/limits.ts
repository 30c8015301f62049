import { type Plan, type PlanId, planIncludes, planOf } from "@/lib/config/plans";
import { forbidden, tooManyRequests } from "@/lib/http";
import { type ConcurrencySlot, createConcurrencyLimiter } from "@/lib/rate-limit/concurrency";
import { createLimiter, type Limiter, rateLimitHeaders } from "@/lib/rate-limit/limiter";

/**
 * A slot left behind by a crashed process frees itself after this long (Redis only). It is far longer than
 * any run can take: the engine gives up on a site well within a minute.
 */
const RUN_SLOT_LEASE_MS = 5 * 60 * 1000;

/** When a concurrent-run refusal suggests trying again: runs usually finish within seconds. */
const CONCURRENCY_RETRY_AFTER_SECONDS = 1;

/** The per-user plan limits around a run, across all of the user's keys (docs/architecture.md#limits-and-where-they-live). */
export interface RunLimits {
  /** Counts one request against the plan's requests per minute; X-RateLimit-* go on every answer, 429 past it. */
  consumeRequest(userId: number, plan: Plan, responseHeaders: Headers): Promise<void>;
  /** Holds one of the plan's concurrent-run slots until released; 429 when all are taken. */
  acquireSlot(userId: number, plan: Plan): Promise<ConcurrencySlot>;
}

/** Limits whose counters live under `namespace` (in this process, or in Redis when REDIS_URL is set). */
export function createRunLimits(namespace: string): RunLimits {
  // One fixed-window limiter per plan, since a limiter's points are fixed; a plan change starts a new window.
  const requestLimiters = new Map<PlanId, Limiter>();
  const requestLimiter = (plan: Plan) => {
    let limiter = requestLimiters.get(plan.id);
    if (!limiter) {
      limiter = createLimiter({ name: `${namespace}:requests:${plan.id}`, points: plan.requestsPerMinute, durationSeconds: 60 });
      requestLimiters.set(plan.id, limiter);
    }
    return limiter;
  };
  const slots = createConcurrencyLimiter({ name: `${namespace}:slots`, leaseMs: RUN_SLOT_LEASE_MS });

  return {
    async consumeRequest(userId, plan, responseHeaders) {
      const result = await requestLimiter(plan).consume(String(userId));
      for (const [name, value] of Object.entries(rateLimitHeaders(result))) responseHeaders.set(name, value);
      if (!result.allowed) {
        throw tooManyRequests(
          `Rate limit exceeded: the ${plan.name} plan allows ${plan.requestsPerMinute} requests per minute. Retry in ${result.retryAfterSeconds} seconds.`,
          result.retryAfterSeconds,
          "rate_limited",
        );
      }
    },
    async acquireSlot(userId, plan) {
      const slot = await slots.tryAcquire(String(userId), plan.concurrentRuns);
      if (slot) return slot;
      const allowance = plan.concurrentRuns === 1 ? "one run at a time" : `${plan.concurrentRuns} runs at a time`;
      throw tooManyRequests(
        `Too many concurrent runs: the ${plan.name} plan allows ${allowance}. Retry when a run has finished.`,
        CONCURRENCY_RETRY_AFTER_SECONDS,
        "concurrency_limited",
      );
    },
  };
}

/** The limits the run endpoint enforces. */
export const runLimits: RunLimits = createRunLimits("runs");

/** 403 unless the plan includes a scraper that requires `requiredPlan`. */
export function assertPlanIncludes(plan: Plan, requiredPlan: string): void {
  if (!planIncludes(plan.id, requiredPlan)) {
    throw forbidden(`This scraper requires the ${planOf(requiredPlan).name} plan`, "plan_required");
  }
}
