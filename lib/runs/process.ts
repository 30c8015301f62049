import "server-only";
import { PLANS, planOf } from "@/lib/config/plans";
import { db } from "@/lib/infra/db";
import { hotQuery } from "@/lib/infra/db/hot";
import { AppError, type ErrorCode } from "@/lib/infra/errors";
import type { JobOutcome } from "@/lib/infra/jobs/queue";
import { log } from "@/lib/infra/log";
import { abortLocalRuns, watchRunCancel } from "@/lib/runs/events";
import { type RunOptions, type RunOutputs, readRunOptions, storedRunOutputs } from "@/lib/scrapers/run-options";
import { announceRunEnd, type EndedRun, type RunEnd, recordRunEnd } from "./ended";
import { type RunLimits, releaseRunSlot, runLimits } from "./limits";
import type { RunJob } from "./queue";
import { type RunPage, scrapeRunPage } from "./render";
import { purgeExpiredResultsOccasionally } from "./retention";
import { deleteRunScreenshot, runScreenshotUrl, saveRunScreenshot } from "./screenshots";
import { CLAIM_RUN, READ_RUN, RECORD_SUCCESS, RENEW_LEASE, RUN_LEASE_MS } from "./sql";

export { RUN_LEASE_MS };

const RUN_LEASE_RENEW_MS = RUN_LEASE_MS / 3;

/** How soon a run whose user has no free concurrent-run slot is tried again. */
const SLOT_WAIT_MS = 1000;

const done: JobOutcome = { done: true };

const unexpectedFailure = {
  code: "internal_error",
  message: "The run failed on our side. Please try again.",
} as const satisfies { code: ErrorCode; message: string };

/**
 * A worker's part of a run (docs/architecture.md#flow-of-a-run): take a concurrent-run slot (the synchronous
 * caller's, or a free one; none free: try again in a second), claim the queued run (one worker wins), fetch the
 * page here, extract it in a worker thread, record the outcome with what follows from it, in one transaction (a
 * failed run gives its quota back; webhook events and a batch's completion are recorded with it). Then the Redis
 * side, none of which can lose the end: the slot is released whatever happens, waiters hear of the end and the
 * events' jobs are added (lib/runs/ended.ts).
 */
export async function processRun(job: RunJob, limits: RunLimits = runLimits): Promise<JobOutcome> {
  return (await workRun(job, limits)).outcome;
}

/** What working a run came to: the job's outcome, and the end when this call recorded it. */
export interface RunWorked {
  outcome: JobOutcome;
  ended: EndedRun | null;
}

/**
 * processRun, with the end it recorded: for a feature that works the run it submitted itself, in its own job (a
 * crawl's page, lib/runs/run.ts's workRunHere), and then reads the outcome from it rather than from the database.
 */
export async function workRun(job: RunJob, limits: RunLimits = runLimits): Promise<RunWorked> {
  const runId = job.runId;
  let slotToken = job.slotToken;
  let ended: EndedRun | null = null;
  let handedBack = false;
  let waitForSlot = false;
  try {
    if (!slotToken) {
      const [found] = await hotQuery(READ_RUN, [runId]);
      // Cancelled, or taken by another worker (a job re-added by recovery): nothing to do.
      if (found?.status !== "queued") return { outcome: done, ended: null };
      const slot = await limits.trySlot(found.userId, PLANS[planOf(found.plan)]);
      if (!slot) return { outcome: { done: false, retryInMs: SLOT_WAIT_MS }, ended: null };
      slotToken = slot.token;
    }
    const startedAt = new Date();
    // Watched before the claim: a cancel that lands right after it must find this run to abort.
    const cancel = watchRunCancel(runId);
    try {
      const [claimed] = await hotQuery(CLAIM_RUN, [slotToken, runId]);
      if (!claimed) {
        const [found] = await hotQuery(READ_RUN, [runId]);
        // Not queued (cancelled, taken by another worker) or gone with its user: nothing to do.
        if (found?.status !== "queued") return { outcome: done, ended: null };
        // Still queued: the user's runs already running fill the plan although a slot was free (Redis lost its
        // slots). It waits as for a slot; a synchronous caller's slot stays with its job.
        waitForSlot = true;
        return { outcome: { done: false, retryInMs: SLOT_WAIT_MS }, ended: null };
      }
      const run: ClaimedRun = {
        ...claimed,
        // SQLite answers 1/0, PostgreSQL true/false.
        includeReviews: Boolean(claimed.includeReviews),
        followUps: Boolean(claimed.followUps),
        scraper: { kind: claimed.kind },
        options: readRunOptions(claimed.options),
      };
      ended = await execute(run, startedAt, cancel);
      if (!ended && cancel.signal.reason instanceof RunHandedBack) handedBack = await handBack(run.id);
    } finally {
      cancel.done();
    }
  } finally {
    // Never throws (an outage retries it, the slot's lease is the backstop): the end is recorded already. A run
    // handed back keeps the slot its synchronous caller took: the job carries it to the worker that runs it next.
    if (!((handedBack || waitForSlot) && slotToken === job.slotToken)) await releaseRunSlot(slotToken);
  }
  if (handedBack) return { outcome: JOB_HANDED_BACK, ended: null };
  if (ended) await announceRunEnd(ended);
  await purgeExpiredResultsOccasionally().catch((err: unknown) => log.error({ err }, "could not purge expired run results"));
  return { outcome: done, ended };
}

/** Why a run's work was stopped without an outcome: its worker is shutting down and gives it back to the queue. */
export class RunHandedBack extends Error {
  constructor() {
    super("The worker is shutting down: the run goes back to the queue.");
    this.name = "RunHandedBack";
  }
}

