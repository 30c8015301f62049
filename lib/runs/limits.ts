import "server-only";
import { PLANS, type Plan, type PlanId, planIncludes, runsOneAtATime } from "@/lib/config/plans";
import { AppError } from "@/lib/infra/errors";
import { log } from "@/lib/infra/log";
import { type ConcurrencySlot, createConcurrencyLimiter, releaseSlotToken } from "@/lib/infra/rate-limit/concurrency";
import { createLimiter, type Limiter, type LimitResult } from "@/lib/infra/rate-limit/limiter";

/**
 * A slot left behind by a crashed process frees itself after this long (Redis only). It is far longer than
 * any run can take: the engine gives up on a site well within a minute.
 */
const RUN_SLOT_LEASE_MS = 5 * 60 * 1000;

/** A slot that could not be freed (Redis down) is tried again this often, this many times; then its lease frees it. */
const SLOT_RELEASE_RETRY_MS = 5000;
const SLOT_RELEASE_TRIES = 12;

/** When a concurrent-run refusal suggests trying again: runs usually finish within seconds. */
const CONCURRENCY_RETRY_AFTER_SECONDS = 1;

/** The per-user plan limits around a run, across all of the user's keys (docs/architecture.md#limits-and-where-they-live). */
export interface RunLimits {
  /**
   * Counts one request against the plan's requests per minute and says where the user stands (for the
   * X-RateLimit-* headers); rate_limited past the limit.
   */
  consumeRequest(userId: number, plan: Plan): Promise<LimitResult>;
  /** Holds one of the plan's concurrent-run slots until released; concurrency_limited when all are taken. */
  acquireSlot(userId: number, plan: Plan): Promise<ConcurrencySlot>;
  /** A slot when one is free, else null: queued runs wait for one instead of being refused. */
  trySlot(userId: number, plan: Plan): Promise<ConcurrencySlot | null>;
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
    async consumeRequest(userId, plan) {
      const result = await requestLimiter(plan).consume(String(userId));
      if (!result.allowed) {
        throw new AppError(
          "rate_limited",
          `Rate limit exceeded: the ${plan.name} plan allows ${plan.requestsPerMinute} requests per minute. Retry in ${result.retryAfterSeconds} seconds.`,
          { retryAfterSeconds: result.retryAfterSeconds, rateLimit: result },
        );
      }
      return result;
    },
    trySlot(userId, plan) {
      return slots.tryAcquire(String(userId), plan.concurrentRuns);
    },
    async acquireSlot(userId, plan) {
      const slot = await slots.tryAcquire(String(userId), plan.concurrentRuns);
      if (slot) return slot;
      const allowance = runsOneAtATime(plan) ? "one run at a time" : `${plan.concurrentRuns} runs at a time`;
      throw new AppError(
        "concurrency_limited",
        `Too many concurrent runs: the ${plan.name} plan allows ${allowance}. Retry when a run has finished.`,
        { retryAfterSeconds: CONCURRENCY_RETRY_AFTER_SECONDS },
      );
    },
  };
}

/** The limits the run endpoint enforces. */
export const runLimits: RunLimits = createRunLimits("runs");

/** plan_required unless the plan includes a scraper that requires `requiredPlan`. */
export function assertPlanIncludes(plan: Plan, requiredPlan: PlanId): void {
  if (!planIncludes(plan.id, requiredPlan)) {
    throw new AppError("plan_required", `This scraper requires the ${PLANS[requiredPlan].name} plan`);
  }
}

/**
 * Frees a run's concurrent-run slot by its token once the run has ended (or was not taken). Never throws: while
 * Redis is unreachable it tries again every few seconds for a minute, and a slot still held after that frees
 * itself when its lease ends (RUN_SLOT_LEASE_MS). Nothing about the run waits for it.
 */
export async function releaseRunSlot(token: string | null | undefined, triesLeft = SLOT_RELEASE_TRIES): Promise<void> {
  if (!token) return;
  try {
    await releaseSlotToken(token);
  } catch (err) {
    if (triesLeft <= 1) {
      log.error({ err }, "could not free a concurrent-run slot; its lease will");
      return;
    }
    log.warn({ err }, "could not free a concurrent-run slot; trying again");
    setTimeout(() => void releaseRunSlot(token, triesLeft - 1), SLOT_RELEASE_RETRY_MS).unref();
  }
}
