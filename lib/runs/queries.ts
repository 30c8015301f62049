import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { cancelOpenRun } from "./cancel";
import { runDetailDto, runSummaryDto } from "./dto";
import type { ListRunsQuery } from "./schema";

const summaryFields = {
  id: true,
  scraperId: true,
  scraper: { select: { name: true } },
  url: true,
  status: true,
  itemCount: true,
  durationMs: true,
  errorCode: true,
  error: true,
  createdAt: true,
  finishedAt: true,
} as const;

/** The user's runs, newest first, one page at a time. */
export async function listRuns(userId: number, { page, per_page }: ListRunsQuery) {
  const [rows, total] = await Promise.all([
    db.scraperRun.findMany({
      where: { userId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * per_page,
      take: per_page,
      select: summaryFields,
    }),
    db.scraperRun.count({ where: { userId } }),
  ]);
  return { data: rows.map(runSummaryDto), page, per_page, total, has_more: page * per_page < total };
}

/** One of the user's runs; not_found for a missing run or someone else's. */
export async function getRun(userId: number, id: number) {
  const row = await db.scraperRun.findFirst({
    where: { id, userId },
    select: {
      ...summaryFields,
      resultData: true,
      deliveries: { select: { attempts: true, lastStatus: true }, orderBy: { id: "asc" }, take: 1 },
    },
  });
  if (!row) throw new AppError("not_found", "Run not found");
  return runDetailDto(row);
}

/**
 * Cancels one of the user's runs that has not ended, queued or running: it becomes cancelled, its quota is given
 * back and a running run's worker stops (lib/runs/cancel.ts). A finished run answers not_cancellable.
 */
export async function cancelRun(userId: number, id: number) {
  const run = await db.scraperRun.findFirst({ where: { id, userId }, select: { id: true, userId: true, quotaMonth: true } });
  if (!run) throw new AppError("not_found", "Run not found");
  if (!(await cancelOpenRun(run, "Cancelled at your request.")))
    throw new AppError("not_cancellable", "This run has already ended: only a queued or running run can be cancelled.");
  return getRun(userId, id);
}
