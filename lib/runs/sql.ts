import "server-only";
import { PLAN_IDS, PLANS } from "@/lib/config/plans";
import { hotStatement, type SqlBoolean, sqlNow } from "@/lib/infra/db/hot";
import { RESERVE_RUN } from "@/lib/usage/sql";
import type { RunRow } from "./dto";
import type { RunStatus } from "./status";

// The runs' hot statements, one home (docs/architecture.md#hot-paths): prepared raw SQL on the hot connection, in both
// dialects, each typed with its parameters and the row it returns. As ORM statements they cost more CPU than
// fetching and extracting a typical page; claim and outcome stay conditional UPDATEs, so exactly one worker claims a
// run and a cancel or recovery that came first is never overwritten.

/** INSERT_RUN's columns after the user's: the run as accepted, against the month its quota was taken from. */
export type RunColumns = [
  apiKeyId: number | null,
  scraperId: number,
  batchId: number | null,
  url: string,
  includeReviews: 0 | 1,
  webhookUrl: string | null,
  quotaMonth: string,
  createdAt: string,
  /** scraper_runs.options (lib/scrapers/run-options.ts), null when none. */
  options: string | null,
  originKind: string | null,
  originId: number | null,
];
type InsertRunParams = [userId: number, ...RunColumns];

/** What a synchronous caller answers with once the run has ended. */
export interface RunOutcomeRow {
  status: RunStatus;
  resultData: string | null;
  outputs: string | null;
  durationMs: number | null;
  errorCode: string | null;
  error: string | null;
  /** The site's status and Retry-After (seconds) when it refused the page (ended.ts, RunEnd). */
  upstreamStatus: number | null;
  upstreamRetryAfter: number | null;
}

/** A claimed run: what running it needs. */
export interface ClaimedRunRow {
  id: number;
  userId: number;
  url: string;
  includeReviews: SqlBoolean;
  quotaMonth: string | null;
  followUps: SqlBoolean;
  kind: string;
  options: string | null;
}

/** RUN_DETAIL's row: a run row with its scraper's name flattened, times as ISO text, and its first delivery. */
export type RunDetailSqlRow = Omit<RunRow, "scraper" | "createdAt" | "finishedAt" | "rendered"> & {
  rendered: SqlBoolean;
  scraperName: string;
  createdAt: string;
  finishedAt: string | null;
  resultData: string | null;
  outputs: string | null;
  deliveryId: number | null;
  deliveryAttempts: number | null;
  deliveryLastStatus: number | null;
  deliveryUrlDisabled: SqlBoolean | null;
};

/** The scraper a run names. */
export const FIND_SCRAPER = hotStatement<[id: number], { id: number; kind: string; requiredPlan: string }>({
  name: "run_find_scraper",
  sqlite: `SELECT id, kind, required_plan AS "requiredPlan" FROM scrapers WHERE id = ?`,
  postgres: `SELECT id, kind::text AS kind, required_plan::text AS "requiredPlan" FROM scrapers WHERE id = $1`,
});

/** The run as accepted: queued, against the month its quota was taken from. Every other column keeps its default. */
export const INSERT_RUN = hotStatement<InsertRunParams, { id: number }>({
  name: "run_insert",
  sqlite: `INSERT INTO scraper_runs
      (user_id, api_key_id, scraper_id, batch_id, url, include_reviews, webhook_url, status, quota_month, created_at,
        options, origin_kind, origin_id)
    VALUES (?, ?, ?, ?, ?, ?, ?, 'queued', ?, ?, ?, ?, ?) RETURNING id`,
  postgres: `INSERT INTO scraper_runs
      (user_id, api_key_id, scraper_id, batch_id, url, include_reviews, webhook_url, status, quota_month, created_at,
        options, origin_kind, origin_id)
    VALUES ($1, $2, $3, $4, $5, $6::int::boolean, $7, 'queued', $8, $9::timestamp, $10, $11, $12) RETURNING id`,
});

