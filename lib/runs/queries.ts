import "server-only";
import { db, inOneSnapshot } from "@/lib/infra/db";
import { hotQuery } from "@/lib/infra/db/hot";
import { AppError } from "@/lib/infra/errors";
import { RUN_ROW_FIELDS, runDetailDto, runSummaryDto } from "./dto";
import type { ListRunsQuery } from "./schema";
import { RUN_DETAIL } from "./sql";

/** The user's runs, newest first, one page at a time. */
export async function listRuns(userId: number, { page, per_page }: ListRunsQuery) {
  // One snapshot: a run added meanwhile is in both the page and the total, or in neither.
  const [rows, total] = await inOneSnapshot([
    db.scraperRun.findMany({
      where: { userId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * per_page,
      take: per_page,
      select: RUN_ROW_FIELDS,
    }),
    db.scraperRun.count({ where: { userId } }),
  ]);
  return { data: rows.map(runSummaryDto), page, per_page, total, has_more: page * per_page < total };
}

/** One of the user's runs; not_found for a missing run or someone else's. */
export async function getRun(userId: number, id: number) {
  const [row] = await hotQuery(RUN_DETAIL, [id, userId]);
  if (!row) throw new AppError("not_found", "Run not found");
  return runDetailDto({
    id: row.id,
    scraperId: row.scraperId,
    scraper: { name: row.scraperName },
    url: row.url,
    status: row.status,
    itemCount: row.itemCount,
    durationMs: row.durationMs,
    errorCode: row.errorCode,
    error: row.error,
    createdAt: new Date(row.createdAt),
    finishedAt: row.finishedAt === null ? null : new Date(row.finishedAt),
    // SQLite answers 1/0, PostgreSQL true/false.
    rendered: Boolean(row.rendered),
    resultData: row.resultData,
    outputs: row.outputs,
    deliveries:
      row.deliveryId === null
        ? []
        : [
            {
              attempts: row.deliveryAttempts ?? 0,
              lastStatus: row.deliveryLastStatus,
              urlDisabled: Boolean(row.deliveryUrlDisabled),
            },
          ],
  });
}
