// Response shapes of the monitors API (docs/product.md#entities), snake_case; their schemas are in schema.ts.
import type { CheckDto, CheckStatus, CheckUrlResult, MonitorDto } from "./schema";

export function toMonitorDto(
  row: {
    id: number;
    name: string;
    scraperId: number;
    urls: string;
    cron: string | null;
    timeZone: string | null;
    everyMs: bigint | null;
    fields: string | null;
    webhookUrl: string | null;
    failureThreshold: number;
    enabled: boolean;
    pausedReason: string | null;
    lastCheckAt: Date | null;
    consecutiveFailures: number;
    createdAt: Date;
    updatedAt: Date;
  },
  nextCheckAt: Date | null,
): MonitorDto {
  return {
    id: row.id,
    name: row.name,
    scraper_id: row.scraperId,
    urls: JSON.parse(row.urls) as string[],
    schedule: row.cron !== null ? { cron: row.cron, timezone: row.timeZone ?? "UTC" } : { interval_ms: Number(row.everyMs) },
    fields: row.fields === null ? null : (JSON.parse(row.fields) as string[]),
    webhook_url: row.webhookUrl,
    failure_threshold: row.failureThreshold,
    enabled: row.enabled,
    paused_reason: row.pausedReason,
    next_check_at: nextCheckAt?.toISOString() ?? null,
    last_check_at: row.lastCheckAt?.toISOString() ?? null,
    consecutive_failures: row.consecutiveFailures,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toCheckDto(row: {
  id: number;
  monitorId: number;
  status: string;
  manual: boolean;
  dueAt: Date;
  createdAt: Date;
  finishedAt: Date | null;
  error: string | null;
  results: string | null;
}): CheckDto {
  return {
    id: row.id,
    monitor_id: row.monitorId,
    status: row.status as CheckStatus,
    manual: row.manual,
    due_at: row.dueAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    error: row.error,
    results: row.results === null ? [] : (JSON.parse(row.results) as CheckUrlResult[]),
  };
}
