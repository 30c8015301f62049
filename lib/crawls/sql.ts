import "server-only";
import { hotDb, hotQuery, hotStatement, type SqlBoolean, sqlNow, sqlNowText, sqlTimestamp } from "@/lib/infra/db/hot";

// The statements on every crawled page's path (claim, the page's run id, its links into the frontier, its end), one
// home, as prepared raw SQL on the hot connection in both dialects (docs/architecture.md#hot-paths). Through the ORM
// they were most of a crawl's main thread: 22 statements a page, its query building and result mapping several
// times the SQL's own cost (docs/decisions.md, bench:crawl). The rarer paths (start, back-off, stop, recovery) and an
// end with a crawl.page webhook (its event recorded in the end's transaction) stay on Prisma. Every write keeps the
// condition that makes it safe among workers: a claim is a compare-and-set on the crawl's version, a page moves
// only from the state its caller holds, and `discovered` never passes the page limit.

/**
 * What a claim reads, in one statement: the crawl, its scraper, its owner's plan, its pages running per host, the
 * database's clock.
 */
export interface ClaimStateRow {
  version: number;
  status: string;
  /** JSON: the per-host politeness state (engine.ts HostsState). */
  hosts: string | null;
  userId: number;
  scraperId: number;
  /** The crawl's scraper, what its runs need of it (RunnableScraper). A crawl goes with its scraper (cascade). */
  scraperKind: string;
  scraperPlan: string;
  plan: string;
  webhookUrl: string | null;
  // FRONTIER_COLUMNS (frontier.ts): what sorting the page's links needs.
  url: string;
  options: string;
  pageLimit: number;
  patternCounts: string | null;
  robots: string | null;
  /** JSON: host → pages running. */
  running: string;
  /** The database's clock, ISO text. */
  now: string;
}

const claimState = (dialect: "sqlite" | "postgresql"): string => {
  const running =
    dialect === "sqlite"
      ? `(SELECT json_group_object(host, n) FROM (SELECT host, count(*) AS n FROM crawl_pages
          WHERE crawl_id = c.id AND state = 'running' GROUP BY host))`
      : `COALESCE((SELECT json_object_agg(host, n) FROM (SELECT host, count(*) AS n FROM crawl_pages
          WHERE crawl_id = c.id AND state = 'running' GROUP BY host) t)::text, '{}')`;
  const text = dialect === "sqlite" ? "" : "::text";
  return `SELECT c.version, c.status, c.hosts, c.user_id AS "userId", c.scraper_id AS "scraperId",
      s.kind${text} AS "scraperKind", s.required_plan${text} AS "scraperPlan", u.plan,
      c.webhook_url AS "webhookUrl", c.url, c.options, c.page_limit AS "pageLimit", c.pattern_counts AS "patternCounts",
      c.robots, ${running} AS running, ${sqlNowText(dialect)} AS now
    FROM crawls c JOIN users u ON u.id = c.user_id JOIN scrapers s ON s.id = c.scraper_id
    WHERE c.id = ${dialect === "sqlite" ? "?" : "$1"}`;
};

export const CLAIM_STATE = hotStatement<[crawlId: number], ClaimStateRow>({
  name: "crawl_claim_state",
  sqlite: claimState("sqlite"),
  postgres: claimState("postgresql"),
});

export interface QueuedPageRow {
  id: number;
  url: string;
  depth: number;
  host: string;
  runId: number | null;
  /** Given back by recovery (its lease ran out): a run it submitted may exist without its id on the page. */
  recovered: SqlBoolean;
  retries: number;
}

/** The crawl's first queued page (the frontier's order) of a host not in the JSON array of hosts that must wait. */
export const NEXT_QUEUED_PAGE = hotStatement<[crawlId: number, waitingHosts: string], QueuedPageRow>({
  name: "crawl_next_queued_page",
  sqlite: `SELECT id, url, depth, host, run_id AS "runId", lease_until IS NOT NULL AS recovered, retries FROM crawl_pages
    WHERE crawl_id = ? AND state = 'queued' AND host NOT IN (SELECT value FROM json_each(?)) ORDER BY id LIMIT 1`,
  postgres: `SELECT id, url, depth, host, run_id AS "runId", lease_until IS NOT NULL AS recovered, retries FROM crawl_pages
    WHERE crawl_id = $1 AND state = 'queued' AND host NOT IN (SELECT json_array_elements_text($2::json))
    ORDER BY id LIMIT 1`,
});

