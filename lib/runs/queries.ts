import "server-only";
import { db } from "@/lib/infra/db";
import { type HotStatement, hotQuery } from "@/lib/infra/db/hot";
import { AppError } from "@/lib/infra/errors";
import { type RunRow, runDetailDto, runSummaryDto } from "./dto";
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

/**
 * One run of one user with its scraper's name and its first webhook delivery, in one indexed read: what
 * GET /api/runs/{id} answers, which scraper clients poll with their API key (lib/infra/db/hot.ts). Times are read as
 * ISO text in both dialects (PostgreSQL's driver would read a timestamp without zone in the server's local time).
 */
const RUN_DETAIL: HotStatement = {
  name: "run_detail",
  sqlite: `SELECT r.id, r.scraper_id AS "scraperId", s.name AS "scraperName", r.url, r.status, r.item_count AS "itemCount",
      r.duration_ms AS "durationMs", r.error_code AS "errorCode", r.error, r.created_at AS "createdAt",
      r.finished_at AS "finishedAt", r.result_data AS "resultData", d.id AS "deliveryId", d.attempts AS "deliveryAttempts",
      d.last_status AS "deliveryLastStatus"
    FROM scraper_runs r JOIN scrapers s ON s.id = r.scraper_id
      LEFT JOIN webhook_deliveries d ON d.id = (SELECT min(id) FROM webhook_deliveries WHERE run_id = r.id)
    WHERE r.id = ? AND r.user_id = ?`,
  postgres: `SELECT r.id, r.scraper_id AS "scraperId", s.name AS "scraperName", r.url, r.status::text AS status,
      r.item_count AS "itemCount", r.duration_ms AS "durationMs", r.error_code AS "errorCode", r.error,
      to_char(r.created_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
      to_char(r.finished_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "finishedAt", r.result_data AS "resultData",
      d.id AS "deliveryId", d.attempts AS "deliveryAttempts", d.last_status AS "deliveryLastStatus"
    FROM scraper_runs r JOIN scrapers s ON s.id = r.scraper_id
      LEFT JOIN webhook_deliveries d ON d.id = (SELECT min(id) FROM webhook_deliveries WHERE run_id = r.id)
    WHERE r.id = $1 AND r.user_id = $2`,
};

/** RUN_DETAIL's row: a run row with its scraper's name flattened, times as ISO text, and its first delivery. */
type RunDetailSqlRow = Omit<RunRow, "scraper" | "createdAt" | "finishedAt"> & {
  scraperName: string;
  createdAt: string;
  finishedAt: string | null;
  resultData: string | null;
  deliveryId: number | null;
  deliveryAttempts: number | null;
  deliveryLastStatus: number | null;
};

/** One of the user's runs; not_found for a missing run or someone else's. */
export async function getRun(userId: number, id: number) {
  const [row] = await hotQuery<RunDetailSqlRow>(RUN_DETAIL, [id, userId]);
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
    resultData: row.resultData,
    deliveries: row.deliveryId === null ? [] : [{ attempts: row.deliveryAttempts ?? 0, lastStatus: row.deliveryLastStatus }],
  });
}