/**
 * A job given back by a worker shutting down: due again in a second, for any other worker (BullMQ keeps it in
 * Redis; recovery re-adds one lost with the process). Not at once: the closing worker must not take it again.
 */
export const JOB_HANDED_BACK: JobOutcome = { done: false, retryInMs: 1000 };

/**
 * Stops the runs this process is working on and gives them back to the queue: a worker shutting down whose runs
 * did not finish within its grace period (lib/runs/workers.ts). Each goes back to `queued` (handBack), so another
 * worker runs it from the start at once, instead of it failing worker_lost when its lease runs out.
 */
export function handBackRunningRuns(): void {
  abortLocalRuns(new RunHandedBack());
}

/** running → queued, unless something ended it meanwhile (a cancel): true if this call did. */
async function handBack(runId: number): Promise<boolean> {
  try {
    const { count } = await db.scraperRun.updateMany({
      where: { id: runId, status: "running" },
      data: { status: "queued", startedAt: null, leaseUntil: null, slotToken: null },
    });
    return count === 1;
  } catch (err) {
    // The database is away too: the run stays running until its lease runs out, and recovery fails it worker_lost.
    log.error({ err, runId }, "could not hand a run back to the queue");
    return false;
  }
}

interface ClaimedRun {
  id: number;
  userId: number;
  url: string;
  includeReviews: boolean;
  quotaMonth: string | null;
  /** Whether the run has a webhook or a batch: its end then records them in a transaction (recordRunEnd). */
  followUps: boolean;
  scraper: { kind: string };
  /** What the run was asked beyond its URL (lib/scrapers/run-options.ts). */
  options: RunOptions;
}

/**
 * Fetches and extracts a claimed run and records its outcome. Every outcome is a conditional UPDATE of a run still
 * `running`, and so is a cancel (lib/runs/cancel.ts): whichever comes first wins, and the other changes nothing,
 * neither the run nor its quota. A cancel aborts `cancel.signal`, which stops the fetch and terminates the thread.
 * Returns the end when this call recorded it; null when something else ended the run first, or nothing could be
 * recorded (the database is gone: the run stays running until its lease runs out and recovery fails it).
 */
async function execute(
  run: ClaimedRun,
  startedAt: Date,
  cancel: { signal: AbortSignal; abort(reason: unknown): void },
): Promise<EndedRun | null> {
  // Aborted by a cancel, or by this worker when the lease renewal finds the run no longer running.
  const { signal } = cancel;
  const renew = setInterval(() => {
    hotQuery(RENEW_LEASE, [run.id])
      .then((renewed) => {
        // No longer running: cancelled (and its cancel message lost) or failed by recovery. Its work is waste.
        if (renewed.length === 0) cancel.abort(new AppError("cancelled", "The run is no longer running."));
      })
      .catch((err: unknown) => log.warn({ err, runId: run.id }, "could not renew a run's lease"));
  }, RUN_LEASE_RENEW_MS);
  const elapsed = () => Date.now() - startedAt.getTime();
  try {
    let page: RunPage;
    try {
      // Fetching (or rendering, in this process's browser pool: lib/runs/render.ts) is I/O on this process's event
      // loop; the CPU-heavy part, parsing and extraction, runs in a thread.
      page = await scrapeRunPage({
        url: run.url,
        kind: run.scraper.kind,
        includeReviews: run.includeReviews,
        options: run.options,
        signal,
      });
    } catch (error) {
      // Its cancel recorded the run's end already (and gave its quota back): nothing left to record.
      if (signal.aborted) return null;
      if (!(error instanceof AppError)) log.error({ err: error, runId: run.id }, "run failed unexpectedly");
      const failure =
        error instanceof AppError
          ? { code: error.code, message: error.message, ...(error.details.upstream ? { upstream: error.details.upstream } : {}) }
          : unexpectedFailure;
      return await recordRunEnd(run, { status: "failed", ...failure, durationMs: elapsed() });
    }
    const { items, rendered, screenshot } = page;
    const outputs: RunOutputs = {
      ...items.outputs,
      ...(rendered ? { rendered: true } : {}),
      ...(screenshot ? { screenshot_url: runScreenshotUrl(run.id) } : {}),
    };
    // Kept before the success that points at it; served only once the run is a success (lib/runs/screenshots.ts).
    if (screenshot) await saveRunScreenshot(run.id, new Uint8Array(screenshot));
    const ended = await recordSuccess(run, {
      status: "success",
      itemCount: items.count,
      resultData: items.json,
      outputs: storedRunOutputs(outputs),
      rendered,
      durationMs: elapsed(),
    });
    if (!ended && screenshot) await deleteRunScreenshot(run.id);
    return ended;
  } catch (error) {
    // Recording the outcome failed (the database went away): the run is not charged.
    log.error({ err: error, runId: run.id }, "could not record a run's outcome");
    return recordRunEnd(run, { status: "failed", ...unexpectedFailure, durationMs: elapsed() }).catch((err: unknown) => {
      log.error({ err, runId: run.id }, "could not record a run's failure");
      return null;
    });
  } finally {
    clearInterval(renew);
  }
}

/** A success: one statement for a run without follow-ups, recordRunEnd's transaction for one with. */
async function recordSuccess(run: ClaimedRun, end: Extract<RunEnd, { status: "success" }>): Promise<EndedRun | null> {
  if (run.followUps) return recordRunEnd(run, end);
  const [recorded] = await hotQuery(RECORD_SUCCESS, [
    end.itemCount,
    end.durationMs,
    end.resultData,
    end.outputs,
    end.rendered ? 1 : 0,
    run.id,
  ]);
  if (!recorded) return null;
  return {
    runId: run.id,
    slotToken: null,
    deliveries: [],
    news: { status: "success", resultData: end.resultData, outputs: end.outputs, durationMs: end.durationMs },
  };
}