const MOVE_HOSTS = hotStatement<[hosts: string, crawlId: number, version: number], { id: number }>({
  name: "crawl_move_hosts",
  sqlite: `UPDATE crawls SET version = version + 1, hosts = ? WHERE id = ? AND version = ? AND status = 'running' RETURNING id`,
  postgres: `UPDATE crawls SET version = version + 1, hosts = $1 WHERE id = $2 AND version = $3 AND status = 'running' RETURNING id`,
});

const TAKE_PAGE = hotStatement<[leaseUntil: string, pageId: number], { id: number }>({
  name: "crawl_take_page",
  sqlite: `UPDATE crawl_pages SET state = 'running', lease_until = ? WHERE id = ? AND state = 'queued' RETURNING id`,
  postgres: `UPDATE crawl_pages SET state = 'running', lease_until = $1::timestamp WHERE id = $2 AND state = 'queued' RETURNING id`,
});

const MOVE_HOSTS_AND_TAKE_PAGE = hotStatement<
  [hosts: string, crawlId: number, version: number, leaseUntil: string, pageId: number],
  { id: number }
>({
  name: "crawl_claim_page",
  // What SQLite runs instead, as two steps of one transaction (it has no data-modifying CTEs): hotDb().steps.
  sqlite: `${MOVE_HOSTS.sqlite};\n${TAKE_PAGE.sqlite}`,
  postgres: `WITH moved AS (
      UPDATE crawls SET version = version + 1, hosts = $1 WHERE id = $2 AND version = $3 AND status = 'running' RETURNING id
    )
    UPDATE crawl_pages SET state = 'running', lease_until = $4::timestamp
    WHERE id = $5 AND state = 'queued' AND EXISTS (SELECT 1 FROM moved) RETURNING id`,
});

/**
 * The claim's writes: the crawl's host state moved on under its version (a claim that raced this one and won makes
 * this one lose), then the page queued → running with its lease. True when both happened. SQLite runs them as two
 * steps of one transaction, PostgreSQL as one statement; on either, a page that left `queued` after the crawl row
 * moved (only a stopping crawl's sweep does that without moving the version) leaves the host's last start set for a
 * page not started, which at worst delays that host's next start by its Crawl-delay.
 */
export async function claimPage(
  claim: { crawlId: number; version: number; hosts: string; pageId: number },
  leaseUntil: Date,
): Promise<boolean> {
  const hot = hotDb();
  const lease = sqlTimestamp(leaseUntil);
  if (hot.steps) {
    const answers = await hot.steps([
      [MOVE_HOSTS, [claim.hosts, claim.crawlId, claim.version]],
      [TAKE_PAGE, [lease, claim.pageId]],
    ]);
    return (answers[1]?.length ?? 0) > 0;
  }
  const rows = await hot.all(MOVE_HOSTS_AND_TAKE_PAGE, [claim.hosts, claim.crawlId, claim.version, lease, claim.pageId]);
  return rows.length > 0;
}

/** The run a worker submitted for its claimed page, written while the page is running without one. */
export const WRITE_PAGE_RUN = hotStatement<[runId: number, pageId: number], { id: number }>({
  name: "crawl_write_page_run",
  sqlite: `UPDATE crawl_pages SET run_id = ? WHERE id = ? AND state = 'running' AND run_id IS NULL RETURNING id`,
  postgres: `UPDATE crawl_pages SET run_id = $1 WHERE id = $2 AND state = 'running' AND run_id IS NULL RETURNING id`,
});

/** Which of the keys (a JSON array) the crawl's frontier already holds. */
export const KNOWN_KEYS = hotStatement<[crawlId: number, keys: string], { key: string }>({
  name: "crawl_known_keys",
  sqlite: `SELECT key FROM crawl_pages WHERE crawl_id = ? AND key IN (SELECT value FROM json_each(?))`,
  postgres: `SELECT key FROM crawl_pages WHERE crawl_id = $1 AND key IN (SELECT json_array_elements_text($2::json))`,
});

