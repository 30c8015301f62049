import "server-only";
import type { Plan, PlanId } from "@/lib/config/plans";
import { db } from "@/lib/db";
import { AppError, type ErrorCode } from "@/lib/errors";
import { log } from "@/lib/log";
import { scrapePage } from "@/lib/scrapers/engine";
import { ScrapeError } from "@/lib/scrapers/errors";
import type { ScraperKind } from "@/lib/scrapers/kinds";
import type { ScrapedItem } from "@/lib/scrapers/types";
import { releaseRun, reserveRun } from "@/lib/usage/quota";
import { assertPlanIncludes, type RunLimits, runLimits } from "./limits";
import { purgeExpiredResultsOccasionally } from "./retention";
import type { RunRequest } from "./schema";

/** What a run needs to know about its scraper. */
export interface RunnableScraper {
  id: number;
  kind: ScraperKind;
  requiredPlan: PlanId;
}

export interface RunInput {
  userId: number;
  /** The user's plan, whose limits apply. */
  plan: Plan;
  /** The API key the run was called with. */
  apiKeyId: number;
  scraper: RunnableScraper;
  request: RunRequest;
  /** Aborts when the caller hangs up: the engine stops and the run is recorded as cancelled. */
  signal: AbortSignal;
}

export interface CompletedRun {
  id: number;
  scraperId: number;
  url: string;
  items: ScrapedItem[];
  durationMs: number;
  createdAt: Date;
}

/** Why a run failed, as recorded on it. */
interface RunFailure {
  code: ErrorCode;
  message: string;
}

const unexpectedFailure: RunFailure = { code: "internal_error", message: "The run failed on our side. Please try again." };

/** The AppError a failed scrape is answered with; null when the failure is a bug (answered as a plain internal error). */
function expectedFailure(error: unknown, signal: AbortSignal): AppError | null {
  if (error instanceof ScrapeError) return error;
  // The caller hung up and the engine stopped: nobody reads the answer, but the run's record says why it ended.
  if (signal.aborted) return new AppError("cancelled", "The caller closed the request before the run finished.");
  return null;
}

/** The scraper a run names; not_found when there is none. */
export async function findRunnableScraper(id: number): Promise<RunnableScraper> {
  const scraper = await db.scraper.findUnique({ where: { id }, select: { id: true, kind: true, requiredPlan: true } });
  if (!scraper) throw new AppError("not_found", "Scraper not found");
  return scraper;
}

/**
 * Runs a scraper for an API-key caller whose request has been counted, its scraper found and its body read
 * (the run endpoint does those first). The checks go on cheapest and least committal first, so a refused call
 * leaves nothing behind: plan includes the scraper (plan_required) → concurrent-run slot (concurrency_limited)
 * → monthly quota reserved (quota_exceeded) → run recorded as running → page scraped. Success stores the
 * items; failure records the reason and gives the quota back (failed runs are free). The slot is always released.
 */
export async function runScraper(input: RunInput, limits: RunLimits = runLimits): Promise<CompletedRun> {
  assertPlanIncludes(input.plan, input.scraper.requiredPlan);
  const slot = await limits.acquireSlot(input.userId, input.plan);
  try {
    return await reserveAndRun(input);
  } finally {
    await slot.release();
  }
}

async function reserveAndRun({ userId, plan, apiKeyId, scraper, request: body, signal }: RunInput): Promise<CompletedRun> {
  const reservation = await reserveRun(userId, plan);
  const run = await db.scraperRun
    .create({
      data: { userId, apiKeyId, scraperId: scraper.id, url: body.url, status: "running" },
      select: { id: true, createdAt: true },
    })
    .catch(async (error: unknown) => {
      // No run to charge for: the reservation goes back before the route kit answers 500.
      await releaseRun(reservation);
      throw error;
    });
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let items: ScrapedItem[];
  try {
    items = await scrapePage(scraper.kind, body.url, { includeReviews: body.include_reviews ?? false, signal });
  } catch (error) {
    const expected = expectedFailure(error, signal);
    const failure: RunFailure = expected ?? unexpectedFailure;
    await releaseRun(reservation);
    await db.scraperRun.update({
      where: { id: run.id },
      data: { status: "failed", durationMs: elapsed(), errorCode: failure.code, error: failure.message, finishedAt: new Date() },
    });
    // Unexpected errors go on to the route kit, which logs them with the request id and answers a plain internal error.
    throw expected ?? error;
  }
  const durationMs = elapsed();
  await db.scraperRun
    .update({
      where: { id: run.id },
      data: { status: "success", itemCount: items.length, durationMs, resultData: JSON.stringify(items), finishedAt: new Date() },
    })
    .catch(async (error: unknown) => {
      // The caller gets a 500, not the items: that run is not charged either.
      await releaseRun(reservation);
      throw error;
    });
  await purgeExpiredResultsOccasionally().catch((err: unknown) => log.error({ err }, "could not purge expired run results"));
  return { id: run.id, scraperId: scraper.id, url: body.url, items, durationMs, createdAt: run.createdAt };
}