/** What a synchronous caller answers with once the run has ended. */
export const RUN_OUTCOME = hotStatement<[id: number], RunOutcomeRow>({
  name: "run_outcome",
  sqlite: `SELECT status, result_data AS "resultData", outputs, duration_ms AS "durationMs", error_code AS "errorCode", error,
      upstream_status AS "upstreamStatus", upstream_retry_after AS "upstreamRetryAfter"
    FROM scraper_runs WHERE id = ?`,
  postgres: `SELECT status::text AS status, result_data AS "resultData", outputs, duration_ms AS "durationMs",
      error_code AS "errorCode", error, upstream_status AS "upstreamStatus", upstream_retry_after AS "upstreamRetryAfter"
    FROM scraper_runs WHERE id = $1`,
});

/**
 * One run taken from the month's quota and recorded as queued, in one transaction: RESERVE_RUN then INSERT_RUN on
 * SQLite, one statement on PostgreSQL (the upsert as a data-modifying CTE the INSERT selects from), so a synchronous
 * run commits once, and a run that cannot be recorded leaves no reservation behind. quota_exceeded when the month
 * is used up (the upsert took nothing, and nothing was inserted).
 */
export const RESERVE_AND_INSERT_RUN = hotStatement<
  [userId: number, month: string, monthlyRuns: number, ...rest: RunColumns],
  { id: number }
