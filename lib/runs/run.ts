import type { ScraperKind } from "@/lib/catalogue/seed-data";
import { type Plan, planOf } from "@/lib/config/plans";
import { db } from "@/lib/db";
import { ApiError, notFound, parseId, parseJsonBody } from "@/lib/http";
import { log } from "@/lib/log";
import { scrapePage } from "@/lib/scrapers/engine";
import { ScrapeError } from "@/lib/scrapers/errors";
import type { ScrapedItem } from "@/lib/scrapers/types";
import { releaseRun, reserveRun } from "@/lib/usage/quota";
import { assertPlanIncludes, type RunLimits, runLimits } from "./limits";
import { purgeExpiredResultsOccasionally } from "./retention";
import { type RunRequest, runRequestSchema } from "./schema";

interface RunCaller {
  user: { id: number; plan: string };
  apiKeyId: number;
}

export interface RunInput extends RunCaller {
  /** The raw `{id}` route parameter. */
  scraperId: string | string[] | undefined;
  request: Request;
  /** Headers every answer carries, errors included (X-RateLimit-*). */
  responseHeaders: Headers;
}

export interface CompletedRun {
  id: number;
  scraperId: number;
  url: string;
  items: ScrapedItem[];
  durationMs: number;
  createdAt: Date;
}

/** Why a run failed, as recorded on it and answered to the caller. */
interface RunFailure {
  status: number;
  code: string;
  message: string;
}

function failureOf(error: unknown, signal: AbortSignal): RunFailure {
  if (error instanceof ScrapeError) return { status: error.status, code: error.code, message: error.message };
  // The caller hung up and the engine stopped: nobody reads the answer (499 is nginx's "client closed request").
  if (signal.aborted)
    return { status: 499, code: "cancelled", message: "The caller closed the request before the run finished." };
  return { status: 500, code: "internal_error", message: "The run failed on our side. Please try again." };
}

/**
 * POST /api/scrapers/{id}/run for an API-key caller. Checks run cheapest and least committal first, so a
 * refused call leaves nothing behind:
 * requests per minute (429) → scraper exists (404) → body (400/413) → plan includes the scraper (403) →
 * concurrent-run slot (429) → monthly quota reserved (402) → run recorded as running → page scraped.
 * Success stores the items; failure records the reason and gives the quota back (failed runs are free).
 * The slot is always released.
 */
export async function runScraperForUser(input: RunInput, limits: RunLimits = runLimits): Promise<CompletedRun> {
  const { user, apiKeyId, request, responseHeaders } = input;
  const plan = planOf(user.plan);
  await limits.consumeRequest(user.id, plan, responseHeaders);

  const scraper = await db.scraper.findUnique({
    where: { id: parseId(input.scraperId, "Scraper") },
    select: { id: true, kind: true, requiredPlan: true },
  });
  if (!scraper) throw notFound("Scraper not found");
  const body = await parseJsonBody(request, runRequestSchema);
  assertPlanIncludes(plan, scraper.requiredPlan);

  const slot = await limits.acquireSlot(user.id, plan);
  try {
    return await reserveAndRun(plan, { user, apiKeyId }, scraper, body, request.signal);
  } finally {
    await slot.release();
  }
}

async function reserveAndRun(
  plan: Plan,
  { user, apiKeyId }: RunCaller,
  scraper: { id: number; kind: string },
  body: RunRequest,
  signal: AbortSignal,
): Promise<CompletedRun> {
  const reservation = await reserveRun(user.id, plan);
  const run = await db.scraperRun
    .create({
      data: { userId: user.id, apiKeyId, scraperId: scraper.id, url: body.url, status: "running" },
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
    items = await scrapePage(scraper.kind as ScraperKind, body.url, { includeReviews: body.include_reviews ?? false, signal });
  } catch (error) {
    const failure = failureOf(error, signal);
    await releaseRun(reservation);
    await db.scraperRun.update({
      where: { id: run.id },
      data: { status: "failed", durationMs: elapsed(), errorCode: failure.code, error: failure.message, finishedAt: new Date() },
    });
    // Unexpected errors go on to the route kit, which logs them with the request id and answers a plain 500.
    throw failure.status === 500 ? error : new ApiError(failure.status, failure.code, failure.message);
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
