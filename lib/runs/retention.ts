import "server-only";
import { db } from "@/lib/infra/db";

/** How long a run's extracted items are kept; its record (status, url, counts, error) stays. */
export const RESULT_RETENTION_DAYS = 7;
const RETENTION_MS = RESULT_RETENTION_DAYS * 24 * 60 * 60 * 1000;

/** When a run's items stop being served. */
export function resultExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + RETENTION_MS);
}

export function isResultRetained(createdAt: Date, now: Date = new Date()): boolean {
  return resultExpiresAt(createdAt) > now;
}

/** Clears the items of every run older than the retention period; returns how many were cleared. */
export async function purgeExpiredResults(now: Date = new Date()): Promise<number> {
  const { count } = await db.scraperRun.updateMany({
    where: { createdAt: { lte: new Date(now.getTime() - RETENTION_MS) }, resultData: { not: null } },
    // What the run produced beside its items (lib/scrapers/run-options.ts) goes with them.
    data: { resultData: null, outputs: null },
  });
  return count;
}

const PURGE_INTERVAL_MS = 60 * 60 * 1000;
let lastPurgeAt = 0;

/**
 * Purges at most once an hour per process, from the run path: no scheduler to deploy, and reads never serve
 * expired items anyway (see isResultRetained), so the purge only has to catch up eventually.
 */
export async function purgeExpiredResultsOccasionally(now: Date = new Date()): Promise<void> {
  if (now.getTime() - lastPurgeAt < PURGE_INTERVAL_MS) return;
  lastPurgeAt = now.getTime();
  await purgeExpiredResults(now);
}
