import "server-only";
import type { Plan } from "@/lib/config/plans";
import { db, isUniqueViolation } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { usageMonth } from "./summary";

/** One reserved run; releasing it gives the run back to the month it was taken from. */
export interface QuotaReservation {
  userId: number;
  month: string;
}

export const quotaExceeded = (plan: Plan) =>
  new AppError(
    "quota_exceeded",
    `Monthly quota used up: the ${plan.name} plan includes ${plan.monthlyRuns.toLocaleString("en-US")} successful runs per month. It resets on the 1st (UTC); upgrade for more.`,
  );

/**
 * Takes one run from the user's monthly quota before the run starts, or throws quota_exceeded. One conditional
 * UPDATE increments the month's row only while it is below the quota, so parallel runs can never overshoot: the
 * database decides, not a read-then-write here. The month's first run creates the row (racing creators
 * meet the primary key, and the losers simply retry the UPDATE).
 */
export async function reserveRun(userId: number, plan: Plan, now: Date = new Date()): Promise<QuotaReservation> {
  const month = usageMonth(now);
  const increment = () =>
    db.monthlyUsage.updateMany({
      where: { userId, month, successfulRuns: { lt: plan.monthlyRuns } },
      data: { successfulRuns: { increment: 1 } },
    });
  let { count } = await increment();
  if (count === 0) {
    await db.monthlyUsage.create({ data: { userId, month } }).catch(ignoreUniqueViolation);
    ({ count } = await increment());
  }
  if (count === 0) throw quotaExceeded(plan);
  return { userId, month };
}

function ignoreUniqueViolation(error: unknown): void {
  if (!isUniqueViolation(error)) throw error;
}

/** Gives a reserved run back (the run failed): failed runs are free. */
export async function releaseRun({ userId, month }: QuotaReservation): Promise<void> {
  await db.monthlyUsage.updateMany({
    where: { userId, month, successfulRuns: { gt: 0 } },
    data: { successfulRuns: { decrement: 1 } },
  });
}
