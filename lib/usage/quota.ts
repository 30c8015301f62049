import "server-only";
import type { Plan } from "@/lib/config/plans";
import { db, type Prisma } from "@/lib/infra/db";
import { hotQuery } from "@/lib/infra/db/hot";
import { AppError } from "@/lib/infra/errors";
import { RESERVE_RUN } from "./sql";
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
 * Takes one run from the user's monthly quota before the run starts, or throws quota_exceeded. The database
 * decides, not a read-then-write here: one conditional upsert increments the month's row only while it is below
 * the quota, and creates it for the month's first run (RESERVE_RUN).
 */
export async function reserveRun(userId: number, plan: Plan, now: Date = new Date()): Promise<QuotaReservation> {
  const month = usageMonth(now);
  // The upsert's insert takes the first run unconditionally: a plan without runs has none to take.
  if (plan.monthlyRuns < 1) throw quotaExceeded(plan);
  const taken = await hotQuery(RESERVE_RUN, [userId, month, plan.monthlyRuns]);
  if (taken.length === 0) throw quotaExceeded(plan);
  return { userId, month };
}

/**
 * Gives a reserved run back (the run failed): failed runs are free. Through `client`: a run's end gives it back in
 * the transaction that records the failure, so a failed run is never left charged.
 */
export async function releaseRun({ userId, month }: QuotaReservation, client: Prisma.TransactionClient = db): Promise<void> {
  await client.monthlyUsage.updateMany({
    where: { userId, month, successfulRuns: { gt: 0 } },
    data: { successfulRuns: { decrement: 1 } },
  });
}

/**
 * Takes `count` runs from the user's monthly quota at once, or none: batch_exceeds_quota when fewer are left.
 * The same conditional UPDATE as reserveRun, with room for all of them, through `client` (a batch reserves in the
 * transaction that records its runs). The month's row is made first if missing, by an upsert that never fails on
 * a concurrent one (a failed statement would abort PostgreSQL's transaction).
 */
export async function reserveRuns(
  userId: number,
  plan: Plan,
  count: number,
  now: Date = new Date(),
  client: Prisma.TransactionClient = db,
): Promise<QuotaReservation> {
  const month = usageMonth(now);
  await client.monthlyUsage.upsert({ where: { userId_month: { userId, month } }, create: { userId, month }, update: {} });
  const { count: updated } = await client.monthlyUsage.updateMany({
    where: { userId, month, successfulRuns: { lte: plan.monthlyRuns - count } },
    data: { successfulRuns: { increment: count } },
  });
  if (updated === 0) {
    const used = (await client.monthlyUsage.findUnique({ where: { userId_month: { userId, month } } }))?.successfulRuns ?? 0;
    throw new AppError(
      "batch_exceeds_quota",
      `The batch needs ${count} runs but only ${Math.max(0, plan.monthlyRuns - used)} are left this month on the ${plan.name} plan. Nothing was queued.`,
    );
  }
  return { userId, month };
}
