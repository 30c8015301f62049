import type { z } from "zod";
import { publicEnv } from "@/lib/infra/public-env";
import { type RunOutputs, readRunOutputs } from "@/lib/scrapers/run-options";
import type { ScrapedItem } from "@/lib/scrapers/types";
import { isResultRetained, resultExpiresAt } from "./retention";
import type { runAcceptedSchema, runDetailSchema, runResultSchema, runSummarySchema } from "./schema";
import type { RunStatus } from "./status";

export interface CompletedRun {
  id: number;
  scraperId: number;
  url: string;
  items: ScrapedItem[];
  /** What it produced beside its items (lib/scrapers/run-options.ts): answered beside `data`. */
  outputs: RunOutputs;
  durationMs: number;
  createdAt: Date;
}

export interface AcceptedRun {
  id: number;
  scraperId: number;
  url: string;
  createdAt: Date;
}

/** Where a run's status is read: GET /api/runs/{id}, absolute on the app's public origin. */
export function runStatusUrl(id: number, origin: string = publicEnv.APP_URL): string {
  return new URL(`/api/runs/${id}`, origin).href;
}

/** 202 of POST /api/scrapers/{id}/run: an async run, or a synchronous one still going when the wait ended. */
export function runAcceptedDto(
  run: AcceptedRun,
  status: "queued" | "running" = "queued",
  origin?: string,
): z.output<typeof runAcceptedSchema> {
  return {
    id: run.id,
    status,
    scraper_id: run.scraperId,
    url: run.url,
    created_at: run.createdAt.toISOString(),
    status_url: runStatusUrl(run.id, origin),
  };
}

/** 200 of POST /api/scrapers/{id}/run (docs/product.md#entities: id, status, data, plus where and how long). */
export function runResultDto(run: CompletedRun): z.output<typeof runResultSchema> {
  return {
    id: run.id,
    status: "success" as const,
    scraper_id: run.scraperId,
    url: run.url,
    data: run.items,
    ...run.outputs,
    duration_ms: run.durationMs,
    created_at: run.createdAt.toISOString(),
  };
}

/** The columns of a RunRow, as a Prisma select. */
export const RUN_ROW_FIELDS = {
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

export interface RunDetailRow extends RunRow {
  resultData: string | null;
  /** scraper_runs.outputs: spread beside `data` while the items are kept. */
  outputs: string | null;
  /** The run's webhook deliveries (one event per run). */
  deliveries: { attempts: number; lastStatus: number | null; urlDisabled: boolean }[];
}

/**
 * GET /api/runs/{id}: the summary plus the error as `{code, message}`, the extracted items while they are kept
 * and the webhook's delivery state. `data` is null for a run without items (queued, running, failed) and once
 * the retention period is over, whether or not the purge ran yet.
 */
export function runDetailDto(run: RunDetailRow, now: Date = new Date()): z.output<typeof runDetailSchema> {
  const { resultData } = run;
  const delivery = run.deliveries[0];
  const retained = resultData !== null && isResultRetained(run.createdAt, now);
  return {
    ...runSummaryDto(run),
    error: run.errorCode ? { code: run.errorCode, message: run.error ?? "" } : null,
    data: retained ? (JSON.parse(resultData) as ScrapedItem[]) : null,
    ...(retained ? readRunOutputs(run.outputs) : {}),
    data_expires_at: run.status === "success" ? resultExpiresAt(run.createdAt).toISOString() : null,
    webhook: delivery
      ? { attempts: delivery.attempts, last_status: delivery.lastStatus, url_disabled: delivery.urlDisabled }
      : null,
  };
}

export type RunDetailDto = ReturnType<typeof runDetailDto>;
