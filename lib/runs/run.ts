import "server-only";
import { type Plan, type PlanId, planOf } from "@/lib/config/plans";
import { hotDb, hotQuery, type RowOf, sqlTimestamp } from "@/lib/infra/db/hot";
import { env } from "@/lib/infra/env";
import { AppError, type ErrorCode } from "@/lib/infra/errors";
import { log } from "@/lib/infra/log";
import { listenForRunEnd, type RunEndListener, type RunEndNews } from "@/lib/runs/events";
import type { ScrapedItem } from "@/lib/scrapers/extractors";
import { type ScraperKind, scraperKindOf } from "@/lib/scrapers/kinds";
import { checkRenderRequest } from "@/lib/scrapers/render-options";
import { readRunOutputs, storedRunOptions } from "@/lib/scrapers/run-options";
import { quotaExceeded } from "@/lib/usage/quota";
import { RESERVE_RUN } from "@/lib/usage/sql";
import { usageMonth } from "@/lib/usage/summary";
import type { AcceptedRun, CompletedRun } from "./dto";
import { assertPlanIncludes, type RunLimits, releaseRunSlot, runLimits } from "./limits";
import { type RunWorked, workRun } from "./process";
import { enqueueRunJob, type RunJob } from "./queue";
import type { RunRequest } from "./schema";
import { FIND_SCRAPER, INSERT_RUN, RESERVE_AND_INSERT_RUN, RUN_OUTCOME, type RunColumns, type RunOutcomeRow } from "./sql";
import { isFinished } from "./status";
import { ensureInAppWorkers } from "./workers";

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
  /** The API key the run was called with; null for a run a feature starts on its user's behalf (see `origin`). */
  apiKeyId: number | null;
  scraper: RunnableScraper;
  request: RunRequest;
  /** Checked and allowed to be called (lib/webhooks), or none. */
  webhookUrl?: string | null;
  /** The feature record the run is for (a crawl's page, a monitor's check), stored with it; none for API calls. */
  origin?: RunOrigin;
}

/** Who started a run on its user's behalf: a feature's name and its record's id (scraper_runs.origin_kind / origin_id). */
export interface RunOrigin {
  kind: string;
  id: number;
}

/** A synchronous call ends with the run's items, or with the run still going (the caller polls its status). */
export type RunOutcome = { state: "completed"; run: CompletedRun } | { state: "accepted"; run: AcceptedRun };

export interface SubmitOptions {
  limits?: RunLimits;
  /**
   * An async run the caller works itself, in its own job (workRunHere): recorded, not queued. Should the caller die
   * before it works it, recovery queues it as any queued run whose job was lost.
   */
  workedByCaller?: boolean;
  /** How long a synchronous call waits for its run (RUN_SYNC_TIMEOUT_MS). */
  syncTimeoutMs?: number;
}

/** The scraper a run names; not_found when there is none. */
export async function findRunnableScraper(id: number): Promise<RunnableScraper> {
  const [scraper] = await hotQuery(FIND_SCRAPER, [id]);
  if (!scraper) throw new AppError("not_found", "Scraper not found");
  return runnableScraperOf(scraper);
}

/** A scraper row as runs need it (FIND_SCRAPER's columns, or a feature's own read of them). */
export function runnableScraperOf(row: { id: number; kind: string; requiredPlan: string }): RunnableScraper {
  return { id: row.id, kind: scraperKindOf(row.kind), requiredPlan: planOf(row.requiredPlan) };
}

type RunData = {
  userId: number;
  apiKeyId: number | null;
  scraperId: number;
  url: string;
  includeReviews: boolean;
  webhookUrl?: string | null;
  batchId?: number;
  /** scraper_runs.options (lib/scrapers/run-options.ts). */
  options: string | null;
  origin?: RunOrigin;
};

/** INSERT_RUN's parameters after its user's: the run as accepted, against the month its quota was taken from. */
const runParams = (data: RunData, month: string, createdAt: Date): RunColumns => [
  data.apiKeyId,
  data.scraperId,
  data.batchId ?? null,
  data.url,
  data.includeReviews ? 1 : 0,
  data.webhookUrl ?? null,
  month,
  sqlTimestamp(createdAt),
  data.options,
  data.origin?.kind ?? null,
  data.origin?.id ?? null,
];

