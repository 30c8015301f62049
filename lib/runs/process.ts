import "server-only";
import { PLANS } from "@/lib/config/plans";
import { db } from "@/lib/db";
import { AppError, type ErrorCode } from "@/lib/errors";
import { log } from "@/lib/log";
import { extractInThread } from "@/lib/queue/extraction-pool";
import type { JobOutcome, RunJob } from "@/lib/queue/queue";
import { watchRunCancel } from "@/lib/queue/run-events";
import { releaseSlotToken } from "@/lib/rate-limit/concurrency";
import { pageFetcher } from "@/lib/scrapers/fetch/safe-fetch";
import type { ScrapedItem } from "@/lib/scrapers/types";
import { releaseRun } from "@/lib/usage/quota";
import { runEnded } from "./ended";
import { type RunLimits, runLimits } from "./limits";
import { purgeExpiredResultsOccasionally } from "./retention";

/**
 * A running run's lease: its worker renews it every RUN_LEASE_RENEW_MS; once it has passed, the worker is taken
 * for dead and recovery fails the run worker_lost (lib/runs/recovery.ts). Longer than any pause a busy worker
 * can have between renewals, short enough that a lost run is noticed within a minute.
 */
export const RUN_LEASE_MS = 30_000;
const RUN_LEASE_RENEW_MS = RUN_LEASE_MS / 3;

/** How soon a run whose user has no free concurrent-run slot is tried again. */
const SLOT_WAIT_MS = 1000;

const done: JobOutcome = { done: true };

interface Failure {
  code: ErrorCode;
  message: string;
}

const unexpectedFailure: Failure = { code: "internal_error", message: "The run failed on our side. Please try again." };

/**
 * A worker's part of a run (docs/architecture.md#flow-of-a-run): take a concurrent-run slot (the synchronous
 * caller's, or a free one; none free: try again in a second), claim the queued run (one worker wins), fetch the
 * page here, extract it in a worker thread, record the outcome. A failed run gives its quota back. The slot is
 * released whatever happens, and waiters, batches and webhooks hear of the end.
 */
export async function processRun(job: RunJob, limits: RunLimits = runLimits): Promise<JobOutcome> {
  const run = await db.scraperRun.findUnique({
    where: { id: job.runId },
    select: {
      id: true,
      status: true,
      userId: true,
      url: true,
      includeReviews: true,
      quotaMonth: true,
      scraper: { select: { kind: true } },
      user: { select: { plan: true } },
    },
  });
  let slotToken = job.slotToken;
  try {
    // Cancelled, or taken by another worker (a job re-added by recovery): nothing to do.
    if (run?.status !== "queued") return done;
    if (!slotToken) {
      const slot = await limits.trySlot(run.userId, PLANS[run.user.plan]);
      if (!slot) return { done: false, retryInMs: SLOT_WAIT_MS };
      slotToken = slot.token;
    }
    const startedAt = new Date();
    // Watched before the claim: a cancel that lands right after it must find this run to abort.
    const cancel = watchRunCancel(run.id);
    try {
      const claimed = await db.scraperRun.updateMany({
        where: { id: run.id, status: "queued" },
        data: {
          status: "running",
          startedAt,
          leaseUntil: new Date(startedAt.getTime() + RUN_LEASE_MS),
          attempts: { increment: 1 },
          slotToken,
        },
      });
      if (claimed.count === 0) return done;
      await execute(run, startedAt, cancel.signal);
    } finally {
      cancel.done();
    }
  } finally {
    if (slotToken) await releaseSlotToken(slotToken);
  }
  await runEnded(run.id);
  await purgeExpiredResultsOccasionally().catch((err: unknown) => log.error({ err }, "could not purge expired run results"));
  return done;
}

interface ClaimedRun {
  id: number;
  userId: number;
  url: string;
  includeReviews: boolean;
  quotaMonth: string | null;
  scraper: { kind: string };
}

/**
 * Fetches and extracts a claimed run and records its outcome. Every outcome is a conditional UPDATE of a run still
 * `running`, and so is a cancel (lib/runs/cancel.ts): whichever comes first wins, and the other changes nothing,
 * neither the run nor its quota. A cancel aborts `cancelled`, which stops the fetch and terminates the thread.
 */
async function execute(run: ClaimedRun, startedAt: Date, cancelled: AbortSignal): Promise<void> {
  const abort = new AbortController();
  const signal = AbortSignal.any([cancelled, abort.signal]);
  const renew = setInterval(() => {
    db.scraperRun
      .updateMany({ where: { id: run.id, status: "running" }, data: { leaseUntil: new Date(Date.now() + RUN_LEASE_MS) } })
      .then(({ count }) => {
        // No longer running: cancelled (and its cancel message lost) or failed by recovery. Its work is waste.
        if (count === 0) abort.abort(new AppError("cancelled", "The run is no longer running."));
      })
      .catch((err: unknown) => log.warn({ err, runId: run.id }, "could not renew a run's lease"));
  }, RUN_LEASE_RENEW_MS);
  const elapsed = () => Date.now() - startedAt.getTime();
  try {
    let items: ScrapedItem[];
    try {
      // Fetching is I/O on this process's event loop; the CPU-heavy part, parsing and extraction, runs in a thread.
      const page = await pageFetcher().fetchPage(run.url, { signal });
      items = await extractInThread(
        { kind: run.scraper.kind, html: page.html, url: page.url, includeReviews: run.includeReviews },
        { signal },
      );
    } catch (error) {
      // Its cancel recorded the run's end already (and gave its quota back): nothing left to record.
      if (signal.aborted) return;
      if (!(error instanceof AppError)) log.error({ err: error, runId: run.id }, "run failed unexpectedly");
      await recordFailure(
        run,
        error instanceof AppError ? { code: error.code, message: error.message } : unexpectedFailure,
        elapsed(),
      );
      return;
    }
    await db.scraperRun.updateMany({
      where: { id: run.id, status: "running" },
      data: {
        status: "success",
        itemCount: items.length,
        durationMs: elapsed(),
        resultData: JSON.stringify(items),
        finishedAt: new Date(),
        leaseUntil: null,
      },
    });
  } catch (error) {
    // Recording the success failed (the database went away): the run is not charged.
    log.error({ err: error, runId: run.id }, "could not record a run's outcome");
    await recordFailure(run, unexpectedFailure, elapsed()).catch((err: unknown) =>
      log.error({ err, runId: run.id }, "could not record a run's failure"),
    );
  } finally {
    clearInterval(renew);
  }
}

/** Marks a running run failed and gives its quota back (failed runs are free), once; true if this call did. */
export async function recordFailure(
  run: { id: number; userId: number; quotaMonth: string | null },
  failure: Failure,
  durationMs: number | null,
) {
  const { count } = await db.scraperRun.updateMany({
    where: { id: run.id, status: "running" },
    data: {
      status: "failed",
      errorCode: failure.code,
      error: failure.message,
      durationMs,
      finishedAt: new Date(),
      leaseUntil: null,
    },
  });
  if (count === 1 && run.quotaMonth) await releaseRun({ userId: run.userId, month: run.quotaMonth });
  return count === 1;
}
