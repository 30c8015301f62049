import "server-only";
import type { Plan, PlanId } from "@/lib/config/plans";
import { type HotStatement, hotDb, hotQuery, sqlTimestamp } from "@/lib/infra/db/hot";
import { env } from "@/lib/infra/env";
import { AppError, type ErrorCode } from "@/lib/infra/errors";
import { runQueue } from "@/lib/infra/jobs/queue";
import { log } from "@/lib/infra/log";
import { listenForRunEnd, type RunEndListener } from "@/lib/runs/events";
import type { ScraperKind } from "@/lib/scrapers/kinds";
import type { ScrapedItem } from "@/lib/scrapers/types";
import { quotaExceeded, RESERVE_RUN } from "@/lib/usage/quota";
import { usageMonth } from "@/lib/usage/summary";
import { assertPlanIncludes, type RunLimits, releaseRunSlot, runLimits } from "./limits";
import type { RunRequest } from "./schema";
import { isFinished, type RunStatus } from "./status";
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
  /** The API key the run was called with. */
  apiKeyId: number;
  scraper: RunnableScraper;
  request: RunRequest;
  /** Checked and allowed to be called (lib/webhooks), or none. */
  webhookUrl?: string | null;
}

export interface CompletedRun {
  id: number;
  scraperId: number;
  url: string;
  items: ScrapedItem[];
  durationMs: number;
  createdAt: Date;
}

export interface AcceptedRun {
  id: number;
  scraperId: number;
  url: string;
  createdAt: Date;
}

/** A synchronous call ends with the run's items, or with the run still going (the caller polls its status). */
export type RunOutcome = { state: "completed"; run: CompletedRun } | { state: "accepted"; run: AcceptedRun };

export interface RunOptions {
  limits?: RunLimits;
  /** How long a synchronous call waits for its run (RUN_SYNC_TIMEOUT_MS). */
  syncTimeoutMs?: number;
}

// The run endpoint's own statements, prepared raw SQL (lib/infra/db/hot.ts): a synchronous run's accept and wait were a
// handful of ORM statements whose building and mapping cost more CPU than the statements (docs/decisions.md#hot-paths).

const FIND_SCRAPER: HotStatement = {
  name: "run_find_scraper",
  sqlite: `SELECT id, kind, required_plan AS "requiredPlan" FROM scrapers WHERE id = ?`,
  postgres: `SELECT id, kind::text AS kind, required_plan::text AS "requiredPlan" FROM scrapers WHERE id = $1`,
};

/** The run as accepted: queued, against the month its quota was taken from. Every other column keeps its default. */
const INSERT_RUN: HotStatement = {
  name: "run_insert",
  sqlite: `INSERT INTO scraper_runs
      (user_id, api_key_id, scraper_id, batch_id, url, include_reviews, webhook_url, status, quota_month, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, 'queued', ?, ?) RETURNING id`,
  postgres: `INSERT INTO scraper_runs
      (user_id, api_key_id, scraper_id, batch_id, url, include_reviews, webhook_url, status, quota_month, created_at)
    VALUES ($1, $2, $3, $4, $5, $6::int::boolean, $7, 'queued', $8, $9::timestamp) RETURNING id`,
};

/** What a synchronous caller answers with once the run has ended. */
const RUN_OUTCOME: HotStatement = {
  name: "run_outcome",
  sqlite: `SELECT status, result_data AS "resultData", duration_ms AS "durationMs", error_code AS "errorCode", error
    FROM scraper_runs WHERE id = ?`,
  postgres: `SELECT status::text AS status, result_data AS "resultData", duration_ms AS "durationMs",
      error_code AS "errorCode", error
    FROM scraper_runs WHERE id = $1`,
};

/** The scraper a run names; not_found when there is none. */
export async function findRunnableScraper(id: number): Promise<RunnableScraper> {
  const [scraper] = await hotQuery<{ id: number; kind: ScraperKind; requiredPlan: PlanId }>(FIND_SCRAPER, [id]);
  if (!scraper) throw new AppError("not_found", "Scraper not found");
  return { id: scraper.id, kind: scraper.kind, requiredPlan: scraper.requiredPlan };
}