async function reserveAndRecordRun(data: RunData, plan: Plan): Promise<AcceptedRun> {
  const createdAt = new Date();
  const month = usageMonth(createdAt);
  // The upsert's insert takes the first run unconditionally: a plan without runs has none to take.
  if (plan.monthlyRuns < 1) throw quotaExceeded(plan);
  const hot = hotDb();
  let row: { id: number } | undefined;
  if (hot.steps) {
    const [, inserted] = await hot.steps([
      [RESERVE_RUN, [data.userId, month, plan.monthlyRuns]],
      [INSERT_RUN, [data.userId, ...runParams(data, month, createdAt)]],
    ]);
    row = inserted?.[0] as RowOf<typeof INSERT_RUN> | undefined;
  } else {
    [row] = await hot.all(RESERVE_AND_INSERT_RUN, [data.userId, month, plan.monthlyRuns, ...runParams(data, month, createdAt)]);
  }
  if (!row) throw quotaExceeded(plan);
  return { id: row.id, scraperId: data.scraperId, url: data.url, createdAt };
}

/**
 * Hands a recorded run to the queue. The row is the run: a job the queue did not take (Redis away) is no reason to
 * refuse it, since recovery re-adds a queued run whose job is lost (lib/runs/recovery.ts, within REQUEUE_AFTER_MS
 * and a pass). So the run is accepted, only later; a synchronous caller's slot is given back, since no job carries
 * it now (the re-added job takes a slot of its own).
 */
export async function queueRun(runId: number, slotToken?: string): Promise<void> {
  ensureInAppWorkers();
  try {
    await enqueueRunJob({ runId, ...(slotToken ? { slotToken } : {}) });
  } catch (err) {
    log.warn({ err, runId }, "could not queue a run; recovery will");
    await releaseRunSlot(slotToken);
  }
}

/**
 * Runs a scraper for an API-key caller whose request has been counted, its scraper found and its body read
 * (the run endpoint does those first). The checks go on cheapest and least committal first, so a refused call
 * leaves nothing behind: plan includes the scraper (plan_required) → concurrent-run slot, synchronous runs only
 * (concurrency_limited; async runs wait for a slot in the queue instead) → monthly quota reserved
 * (quota_exceeded) → run recorded as queued and enqueued. A worker fetches and extracts it
 * (lib/runs/process.ts). An async call returns there; a synchronous one waits for the run's end, up to
 * RUN_SYNC_TIMEOUT_MS, and then answers with the items, the run's error, or the run still going.
 */
export async function submitRun(input: RunInput, options: SubmitOptions = {}): Promise<RunOutcome> {
  const { userId, plan, apiKeyId, scraper, request } = input;
  assertPlanIncludes(plan, scraper.requiredPlan);
  checkRenderRequest(request, plan);
  const data = {
    userId,
    apiKeyId,
    scraperId: scraper.id,
    url: request.url,
    includeReviews: request.include_reviews ?? false,
    webhookUrl: input.webhookUrl ?? null,
    options: storedRunOptions(request),
    ...(input.origin ? { origin: input.origin } : {}),
  };
  if (request.async) {
    const run = await reserveAndRecordRun(data, plan);
    if (!options.workedByCaller) await queueRun(run.id);
    return { state: "accepted", run };
  }
  const slot = await (options.limits ?? runLimits).acquireSlot(userId, plan);
  let run: AcceptedRun;
  try {
    run = await reserveAndRecordRun(data, plan);
  } catch (error) {
    await slot.release();
    throw error;
  }
  // Listening before the run is queued: its end cannot come unheard, so the wait starts without reading it.
  const listener = listenForRunEnd(run.id);
  await queueRun(run.id, slot.token);
  // From here the worker owns the slot: it releases it when the run ends, whether or not anyone still waits.
  try {
    return await awaitRun(run, listener, options.syncTimeoutMs ?? env.RUN_SYNC_TIMEOUT_MS);
  } finally {
    listener.close();
  }
}

/** A success's outcome as its end event told this process (lib/runs/events.ts), in the row's shape. */
const outcomeOfNews = (news: RunEndNews): RunOutcomeRow => ({
  ...news,
  errorCode: null,
  error: null,
  upstreamStatus: null,
  upstreamRetryAfter: null,
});