const TAKE_FRONTIER_SLOT = hotStatement<[crawlId: number], { id: number }>({
  name: "crawl_take_frontier_slot",
  sqlite: `UPDATE crawls SET discovered = discovered + 1
    WHERE id = ? AND discovered < page_limit AND status = 'running' AND stopped_reason IS NULL RETURNING id`,
  postgres: `UPDATE crawls SET discovered = discovered + 1
    WHERE id = $1 AND discovered < page_limit AND status = 'running' AND stopped_reason IS NULL RETURNING id`,
});

type NewPageParams = [crawlId: number, url: string, key: string, host: string, depth: number];

const INSERT_PAGE = hotStatement<NewPageParams, { id: number }>({
  name: "crawl_insert_page",
  sqlite: `INSERT INTO crawl_pages (crawl_id, url, key, host, depth, state, created_at, retries)
    VALUES (?, ?, ?, ?, ?, 'queued', ${sqlNow("sqlite")}, 0) ON CONFLICT (crawl_id, key) DO NOTHING RETURNING id`,
  postgres: `INSERT INTO crawl_pages (crawl_id, url, key, host, depth, state, created_at, retries)
    VALUES ($1, $2, $3, $4, $5, 'queued', ${sqlNow("postgresql")}, 0) ON CONFLICT (crawl_id, key) DO NOTHING RETURNING id`,
});

const TAKE_SLOT_AND_INSERT_PAGE = hotStatement<NewPageParams, { taken: number; id: number | null }>({
  name: "crawl_add_page",
  // SQLite: TAKE_FRONTIER_SLOT then INSERT_PAGE, two steps of one transaction (hotDb().steps).
  sqlite: `${TAKE_FRONTIER_SLOT.sqlite};\n${INSERT_PAGE.sqlite}`,
  postgres: `WITH taken AS (
      UPDATE crawls SET discovered = discovered + 1
      WHERE id = $1 AND discovered < page_limit AND status = 'running' AND stopped_reason IS NULL RETURNING id
    ), added AS (
      INSERT INTO crawl_pages (crawl_id, url, key, host, depth, state, created_at, retries)
      SELECT $1::int, $2::text, $3::text, $4::text, $5::int, 'queued', ${sqlNow("postgresql")}, 0 FROM taken
      ON CONFLICT (crawl_id, key) DO NOTHING RETURNING id
    )
    SELECT (SELECT count(*) FROM taken)::int AS taken, (SELECT id FROM added) AS id`,
});

const GIVE_BACK_FRONTIER_SLOT = hotStatement<[crawlId: number], Record<string, never>>({
  name: "crawl_give_back_frontier_slot",
  sqlite: `UPDATE crawls SET discovered = discovered - 1 WHERE id = ?`,
  postgres: `UPDATE crawls SET discovered = discovered - 1 WHERE id = $1`,
});

/**
 * A page into the frontier, within the page limit: `discovered` taken one page at a time with a conditional
 * increment (two workers adding at once cannot pass the limit), the row inserted unless its key is there already.
 * "full": the limit is reached or the crawl is stopping; "duplicate": another worker added the key a moment ago
 * (its slot given back).
 */
export async function addPage(page: {
  crawlId: number;
  url: string;
  key: string;
  host: string;
  depth: number;
}): Promise<{ added: true; id: number } | { added: false; reason: "full" | "duplicate" }> {
  const hot = hotDb();
  const params: NewPageParams = [page.crawlId, page.url, page.key, page.host, page.depth];
  let taken: boolean;
  let id: number | undefined;
  if (hot.steps) {
    const answers = await hot.steps([
      [TAKE_FRONTIER_SLOT, [page.crawlId]],
      [INSERT_PAGE, params],
    ]);
    taken = (answers[0]?.length ?? 0) > 0;
    id = (answers[1]?.[0] as { id: number } | undefined)?.id;
  } else {
    const [row] = await hot.all(TAKE_SLOT_AND_INSERT_PAGE, params);
    taken = (row?.taken ?? 0) > 0;
    id = row?.id ?? undefined;
  }
  if (!taken) return { added: false, reason: "full" };
  if (id !== undefined) return { added: true, id };
  await hotQuery(GIVE_BACK_FRONTIER_SLOT, [page.crawlId]);
  return { added: false, reason: "duplicate" };
}

type SkipParams = [
  robots: number,
  excluded: number,
  duplicate: number,
  offHost: number,
  privateAddress: number,
  trap: number,
  limit: number,
  /** JSON, or null to keep the stored counts. */
  patternCounts: string | null,
  crawlId: number,
];