type RunData = {
  userId: number;
  apiKeyId: number | null;
  scraperId: number;
  url: string;
  includeReviews: boolean;
  webhookUrl?: string | null;
  batchId?: number;
};

/** INSERT_RUN's parameters after its user's: the run as accepted, against the month its quota was taken from. */
const runParams = (data: RunData, month: string, createdAt: Date) => [
  data.apiKeyId,
  data.scraperId,
  data.batchId ?? null,
  data.url,
  data.includeReviews ? 1 : 0,
  data.webhookUrl ?? null,
  month,
  sqlTimestamp(createdAt),
];

/**
 * One run taken from the month's quota and recorded as queued, in one transaction: RESERVE_RUN then INSERT_RUN on
 * SQLite, one statement on PostgreSQL (the upsert as a data-modifying CTE the INSERT selects from), so a synchronous
 * run commits once, and a run that cannot be recorded leaves no reservation behind. quota_exceeded when the month
 * is used up (the upsert took nothing, and nothing was inserted).
 */
const RESERVE_AND_INSERT_RUN: HotStatement = {
  name: "run_reserve_and_insert",
  // What SQLite runs instead, as two steps of one transaction (it has no data-modifying CTEs): hotDb().steps.
  sqlite: `${RESERVE_RUN.sqlite};\n${INSERT_RUN.sqlite}`,
  postgres: `WITH taken AS (
      INSERT INTO monthly_usage (user_id, month, successful_runs) VALUES ($1::int, $2::text, 1)
      ON CONFLICT (user_id, month) DO UPDATE SET successful_runs = monthly_usage.successful_runs + 1
        WHERE monthly_usage.successful_runs < $3::int
      RETURNING 1
    )
    INSERT INTO scraper_runs
      (user_id, api_key_id, scraper_id, batch_id, url, include_reviews, webhook_url, status, quota_month, created_at)
    SELECT $1::int, $4::int, $5::int, $6::int, $7::text, $8::int::boolean, $9::text, 'queued', $10::text, $11::timestamp
    FROM taken RETURNING id`,
};

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
    row = inserted?.[0] as { id: number } | undefined;
  } else {
    [row] = await hot.all<{ id: number }>(RESERVE_AND_INSERT_RUN, [
      data.userId,
      month,
      plan.monthlyRuns,
      ...runParams(data, month, createdAt),
    ]);
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
    await runQueue().enqueue({ runId, ...(slotToken ? { slotToken } : {}) });
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
export async function submitRun(input: RunInput, options: RunOptions = {}): Promise<RunOutcome> {
  const { userId, plan, apiKeyId, scraper, request } = input;
  assertPlanIncludes(plan, scraper.requiredPlan);
  const data = {
    userId,
    apiKeyId,
    scraperId: scraper.id,
    url: request.url,
    includeReviews: request.include_reviews ?? false,
    webhookUrl: input.webhookUrl ?? null,
  };
  if (request.async) {
    const run = await reserveAndRecordRun(data, plan);
    await queueRun(run.id);
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

async function awaitRun(run: AcceptedRun, listener: RunEndListener, timeoutMs: number): Promise<RunOutcome> {
  type Outcome = {
    status: RunStatus;
    resultData: string | null;
    durationMs: number | null;
    errorCode: string | null;
    error: string | null;
  };
  let row: Outcome | undefined;
  // On its end event (with its outcome when the worker was this process's) and every second.
  const ended = await listener.wait(
    timeoutMs,
    async (news) => {
      if (news) {
        row = { ...news, errorCode: null, error: null };
        return true;
      }
      let found: Outcome | undefined;
      try {
        [found] = await hotQuery<Outcome>(RUN_OUTCOME, [run.id]);
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
    return { state: "completed", run: { ...run, items, durationMs: row.durationMs ?? 0 } };
  }
  // The run's own failure, as the engine (or the worker) recorded it: the caller gets its code's status.
  throw new AppError((row.errorCode ?? "internal_error") as ErrorCode, row.error ?? "The run failed.");
}