async function awaitRun(run: AcceptedRun, listener: RunEndListener, timeoutMs: number): Promise<RunOutcome> {
  let row: RunOutcomeRow | undefined;
  // On its end event (with its outcome when the worker was this process's) and every second.
  const ended = await listener.wait(
    timeoutMs,
    async (news) => {
      if (news) {
        row = outcomeOfNews(news);
        return true;
      }
      let found: RunOutcomeRow | undefined;
      try {
        [found] = await hotQuery(RUN_OUTCOME, [run.id]);
      } catch (err) {
        // The database is away for a moment: the run was accepted all the same, so keep waiting (the caller gets
        // its 202 and status_url if the wait ends first), never an error for a run that may well succeed.
        log.warn({ err, runId: run.id }, "could not read a synchronous run's outcome");
        return false;
      }
      row = found;
      // Gone with its user (an account deleted meanwhile): nothing to answer with.
      if (!row) throw new Error(`run ${run.id} no longer exists`);
      return isFinished(row.status);
    },
    { checkFirst: false },
  );
  if (!ended || !row) return { state: "accepted", run };
  if (row.status === "success") {
    const items = JSON.parse(row.resultData ?? "[]") as ScrapedItem[];
    return {
      state: "completed",
      run: { ...run, items, outputs: readRunOutputs(row.outputs), durationMs: row.durationMs ?? 0 },
    };
  }
  // The run's own failure, as the engine (or the worker) recorded it: the caller gets its code's status.
  throw new AppError((row.errorCode ?? "internal_error") as ErrorCode, row.error ?? "The run failed.");
}

/**
 * Works a run its feature submitted with `workedByCaller`, here, as a run worker would (lib/runs/process.ts), and
 * returns its end: the feature's job (a crawl's page) pays no queue round trip and no wait for the end's event, and
 * a success's outcome comes from the call that recorded it. Every rule of a worker's run holds: the plan's
 * concurrent-run slot, the claim (one worker wins: a run another worker holds is awaited), the lease, the cancel.
 * When it cannot be worked here now (the user's runs fill the plan, the database is away for a moment, or this
 * process is shutting down and handed it back), it goes to the queue, and its end is awaited as awaitRunEnd does.
 * `owner`, the run's user and plan when the caller knows them: the slot is taken at once, without reading the run.
 */
export async function workRunHere(
  runId: number,
  timeoutMs: number,
  owner?: { userId: number; plan: Plan },
): Promise<RunEndState | null> {
  // A process that works runs has its run workers: the end's webhook deliveries and recovery are theirs.
  ensureInAppWorkers();
  let worked: RunWorked | null = null;
  let job: RunJob = { runId };
  try {
    const slot = owner ? await runLimits.trySlot(owner.userId, owner.plan) : undefined;
    if (slot) job = { runId, slotToken: slot.token };
    // No slot free for the owner: the queue's workers wait for one.
    if (slot !== null) worked = await workRun(job);
  } catch (err) {
    log.warn({ err, runId }, "could not work a run here; the queue will");
    // workRun released the slot it was given: the queue's job takes one of its own.
    job = { runId };
  }
  if (worked?.ended?.news) return outcomeOfNews(worked.ended.news);
  // Not done: the run is still queued, and a slot it was given is still its own (workRun keeps it with the job).
  if (!worked?.outcome.done) await queueRun(runId, job.slotToken);
  return awaitRunEnd(runId, timeoutMs);
}

/** How a run a feature waited for ended (with its items and outputs when it succeeded); null while it has not. */
export type RunEndState = RunOutcomeRow;

/**
 * Waits up to `timeoutMs` for a run's end, for a feature that started it on its user's behalf (a crawl's page, a
 * monitor's check) inside a job of its own: on the run's end event and every second (lib/runs/events.ts), so an end
 * published before the wait began, or in a process whose events do not reach this one, is still seen. A success
 * whose event came from this process carries its outcome, which is then not read again.
 */
export async function awaitRunEnd(runId: number, timeoutMs: number): Promise<RunEndState | null> {
  const listener = listenForRunEnd(runId);
  let row: RunOutcomeRow | undefined;
  try {
    const ended = await listener.wait(timeoutMs, async (news) => {
      if (news) {
        row = outcomeOfNews(news);
        return true;
      }
      try {
        [row] = await hotQuery(RUN_OUTCOME, [runId]);
      } catch (err) {
        log.warn({ err, runId }, "could not read an awaited run's outcome");
        return false;
      }
      // Gone with its user: it will never end.
      if (!row) throw new AppError("not_found", `Run ${runId} no longer exists.`);
      return isFinished(row.status);
    });
    return ended && row ? row : null;
  } finally {
    listener.close();
  }
}
