import type { z } from "zod";
import type { ScrapedItem } from "@/lib/scrapers/types";
import { isResultRetained, resultExpiresAt } from "./retention";
import type { CompletedRun } from "./run";
import type { runDetailSchema, runResultSchema, runSummarySchema } from "./schema";
import type { RunStatus } from "./status";

/** 200 of POST /api/scrapers/{id}/run (docs/product.md#entities: id, status, data, plus where and how long). */
export function runResultDto(run: CompletedRun): z.output<typeof runResultSchema> {
  return {
    id: run.id,
    status: "success" as const,
    scraper_id: run.scraperId,
    url: run.url,
    data: run.items,
    duration_ms: run.durationMs,
    created_at: run.createdAt.toISOString(),
  };
}

export interface RunRow {
  id: number;
  scraperId: number;
  scraper: { name: string };
  url: string;
  status: RunStatus;
  itemCount: number;
  durationMs: number | null;
  errorCode: string | null;
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

/** One run in GET /api/runs. */
export function runSummaryDto(run: RunRow): z.output<typeof runSummarySchema> {
  return {
    id: run.id,
    scraper_id: run.scraperId,
    scraper_name: run.scraper.name,
    status: run.status,
    url: run.url,
    item_count: run.itemCount,
    duration_ms: run.durationMs,
    error_code: run.errorCode,
    error: run.error,
    created_at: run.createdAt.toISOString(),
    finished_at: run.finishedAt?.toISOString() ?? null,
  };
}

export type RunSummaryDto = ReturnType<typeof runSummaryDto>;

/**
 * GET /api/runs/{id}: the summary plus the extracted items while they are kept. `data` is null for a run
 * without items (failed, running) and once the retention period is over, whether or not the purge ran yet.
 */
export function runDetailDto(
  run: RunRow & { resultData: string | null },
  now: Date = new Date(),
): z.output<typeof runDetailSchema> {
  const { resultData } = run;
  return {
    ...runSummaryDto(run),
    data: resultData !== null && isResultRetained(run.createdAt, now) ? (JSON.parse(resultData) as ScrapedItem[]) : null,
    data_expires_at: run.status === "success" ? resultExpiresAt(run.createdAt).toISOString() : null,
  };
}