>({
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
      (user_id, api_key_id, scraper_id, batch_id, url, include_reviews, webhook_url, status, quota_month, created_at,
        options, origin_kind, origin_id)
    SELECT $1::int, $4::int, $5::int, $6::int, $7::text, $8::int::boolean, $9::text, 'queued', $10::text, $11::timestamp,
      $12::text, $13::text, $14::int
    FROM taken RETURNING id`,
});

/** A run without a slot yet (an async run's): its status, and its user's plan whose concurrency applies. */
export const READ_RUN = hotStatement<[id: number], { status: RunStatus; userId: number; plan: string }>({
  name: "worker_read_run",
  sqlite: `SELECT r.status, r.user_id AS "userId", u.plan FROM scraper_runs r JOIN users u ON u.id = r.user_id WHERE r.id = ?`,
  postgres: `SELECT r.status::text AS status, r.user_id AS "userId", u.plan::text AS plan
    FROM scraper_runs r JOIN users u ON u.id = r.user_id WHERE r.id = $1`,
});

/**
 * A running run's lease: its worker renews it every third of it; once it has passed, the worker is taken for dead and
 * recovery fails the run worker_lost (lib/runs/recovery.ts). Longer than any pause a busy worker can have between
 * renewals, short enough that a lost run is noticed within a minute.
 */
export const RUN_LEASE_MS = 30_000;

/** A plan's concurrent runs, in SQL, from the plan table (lib/config/plans.ts): the claim's backstop below. */
const PLAN_CONCURRENCY = `CASE u.plan ${PLAN_IDS.map((id) => `WHEN '${id}' THEN ${PLANS[id].concurrentRuns}`).join(" ")} END`;

const claimRun = (dialect: "sqlite" | "postgresql"): string => {
  const [slot, id] = dialect === "sqlite" ? ["?", "?"] : ["$1", "$2"];
  const kind = dialect === "sqlite" ? "s.kind" : "s.kind::text";
  return `UPDATE scraper_runs
    SET status = 'running', started_at = ${sqlNow(dialect)}, lease_until = ${sqlNow(dialect, RUN_LEASE_MS)},
      attempts = attempts + 1, slot_token = ${slot}
    WHERE id = ${id} AND status = 'queued'
      AND (SELECT count(*) FROM scraper_runs o WHERE o.user_id = scraper_runs.user_id AND o.status = 'running')
        < (SELECT ${PLAN_CONCURRENCY} FROM users u WHERE u.id = scraper_runs.user_id)
    RETURNING id, user_id AS "userId", url, include_reviews AS "includeReviews", quota_month AS "quotaMonth",
      (webhook_url IS NOT NULL OR batch_id IS NOT NULL) AS "followUps",
      (SELECT ${kind} FROM scrapers s WHERE s.id = scraper_runs.scraper_id) AS kind, options`;
};

/**
 * queued → running: one worker wins, and gets what running it needs. A job that carries its slot (a synchronous
 * run's) starts with this statement alone: READ_RUN is only needed to take a slot for the run's user first.
 * Times are the database's (sqlNow), so a worker whose clock is off cannot write a lease that is already past,
 * or far off, for the others. The user's runs already running are counted too, against the plan: the
 * concurrent-run slot (Redis) decides, and this is the backstop for when Redis has lost its slots (restarted
 * without persistence) while runs still run. No row: not queued, or the user is at the limit (READ_RUN tells).
 */
export const CLAIM_RUN = hotStatement<[slotToken: string, id: number], ClaimedRunRow>({
  name: "worker_claim_run",
  sqlite: claimRun("sqlite"),
  postgres: claimRun("postgresql"),
});

/** A running run's lease, a RUN_LEASE_MS more on the database's clock; no row once it is no longer running. */
export const RENEW_LEASE = hotStatement<[id: number], { id: number }>({
  name: "worker_renew_lease",
  sqlite: `UPDATE scraper_runs SET lease_until = ${sqlNow("sqlite", RUN_LEASE_MS)} WHERE id = ? AND status = 'running' RETURNING id`,
  postgres: `UPDATE scraper_runs SET lease_until = ${sqlNow("postgresql", RUN_LEASE_MS)}
    WHERE id = $1 AND status = 'running' RETURNING id`,
});

/**
 * running → success with the items, unless a cancel or recovery settled the run first: the whole end of a run with
 * neither webhook nor batch (most runs), which has nothing to record beside its outcome. A run with either ends
 * through recordRunEnd's transaction instead (lib/runs/ended.ts).
 */
export const RECORD_SUCCESS = hotStatement<
  [itemCount: number, durationMs: number, resultData: string, outputs: string | null, rendered: 0 | 1, id: number],
  { id: number }
>({
  name: "worker_record_success",
  sqlite: `UPDATE scraper_runs SET status = 'success', item_count = ?, duration_ms = ?, result_data = ?, outputs = ?,
      rendered = ?, finished_at = ${sqlNow("sqlite")}, lease_until = NULL
    WHERE id = ? AND status = 'running' RETURNING id`,
  postgres: `UPDATE scraper_runs SET status = 'success', item_count = $1, duration_ms = $2, result_data = $3, outputs = $4,
      rendered = $5::int::boolean, finished_at = ${sqlNow("postgresql")}, lease_until = NULL
    WHERE id = $6 AND status = 'running' RETURNING id`,
});

/**
 * One run of one user with its scraper's name and its first webhook delivery, in one indexed read: what
 * GET /api/runs/{id} answers, which scraper clients poll with their API key (lib/infra/db/hot.ts). Times are read as
 * ISO text in both dialects (PostgreSQL's driver would read a timestamp without zone in the server's local time).
 */
export const RUN_DETAIL = hotStatement<[id: number, userId: number], RunDetailSqlRow>({
  name: "run_detail",
  sqlite: `SELECT r.id, r.scraper_id AS "scraperId", s.name AS "scraperName", r.url, r.status, r.item_count AS "itemCount",
      r.duration_ms AS "durationMs", r.error_code AS "errorCode", r.error, r.created_at AS "createdAt",
      r.finished_at AS "finishedAt", r.result_data AS "resultData", r.outputs, r.rendered, d.id AS "deliveryId",
      d.attempts AS "deliveryAttempts",
      d.last_status AS "deliveryLastStatus", d.url_disabled AS "deliveryUrlDisabled"
    FROM scraper_runs r JOIN scrapers s ON s.id = r.scraper_id
      LEFT JOIN webhook_deliveries d ON d.id = (SELECT min(id) FROM webhook_deliveries WHERE run_id = r.id)
    WHERE r.id = ? AND r.user_id = ?`,
  postgres: `SELECT r.id, r.scraper_id AS "scraperId", s.name AS "scraperName", r.url, r.status::text AS status,
      r.item_count AS "itemCount", r.duration_ms AS "durationMs", r.error_code AS "errorCode", r.error,
      to_char(r.created_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
      to_char(r.finished_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "finishedAt", r.result_data AS "resultData", r.outputs,
      r.rendered,
      d.id AS "deliveryId", d.attempts AS "deliveryAttempts", d.last_status AS "deliveryLastStatus",
      d.url_disabled AS "deliveryUrlDisabled"
    FROM scraper_runs r JOIN scrapers s ON s.id = r.scraper_id
      LEFT JOIN webhook_deliveries d ON d.id = (SELECT min(id) FROM webhook_deliveries WHERE run_id = r.id)
    WHERE r.id = $1 AND r.user_id = $2`,
});