const recordSkips = (dialect: "sqlite" | "postgresql"): string => {
  const p = (n: number) => (dialect === "sqlite" ? "?" : `$${n}`);
  return `UPDATE crawls SET skipped_robots = skipped_robots + ${p(1)}, skipped_excluded = skipped_excluded + ${p(2)},
      skipped_duplicate = skipped_duplicate + ${p(3)}, skipped_off_host = skipped_off_host + ${p(4)},
      skipped_private = skipped_private + ${p(5)}, skipped_trap = skipped_trap + ${p(6)},
      skipped_limit = skipped_limit + ${p(7)}, pattern_counts = COALESCE(${p(8)}, pattern_counts)
    WHERE id = ${p(9)} RETURNING status, stopped_reason AS "stoppedReason"`;
};

/** A batch of links sorted: the crawl's skip counters (and trap pattern counts), and whether it still runs. */
export const RECORD_SKIPS = hotStatement<SkipParams, { status: string; stoppedReason: string | null }>({
  name: "crawl_record_skips",
  sqlite: recordSkips("sqlite"),
  postgres: recordSkips("postgresql"),
});

const END_PAGE = hotStatement<[state: string, errorCode: string | null, error: string | null, pageId: number], { id: number }>({
  name: "crawl_end_page",
  sqlite: `UPDATE crawl_pages SET state = ?, error_code = ?, error = ?, lease_until = NULL, finished_at = ${sqlNow("sqlite")}
    WHERE id = ? AND state = 'running' RETURNING id`,
  postgres: `UPDATE crawl_pages SET state = $1, error_code = $2, error = $3, lease_until = NULL, finished_at = ${sqlNow("postgresql")}
    WHERE id = $4 AND state = 'running' RETURNING id`,
});

const COUNT_PAGE_END = hotStatement<[succeeded: number, failed: number, crawlId: number], { id: number }>({
  name: "crawl_count_page_end",
  sqlite: `UPDATE crawls SET succeeded = succeeded + ?, failed = failed + ? WHERE id = ? RETURNING id`,
  postgres: `UPDATE crawls SET succeeded = succeeded + $1, failed = failed + $2 WHERE id = $3 RETURNING id`,
});

const END_AND_COUNT_PAGE = hotStatement<
  [
    state: string,
    errorCode: string | null,
    error: string | null,
    pageId: number,
    succeeded: number,
    failed: number,
    crawlId: number,
  ],
  { id: number }
>({
  name: "crawl_end_and_count_page",
  // SQLite: END_PAGE then COUNT_PAGE_END, two steps of one transaction (hotDb().steps).
  sqlite: `${END_PAGE.sqlite};\n${COUNT_PAGE_END.sqlite}`,
  postgres: `WITH ended AS (
      UPDATE crawl_pages SET state = $1, error_code = $2, error = $3, lease_until = NULL, finished_at = ${sqlNow("postgresql")}
      WHERE id = $4 AND state = 'running' RETURNING id
    )
    UPDATE crawls SET succeeded = succeeded + $5, failed = failed + $6 WHERE id = $7 AND EXISTS (SELECT 1 FROM ended)
    RETURNING id`,
});

/**
 * A running page's end, of a crawl without a webhook (nothing to record with it): running → succeeded/failed and the
 * crawl's counter, in one transaction. False when the page was no longer running (its end recorded once).
 */
export async function endPage(
  page: { crawlId: number; pageId: number },
  end: { ok: true } | { ok: false; errorCode: string; error: string },
): Promise<boolean> {
  const hot = hotDb();
  const [state, errorCode, error] = end.ok ? ["succeeded", null, null] : ["failed", end.errorCode, end.error];
  const counts: [number, number] = end.ok ? [1, 0] : [0, 1];
  if (hot.steps) {
    const answers = await hot.steps([
      [END_PAGE, [state, errorCode, error, page.pageId]],
      [COUNT_PAGE_END, [...counts, page.crawlId]],
    ]);
    return (answers[1]?.length ?? 0) > 0;
  }
  const rows = await hot.all(END_AND_COUNT_PAGE, [state, errorCode, error, page.pageId, ...counts, page.crawlId]);
  return rows.length > 0;
}
