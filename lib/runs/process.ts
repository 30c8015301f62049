import "server-only";
import { PLANS, type PlanId } from "@/lib/config/plans";
import { db } from "@/lib/infra/db";
import { type HotStatement, hotQuery, sqlTimestamp } from "@/lib/infra/db/hot";
import { AppError, type ErrorCode } from "@/lib/infra/errors";
import type { JobOutcome } from "@/lib/infra/jobs/queue";
import { log } from "@/lib/infra/log";
import { pageFetcher } from "@/lib/infra/outbound/safe-fetch";
import { releaseSlotToken } from "@/lib/infra/rate-limit/concurrency";
import { watchRunCancel } from "@/lib/runs/events";
import { extractJsonInThread } from "@/lib/scrapers/extraction/pool";
import type { ScraperKind } from "@/lib/scrapers/kinds";
import { releaseRun } from "@/lib/usage/quota";
import { type KnownFollowUps, runEnded } from "./ended";
import { type RunLimits, runLimits } from "./limits";
import type { RunJob } from "./queue";
import { purgeExpiredResultsOccasionally } from "./retention";
import type { RunStatus } from "./status";

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

// A run's statements on every worker, prepared raw SQL (lib/infra/db/hot.ts): as ORM statements they cost more CPU
// than fetching and extracting a typical page (docs/decisions.md#hot-paths). Claim and outcome stay conditional
// UPDATEs, so exactly one worker claims a run and a cancel or recovery that came first is never overwritten.

/** A run without a slot yet (an async run's): its status, and its user's plan whose concurrency applies. */
const READ_RUN: HotStatement = {
  name: "worker_read_run",
  sqlite: `SELECT r.status, r.user_id AS "userId", u.plan FROM scraper_runs r JOIN users u ON u.id = r.user_id WHERE r.id = ?`,
  postgres: `SELECT r.status::text AS status, r.user_id AS "userId", u.plan::text AS plan
    FROM scraper_runs r JOIN users u ON u.id = r.user_id WHERE r.id = $1`,
};

/**
 * queued → running: one worker wins, and gets what running it needs. A job that carries its slot (a synchronous
 * run's) starts with this statement alone: READ_RUN is only needed to take a slot for the run's user first.
 */
const CLAIM_RUN: HotStatement = {
  name: "worker_claim_run",
  sqlite: `UPDATE scraper_runs SET status = 'running', started_at = ?, lease_until = ?, attempts = attempts + 1, slot_token = ?
    WHERE id = ? AND status = 'queued'
    RETURNING id, user_id AS "userId", url, include_reviews AS "includeReviews", quota_month AS "quotaMonth",
      (SELECT s.kind FROM scrapers s WHERE s.id = scraper_runs.scraper_id) AS kind`,
  postgres: `UPDATE scraper_runs
    SET status = 'running', started_at = $1::timestamp, lease_until = $2::timestamp, attempts = attempts + 1, slot_token = $3
    WHERE id = $4 AND status = 'queued'
    RETURNING id, user_id AS "userId", url, include_reviews AS "includeReviews", quota_month AS "quotaMonth",
      (SELECT s.kind::text FROM scrapers s WHERE s.id = scraper_runs.scraper_id) AS kind`,
};

type ClaimedRow = {
  id: number;
  userId: number;
  url: string;
  includeReviews: unknown;
  quotaMonth: string | null;
  kind: ScraperKind;
};

/**
 * running → success with the items, unless a cancel or recovery settled the run first. It returns what the run's
 * follow-ups depend on (runEnded), so a run with neither webhook nor batch needs no statement more for them.
 */
