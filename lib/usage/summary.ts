import "server-only";
import { PLANS, planOf } from "@/lib/config/plans";
import { db } from "@/lib/infra/db";
import type { UsageSummary } from "./schema";

/** The quota period a moment falls in: its calendar month in UTC, "YYYY-MM" (the MonthlyUsage key). */
export function usageMonth(now: Date = new Date()): string {
  return now.toISOString().slice(0, 7);
}

export type { UsageSummary };

/** Where a user stands this month against their plan (docs/product.md#plans-and-limits). */
export async function getUsageSummary(userId: number, now: Date = new Date()): Promise<UsageSummary> {
  const month = usageMonth(now);
  const [user, usage] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { plan: true } }),
    db.monthlyUsage.findUnique({ where: { userId_month: { userId, month } }, select: { successfulRuns: true } }),
  ]);
  const plan = PLANS[planOf(user.plan)];
  return {
    plan: plan.id,
    month,
    successful_runs: usage?.successfulRuns ?? 0,
    monthly_quota: plan.monthlyRuns,
    requests_per_minute: plan.requestsPerMinute,
    concurrent_runs: plan.concurrentRuns,
  };
}