const RECORD_SUCCESS: HotStatement = {
  name: "worker_record_success",
  sqlite: `UPDATE scraper_runs SET status = 'success', item_count = ?, duration_ms = ?, result_data = ?, finished_at = ?,
      lease_until = NULL
    WHERE id = ? AND status = 'running' RETURNING webhook_url AS "webhookUrl", batch_id AS "batchId"`,
  postgres: `UPDATE scraper_runs SET status = 'success', item_count = $1, duration_ms = $2, result_data = $3,
      finished_at = $4::timestamp, lease_until = NULL
    WHERE id = $5 AND status = 'running' RETURNING webhook_url AS "webhookUrl", batch_id AS "batchId"`,
};

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
  const runId = job.runId;
  let slotToken = job.slotToken;
  let followUps: KnownFollowUps | undefined;
  try {
    if (!slotToken) {
      const [found] = await hotQuery<{ status: RunStatus; userId: number; plan: PlanId }>(READ_RUN, [runId]);
      // Cancelled, or taken by another worker (a job re-added by recovery): nothing to do.
      if (found?.status !== "queued") return done;
      const slot = await limits.trySlot(found.userId, PLANS[found.plan]);
      if (!slot) return { done: false, retryInMs: SLOT_WAIT_MS };
      slotToken = slot.token;
    }
    const startedAt = new Date();
    // Watched before the claim: a cancel that lands right after it must find this run to abort.
    const cancel = watchRunCancel(runId);
    try {
      const [claimed] = await hotQuery<ClaimedRow>(CLAIM_RUN, [
        sqlTimestamp(startedAt),
        sqlTimestamp(new Date(startedAt.getTime() + RUN_LEASE_MS)),
        slotToken,
        runId,
      ]);
      // Not queued (cancelled, taken by another worker) or gone with its user: nothing to do.
      if (!claimed) return done;
      const run: ClaimedRun = {
        ...claimed,
        // SQLite answers 1/0, PostgreSQL true/false.
        includeReviews: Boolean(claimed.includeReviews),
        scraper: { kind: claimed.kind },
      };
      followUps = await execute(run, startedAt, cancel);
    } finally {
      cancel.done();
    }
  } finally {
    if (slotToken) await releaseSlotToken(slotToken);
  }
  await runEnded(runId, followUps);
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
 * neither the run nor its quota. A cancel aborts `cancel.signal`, which stops the fetch and terminates the thread.
 * Returns what the follow-ups depend on when this call recorded a success; undefined otherwise (runEnded reads it).
 */
async function execute(
  run: ClaimedRun,
  startedAt: Date,
  cancel: { signal: AbortSignal; abort(reason: unknown): void },
): Promise<KnownFollowUps | undefined> {
  // Aborted by a cancel, or by this worker when the lease renewal finds the run no longer running.
  const { signal } = cancel;
  const renew = setInterval(() => {
    db.scraperRun
      .updateMany({ where: { id: run.id, status: "running" }, data: { leaseUntil: new Date(Date.now() + RUN_LEASE_MS) } })
      .then(({ count }) => {
        // No longer running: cancelled (and its cancel message lost) or failed by recovery. Its work is waste.
        if (count === 0) cancel.abort(new AppError("cancelled", "The run is no longer running."));
      })
      .catch((err: unknown) => log.warn({ err, runId: run.id }, "could not renew a run's lease"));
  }, RUN_LEASE_RENEW_MS);
  const elapsed = () => Date.now() - startedAt.getTime();
  try {
    let items: { json: string; count: number };
    try {
      // Fetching is I/O on this process's event loop; the CPU-heavy part, parsing and extraction, runs in a thread.
      const page = await pageFetcher().fetchPage(run.url, { signal });
      items = await extractJsonInThread(
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
    const durationMs = elapsed();
    const resultData = items.json;
    const [recorded] = await hotQuery<{ webhookUrl: string | null; batchId: number | null }>(RECORD_SUCCESS, [
      items.count,
      durationMs,
      resultData,
      sqlTimestamp(new Date()),
      run.id,
    ]);
    return (
      recorded && {
        status: "success",
        webhookUrl: recorded.webhookUrl,
        batchId: recorded.batchId,
        news: { status: "success", resultData, durationMs },
      }
    );
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
