// What must hold after the faults, checked from the database, the webhook receiver's log and the answers the
// clients got (issue 29's list). Each check says what it counted; any violation is listed, a few examples each.
import type pg from "pg";
import { PLANS } from "@/lib/config/plans";
import type { FaultRecord } from "./faults";
import type { ChaosUser, LoadLog, Outcome } from "./load";
import type { Received } from "./receiver";

export interface Check {
  name: string;
  ok: boolean;
  /** What was counted, for the report. */
  counts: string;
  violations: string[];
}

const TERMINAL = new Set(["success", "failed", "cancelled"]);
/** The 5xx a run's own failure answers a synchronous caller with (the target site's fault, docs/api.md). */
const RUN_FAILURE_5XX = new Set(["upstream_error", "upstream_unreachable", "upstream_timeout", "too_many_redirects"]);
/** A 503 is documented for these: a dependency away, or a run whose worker died. */
const DOCUMENTED_503 = new Set(["service_unavailable", "worker_lost"]);

interface RunRow {
  id: number;
  user_id: number;
  batch_id: number | null;
  url: string;
  status: string;
  item_count: number;
  error_code: string | null;
  webhook_url: string | null;
  quota_month: string | null;
  started_at: Date | null;
  finished_at: Date | null;
  origin_kind: string | null;
  origin_id: number | null;
  rendered: boolean;
  render: string | null;
}

const CRAWL_TERMINAL = new Set(["completed", "cancelled", "failed"]);
/** A check's end (lib/monitors/schema.ts CHECK_STATUSES less `running`). */
const CHECK_STATUSES_REPORTED = ["new", "same", "changed", "failed", "skipped_quota", "skipped_overlap"] as const;
const CHECK_TERMINAL = new Set<string>(CHECK_STATUSES_REPORTED);

function check(name: string, counts: string, violations: string[]): Check {
  return { name, ok: violations.length === 0, counts, violations };
}

const SUBMISSIONS = new Set(["run-sync", "run-async", "batch", "run-render"]);
/** What the user's own request limiter counts: the submissions and crawls. */
const RATE_LIMITED = new Set([...SUBMISSIONS, "crawl"]);
const accepted = (outcome: Outcome) => outcome.final.status === 200 || outcome.final.status === 202;
const idOf = (body: unknown) => (body as { id?: unknown } | undefined)?.id;

export async function checkInvariants(input: {
  db: pg.Pool;
  users: ChaosUser[];
  log: LoadLog;
  received: readonly Received[];
  faults: FaultRecord[];
  recoverySeconds: number | null;
}): Promise<Check[]> {
  const { db, users, log, received, faults } = input;
  const byIndex = new Map(users.map((user) => [user.index, user]));
  const userIds = users.map((user) => user.id);
  const runs = (
    await db.query<RunRow>(
      `SELECT id, user_id, batch_id, url, status::text AS status, item_count, error_code, webhook_url, quota_month, started_at,
              finished_at, origin_kind, origin_id, rendered, options::json->>'render' AS render
       FROM scraper_runs WHERE user_id = ANY($1)`,
      [userIds],
    )
  ).rows;
  const runById = new Map(runs.map((run) => [run.id, run]));
  const checks: Check[] = [];

  // 1. Every accepted run reached an end; none is lost; none ran to two results.
  {
    const violations: string[] = [];
    const acceptedRuns = new Map<number, { user: number; answers: Outcome }>();
    let sync200 = 0;
    let sync202 = 0;
    let async202 = 0;
    let render = 0;
    let batchRuns = 0;
    for (const outcome of log.outcomes) {
      if (!SUBMISSIONS.has(outcome.op) || !accepted(outcome)) continue;
      const user = byIndex.get(outcome.user) as ChaosUser;
      // One submission (one Idempotency-Key) names one run, however often it was answered.
      const ids = new Set(outcome.attempts.filter((a) => a.status === 200 || a.status === 202).map((a) => idOf(a.body)));
      if (ids.size > 1) violations.push(`one submission answered with runs ${[...ids].join(", ")}`);
      if (outcome.op === "batch") {
        const batchId = idOf(outcome.final.body) as number;
        const own = runs.filter((run) => run.batch_id === batchId);
        const total = (outcome.final.body as { total?: number }).total ?? 0;
        if (own.length !== total) violations.push(`batch ${batchId}: ${own.length} runs recorded of ${total}`);
        for (const run of own) acceptedRuns.set(run.id, { user: user.id, answers: outcome });
        batchRuns += own.length;
        continue;
      }
      const id = idOf(outcome.final.body) as number;
      acceptedRuns.set(id, { user: user.id, answers: outcome });
      if (outcome.op === "run-render") render++;
      else if (outcome.op === "run-sync" && outcome.final.status === 200) sync200++;
      else if (outcome.op === "run-sync") sync202++;
      else async202++;
      const run = runById.get(id);
      if (outcome.final.status === 200) {
        const data = (outcome.final.body as { data?: unknown }).data;
        if (!Array.isArray(data)) {
          violations.push(`run ${id} answered 200 without items: ${JSON.stringify(outcome.final.body).slice(0, 200)}`);
        } else if (run && (run.status !== "success" || run.item_count !== data.length)) {
          violations.push(`run ${id} answered 200 with ${data.length} items, recorded ${run.status} with ${run.item_count}`);
        }
      }
    }
    let terminal = 0;
    for (const [id, { user }] of acceptedRuns) {
      const run = runById.get(id);
      if (!run) violations.push(`run ${id} was accepted and is not in the database`);
      else if (run.user_id !== user) violations.push(`run ${id} belongs to another user`);
      else if (!TERMINAL.has(run.status)) violations.push(`run ${id} is still ${run.status}`);
      else terminal++;
    }
    const open = runs.filter((run) => !TERMINAL.has(run.status));
    for (const run of open.slice(0, 5))
      if (!acceptedRuns.has(run.id)) violations.push(`run ${run.id} (not answered to its client) is still ${run.status}`);
    checks.push(
      check(
        "every accepted run reached an end, none lost, none with two results",
        `${acceptedRuns.size} accepted (sync 200: ${sync200}, sync 202: ${sync202}, async 202: ${async202}, render: ${render}, in batches: ${batchRuns}); ${terminal} ended; ${runs.length} runs in all (crawl pages: ${runs.filter((run) => run.origin_kind === "crawl").length}, monitor checks: ${runs.filter((run) => run.origin_kind === "monitor").length}), ${open.length} not ended`,
        violations,
      ),
    );
  }

  // 2. Usage equals the successful runs, within the plan's quota; failed and cancelled runs are free.
  {
    const violations: string[] = [];
    const usage = (
      await db.query<{ user_id: number; month: string; successful_runs: number }>(
        "SELECT user_id, month, successful_runs FROM monthly_usage WHERE user_id = ANY($1)",
        [userIds],
      )
    ).rows;
    let charged = 0;
    for (const user of users) {
      const months = new Set([...usage.filter((row) => row.user_id === user.id).map((row) => row.month)]);
      for (const run of runs) if (run.user_id === user.id && run.quota_month) months.add(run.quota_month);
      for (const month of months) {
        const recorded = usage.find((row) => row.user_id === user.id && row.month === month)?.successful_runs ?? 0;
        const successes = runs.filter(
          (run) => run.user_id === user.id && run.quota_month === month && run.status === "success",
        ).length;
        charged += recorded;
        if (recorded !== successes)
          violations.push(`user ${user.index} (${user.plan}) ${month}: usage ${recorded}, successful runs ${successes}`);
        if (recorded > PLANS[user.plan].monthlyRuns)
          violations.push(`user ${user.index}: usage ${recorded} over the ${user.plan} quota`);
      }
    }
    const unpaid = runs.filter((run) => run.status !== "success").length;
    checks.push(
      check(
        "usage equals successful runs, within quota; failed and cancelled runs free",
        `${users.length} users; ${charged} runs charged = ${runs.length - unpaid} successes; ${unpaid} failed or cancelled, uncharged`,
        violations,
      ),
    );
  }

  // 3. Concurrency and rate limits.
  {
    const violations: string[] = [];
    let maxSeen = 0;
    for (const user of users) {
      const edges: [number, number][] = [];
      for (const run of runs) {
        if (run.user_id !== user.id || !run.started_at || !run.finished_at) continue;
        edges.push([run.started_at.getTime(), 1], [run.finished_at.getTime(), -1]);
      }
      // Ends before starts at the same instant: a slot freed and taken again in one millisecond is not an overlap.
      edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      let now = 0;
      let most = 0;
      let peak = 0;
      for (const [at, delta] of edges) {
        now += delta;
        if (now > most) [most, peak] = [now, at];
      }
      maxSeen = Math.max(maxSeen, most / PLANS[user.plan].concurrentRuns);
      if (most > PLANS[user.plan].concurrentRuns) {
        const overlapping = runs.filter(
          (run) =>
            run.user_id === user.id &&
            run.started_at &&
            run.finished_at &&
            run.started_at.getTime() <= peak &&
            run.finished_at.getTime() > peak,
        );
        violations.push(
          `user ${user.index} (${user.plan}): ${most} runs at once, plan allows ${PLANS[user.plan].concurrentRuns}: ${overlapping
            .map(
              (run) =>
                `run ${run.id} ${run.status}${run.error_code ? ` ${run.error_code}` : ""} ${run.started_at?.toISOString().slice(11, 23)}–${run.finished_at?.toISOString().slice(11, 23)}`,
            )
            .join(", ")}`,
        );
      }
    }
    let windows = 0;
    for (const user of users) {
      // The user's own limiter (runs and batches); a verification's is the caller's address's.
      const counted = log.answers
        .filter(
          (answer) => answer.user === user.index && RATE_LIMITED.has(answer.op) && answer.rateLimit && answer.status !== 429,
        )
        .sort((a, b) => (a.rateLimit?.reset ?? 0) - (b.rateLimit?.reset ?? 0));
      // One window's answers share its reset time, give or take the second each instance rounds to.
      let start = Number.NEGATIVE_INFINITY;
      let inWindow = 0;
      for (const answer of counted) {
        const reset = answer.rateLimit?.reset ?? 0;
        if (reset - start > 2) {
          start = reset;
          inWindow = 0;
          windows++;
        }
        inWindow++;
        if (inWindow === (answer.rateLimit?.limit ?? 0) + 1)
          violations.push(
            `user ${user.index}: more than ${answer.rateLimit?.limit} requests counted in the window ending ${reset}`,
          );
      }
    }
    checks.push(
      check(
        "concurrency and rate limits never exceeded",
        `runs at once per user at most ${(maxSeen * 100).toFixed(0)}% of the plan's limit; ${windows} rate-limit windows, ${log.answers.filter((a) => a.status === 429).length} answers 429`,
        violations,
      ),
    );
  }

  // 4. Webhooks: one event per ended run with a webhook, delivered at least once, duplicates with the same id, every
  // attempt recorded.
  {
    const violations: string[] = [];
    const deliveries = (
      await db.query<{
        id: number;
        run_id: number | null;
        batch_id: number | null;
        event_id: string;
        type: string;
        attempts: number;
        delivered_at: Date | null;
        payload: string;
      }>(
        "SELECT id, run_id, batch_id, event_id, type, attempts, delivered_at, payload FROM webhook_deliveries WHERE user_id = ANY($1)",
        [userIds],
      )
    ).rows;
    const receivedById = new Map<string, Received[]>();
    for (const delivery of received)
      receivedById.set(delivery.eventId, [...(receivedById.get(delivery.eventId) ?? []), delivery]);
    const perRun = new Map<number, number>();
    for (const delivery of deliveries)
      if (delivery.run_id !== null) perRun.set(delivery.run_id, (perRun.get(delivery.run_id) ?? 0) + 1);
    let runEvents = 0;
    for (const run of runs) {
      if (!run.webhook_url || run.status === "cancelled" || !TERMINAL.has(run.status)) continue;
      runEvents++;
      const count = perRun.get(run.id) ?? 0;
      if (count !== 1) violations.push(`run ${run.id} (${run.status}) has ${count} events`);
    }
    const batches = (
      await db.query<{ id: number; completed_at: Date | null; webhook_url: string | null }>(
        "SELECT id, completed_at, webhook_url FROM run_batches WHERE user_id = ANY($1)",
        [userIds],
      )
    ).rows;
    for (const batch of batches) {
      const open = runs.some((run) => run.batch_id === batch.id && !TERMINAL.has(run.status));
      if (!open && !batch.completed_at) violations.push(`batch ${batch.id}: every run ended, not completed`);
      const events = deliveries.filter((delivery) => delivery.batch_id === batch.id).length;
      if (batch.completed_at && batch.webhook_url && events !== 1)
        violations.push(`batch ${batch.id}: ${events} batch.completed events`);
    }
    let delivered = 0;
    let duplicates = 0;
    for (const delivery of deliveries) {
      const got = receivedById.get(delivery.event_id) ?? [];
      if (!delivery.delivered_at || !got.some((reception) => reception.answer === 200)) {
        violations.push(
          `event ${delivery.event_id} (${delivery.type}) not delivered (${got.length} receptions, ${delivery.attempts} attempts)`,
        );
      } else delivered++;
      if (got.filter((reception) => reception.answer === 200).length > 1) duplicates++;
      if (new Set(got.map((reception) => reception.body)).size > 1)
        violations.push(`event ${delivery.event_id} sent with different bodies`);
      if (got.length > delivery.attempts)
        violations.push(`event ${delivery.event_id}: ${got.length} receptions, ${delivery.attempts} attempts recorded`);
      if (delivery.run_id !== null) {
        const run = runById.get(delivery.run_id);
        const expected = run?.status === "success" ? "run.succeeded" : "run.failed";
        if (delivery.type !== expected)
          violations.push(`event ${delivery.event_id} is ${delivery.type}, run ${delivery.run_id} ${run?.status}`);
      }
    }
    const known = new Set(deliveries.map((delivery) => delivery.event_id));
    const strangers = [...receivedById.keys()].filter((id) => !known.has(id));
    if (strangers.length > 0) violations.push(`${strangers.length} events received that no delivery row records`);
    checks.push(
      check(
        "one event per ended run with a webhook, each delivered, duplicates only with the same id, every attempt recorded",
        `${runEvents} run events, ${batches.filter((b) => b.completed_at && b.webhook_url).length} batch events; ${delivered} of ${deliveries.length} delivered; ${received.length} receptions (${received.filter((r) => r.answer !== 200).length} answered 500 or timed out); ${duplicates} delivered more than once, same id`,
        violations,
      ),
    );
  }

  // 5. License verifications.
  {
    const violations: string[] = [];
    const licenses = (
      await db.query<{ id: number; usage_count: number; max_usage: number | null }>(
        "SELECT id, usage_count, max_usage FROM licenses WHERE user_id = ANY($1)",
        [userIds],
      )
    ).rows;
    let validAnswers = 0;
    let counted = 0;
    for (const user of users) {
      const license = licenses.find((row) => row.id === user.license.id);
      const verifies = log.outcomes.filter((outcome) => outcome.op === "verify" && outcome.user === user.index);
      const valid = verifies.filter(
        (outcome) => outcome.final.status === 200 && (outcome.final.body as { valid?: boolean }).valid === true,
      ).length;
      // A verification whose answer never came (or came as a 503) may or may not have been counted.
      const unknown = verifies.filter((outcome) => outcome.final.status === 0 || outcome.final.status >= 500).length;
      const uses = license?.usage_count ?? 0;
      validAnswers += valid;
      counted += uses;
      if (license?.max_usage !== null && license !== undefined && uses > license.max_usage)
        violations.push(`license ${license.id}: ${uses} uses over its ${license.max_usage}`);
      if (uses < valid || uses > valid + unknown)
        violations.push(`license of user ${user.index}: ${uses} uses counted, ${valid} answered valid, ${unknown} unanswered`);
    }
    checks.push(
      check(
        "license verifications: max_verifications never exceeded, each counted one answered valid once",
        `${log.outcomes.filter((o) => o.op === "verify").length} verifications; ${validAnswers} answered valid, ${counted} uses counted`,
        violations,
      ),
    );
  }

  // 6. No 5xx but the documented ones, each with a JSON body.
  {
    const violations: string[] = [];
    const serverErrors = log.answers.filter((answer) => answer.status >= 500);
    let outage503 = 0;
    let inWindow = 0;
    for (const answer of serverErrors) {
      const documented =
        answer.json &&
        ((answer.status === 503 && answer.code !== undefined && DOCUMENTED_503.has(answer.code)) ||
          (answer.op === "run-sync" && answer.code !== undefined && RUN_FAILURE_5XX.has(answer.code)));
      if (!documented)
        violations.push(`${answer.op} answered ${answer.status} ${answer.code ?? "(no JSON code)"} by ${answer.instance}`);
      if (answer.code === "service_unavailable") {
        outage503++;
        if (faults.some((fault) => answer.at >= fault.startedAt - 1000 && answer.at <= (fault.endedAt ?? Date.now()) + 30_000))
          inWindow++;
      }
    }
    const dropped = log.answers.filter((answer) => answer.status === 0).length;
    const gaveUp = log.outcomes.filter(
      (outcome) => outcome.final.status === 0 || outcome.final.code === "service_unavailable",
    ).length;
    checks.push(
      check(
        "no 5xx but the documented 503 of an outage (and a run's own upstream failure), each with a JSON body",
        `${log.answers.length} answers; ${serverErrors.length} 5xx: ${outage503} service_unavailable (${inWindow} during a fault or within 30 s of its end), ${serverErrors.length - outage503} others; ${dropped} connections without an answer; ${gaveUp} calls still unanswered after ${8} tries`,
        violations,
      ),
    );
  }

  // 6b. A graceful shutdown answers what it holds: no request dropped mid-answer by an instance told to stop.
  {
    const violations: string[] = [];
    let held = 0;
    for (const fault of faults.filter((f) => f.kind === "term-web")) {
      const end = fault.endedAt ?? Date.now();
      for (const answer of log.answers) {
        // What ended while the instance shut down: a failure then is a drop, unless nothing listened any more.
        if (answer.instance !== fault.target || answer.doneAt < fault.startedAt || answer.doneAt > end) continue;
        if (answer.status === 0 && answer.error !== "ECONNREFUSED") {
          violations.push(`${answer.op} to ${answer.instance} dropped (${answer.error}) during its graceful shutdown`);
        } else if (answer.status !== 0 && answer.at < fault.startedAt) held++;
      }
    }
    const refused = log.answers.filter((answer) => answer.error === "ECONNREFUSED").length;
    const dropped = log.answers.filter((answer) => answer.status === 0 && answer.error !== "ECONNREFUSED").length;
    checks.push(
      check(
        "a web instance shutting down gracefully drops no request it took",
        `${faults.filter((f) => f.kind === "term-web").length} graceful restarts, ${held} requests in flight answered through them; in all ${refused} connections refused (instance down) and ${dropped} dropped (SIGKILL)`,
        violations,
      ),
    );
  }

  // 8. Crawls: every crawl ended, every page ended; no page run twice, no URL of a crawl scraped twice; the counters
  // are the pages; a succeeded page's run succeeded (and so was charged once, by check 2).
  {
    const violations: string[] = [];
    const crawls = (
      await db.query<{
        id: number;
        user_id: number;
        status: string;
        stopped_reason: string | null;
        succeeded: number;
        failed: number;
        discovered: number;
        page_limit: number;
        webhook_url: string | null;
      }>(
        `SELECT id, user_id, status, stopped_reason, succeeded, failed, discovered, page_limit, webhook_url
         FROM crawls WHERE user_id = ANY($1)`,
        [userIds],
      )
    ).rows;
    const pages = (
      await db.query<{
        id: number;
        crawl_id: number;
        url: string;
        key: string;
        state: string;
        run_id: number | null;
        error_code: string | null;
      }>("SELECT id, crawl_id, url, key, state, run_id, error_code FROM crawl_pages WHERE crawl_id = ANY($1)", [
        crawls.map((crawl) => crawl.id),
      ])
    ).rows;
    const crawlById = new Map(crawls.map((crawl) => [crawl.id, crawl]));
    const acceptedCrawls = log.outcomes.filter((outcome) => outcome.op === "crawl" && outcome.final.status === 202);
    for (const outcome of acceptedCrawls) {
      const id = idOf(outcome.final.body) as number;
      const crawl = crawlById.get(id);
      if (!crawl) violations.push(`crawl ${id} was accepted and is not in the database`);
      else if (crawl.user_id !== (byIndex.get(outcome.user) as ChaosUser).id)
        violations.push(`crawl ${id} belongs to another user`);
    }
    for (const crawl of crawls) {
      if (!CRAWL_TERMINAL.has(crawl.status)) violations.push(`crawl ${crawl.id} is still ${crawl.status}`);
      const own = pages.filter((page) => page.crawl_id === crawl.id);
      const succeeded = own.filter((page) => page.state === "succeeded").length;
      const failed = own.filter((page) => page.state === "failed").length;
      if (succeeded !== crawl.succeeded || failed !== crawl.failed)
        violations.push(
          `crawl ${crawl.id}: counters ${crawl.succeeded} succeeded / ${crawl.failed} failed, pages ${succeeded} / ${failed}`,
        );
      if (own.length > crawl.page_limit)
        violations.push(`crawl ${crawl.id}: ${own.length} pages over its limit ${crawl.page_limit}`);
      // Every run the crawl made, whatever page row recorded it: one per URL.
      const crawlRuns = runs.filter((run) => run.origin_kind === "crawl" && run.origin_id === crawl.id);
      const perUrl = new Map<string, number[]>();
      for (const run of crawlRuns) perUrl.set(run.url, [...(perUrl.get(run.url) ?? []), run.id]);
      for (const [url, ids] of perUrl)
        if (ids.length > 1) violations.push(`crawl ${crawl.id}: ${url} scraped ${ids.length} times (runs ${ids.join(", ")})`);
      const recorded = new Set(own.flatMap((page) => (page.run_id === null ? [] : [page.run_id])));
      for (const run of crawlRuns)
        if (!recorded.has(run.id)) violations.push(`crawl ${crawl.id}: run ${run.id} (${run.status}) is no page's run`);
    }
    const runOwners = new Map<number, number>();
    for (const page of pages) {
      if (page.state === "queued" || page.state === "running")
        violations.push(`crawl ${page.crawl_id}: page ${page.id} is still ${page.state}`);
      if (page.run_id !== null) {
        const other = runOwners.get(page.run_id);
        if (other !== undefined) violations.push(`run ${page.run_id} is the run of pages ${other} and ${page.id}`);
        runOwners.set(page.run_id, page.id);
      }
      const run = page.run_id === null ? undefined : runById.get(page.run_id);
      if (page.state === "succeeded" && run?.status !== "success")
        violations.push(
          `crawl ${page.crawl_id}: page ${page.id} succeeded, its run ${page.run_id} is ${run?.status ?? "missing"}`,
        );
      if (page.state === "failed" && run?.status === "success")
        violations.push(`crawl ${page.crawl_id}: page ${page.id} failed (${page.error_code}), its run ${page.run_id} succeeded`);
    }
    const byStatus = (status: string) => crawls.filter((crawl) => crawl.status === status).length;
    const byState = (state: string) => pages.filter((page) => page.state === state).length;
    const cancels = log.outcomes.filter((outcome) => outcome.op === "crawl-cancel");
    checks.push(
      check(
        "every crawl ended, every page ended; no page run twice, no URL of a crawl scraped twice; counters = pages",
        `${acceptedCrawls.length} crawls accepted (${log.outcomes.filter((o) => o.op === "crawl" && o.final.code === "crawl_limited").length} refused crawl_limited), ${crawls.length} in all: ${byStatus("completed")} completed (${crawls.filter((c) => c.stopped_reason === "quota").length} by the quota), ${byStatus("cancelled")} cancelled, ${byStatus("failed")} failed; ${cancels.filter((o) => o.final.status === 200).length} cancelled mid-way of ${cancels.length} asked; ${pages.length} pages: ${byState("succeeded")} succeeded, ${byState("failed")} failed, ${byState("cancelled")} cancelled; ${runs.filter((run) => run.origin_kind === "crawl").length} page runs`,
        violations,
      ),
    );
  }

  // 9. Monitors: every check ended; no two checks of one monitor ran at once (a tick due meanwhile is
  // skipped_overlap).
  {
    const violations: string[] = [];
    const monitors = (
      await db.query<{ id: number; webhook_url: string | null }>("SELECT id, webhook_url FROM monitors WHERE user_id = ANY($1)", [
        userIds,
      ])
    ).rows;
    const checksRows = (
      await db.query<{
        id: number;
        monitor_id: number;
        status: string;
        manual: boolean;
        created_at: Date;
        finished_at: Date | null;
      }>(
        "SELECT id, monitor_id, status, manual, created_at, finished_at FROM monitor_checks WHERE monitor_id = ANY($1) ORDER BY id",
        [monitors.map((monitor) => monitor.id)],
      )
    ).rows;
    for (const row of checksRows) {
      if (!CHECK_TERMINAL.has(row.status)) violations.push(`monitor ${row.monitor_id}: check ${row.id} is still ${row.status}`);
      else if (!row.finished_at) violations.push(`monitor ${row.monitor_id}: check ${row.id} ${row.status} without an end time`);
    }
    for (const monitor of monitors) {
      const ran = checksRows.filter(
        (row) => row.monitor_id === monitor.id && !row.status.startsWith("skipped_") && row.finished_at !== null,
      );
      for (let i = 0; i < ran.length; i++)
        for (let j = i + 1; j < ran.length; j++) {
          const [a, b] = [ran[i], ran[j]] as [(typeof ran)[number], (typeof ran)[number]];
          if (a.created_at < (b.finished_at as Date) && b.created_at < (a.finished_at as Date))
            violations.push(
              `monitor ${monitor.id}: checks ${a.id} and ${b.id} overlap (${a.created_at.toISOString().slice(11, 23)}–${a.finished_at?.toISOString().slice(11, 23)}, ${b.created_at.toISOString().slice(11, 23)}–${b.finished_at?.toISOString().slice(11, 23)})`,
            );
        }
    }
    const count = (status: string) => checksRows.filter((row) => row.status === status).length;
    const created = log.outcomes.filter((outcome) => outcome.op === "monitor" && outcome.final.status === 201).length;
    const now = log.outcomes.filter((outcome) => outcome.op === "monitor-run");
    checks.push(
      check(
        "every monitor check ended; no two checks of one monitor at once",
        `${created} monitors created (${monitors.length} in all); check now asked ${now.length} times: ${now.filter((o) => o.final.status === 202).length} queued, ${now.filter((o) => o.final.code === "check_running").length} 409 check_running; ${checksRows.length} checks (${checksRows.filter((row) => row.manual).length} asked): ${CHECK_STATUSES_REPORTED.map((status) => `${count(status)} ${status}`).join(", ")}; ${runs.filter((run) => run.origin_kind === "monitor").length} check runs`,
        violations,
      ),
    );
  }

  // 10. Rendered runs: covered by checks 1 and 2 (ended, charged once iff success); counted here so it shows they ran.
  {
    const violations: string[] = [];
    const asked = runs.filter((run) => run.render === "true" || run.render === "auto");
    const acceptedRenders = log.outcomes.filter((outcome) => outcome.op === "run-render" && accepted(outcome)).length;
    for (const run of asked)
      if (!TERMINAL.has(run.status)) violations.push(`rendered run ${run.id} (render ${run.render}) is still ${run.status}`);
    const always = asked.filter((run) => run.render === "true");
    const auto = asked.filter((run) => run.render === "auto");
    const ok = (list: RunRow[]) => list.filter((run) => run.status === "success").length;
    const errors = new Map<string, number>();
    for (const run of asked)
      if (run.status !== "success") errors.set(run.error_code ?? run.status, (errors.get(run.error_code ?? run.status) ?? 0) + 1);
    checks.push(
      check(
        "rendered runs ended (and are in the run and usage checks above)",
        `${acceptedRenders} accepted; ${always.length} render: true (${ok(always)} succeeded), ${auto.length} render: "auto" (${ok(auto)} succeeded), ${asked.filter((run) => run.rendered).length} rendered in a browser; not succeeded: ${[...errors].map(([code, n]) => `${n} ${code}`).join(", ") || "none"}`,
        violations,
      ),
    );
  }

  // 11. Crawl and monitor webhooks: one crawl.completed / crawl.failed per ended crawl with a webhook (its type
  // matching the status), one crawl.page per ended page, one monitor.changed per changed check, each delivered
  // (check 4 checks delivery, duplicates and attempts for every event).
  {
    const violations: string[] = [];
    const events = (
      await db.query<{ event_id: string; type: string; crawl_id: number | null; delivered_at: Date | null; payload: string }>(
        "SELECT event_id, type, crawl_id, delivered_at, payload FROM webhook_deliveries WHERE user_id = ANY($1) AND (type LIKE 'crawl.%' OR type LIKE 'monitor.%')",
        [userIds],
      )
    ).rows;
    const delivered = new Set(received.filter((reception) => reception.answer === 200).map((reception) => reception.eventId));
    const crawls = (
      await db.query<{ id: number; status: string; webhook_url: string | null }>(
        "SELECT id, status, webhook_url FROM crawls WHERE user_id = ANY($1)",
        [userIds],
      )
    ).rows;
    const pages = (
      await db.query<{ id: number; crawl_id: number; state: string }>(
        "SELECT id, crawl_id, state FROM crawl_pages WHERE crawl_id = ANY($1)",
        [crawls.map((crawl) => crawl.id)],
      )
    ).rows;
    const dataOf = (payload: string) => (JSON.parse(payload) as { data: Record<string, unknown> }).data;
    let crawlEnds = 0;
    let pageEvents = 0;
    for (const crawl of crawls) {
      if (!crawl.webhook_url || !CRAWL_TERMINAL.has(crawl.status)) continue;
      const ends = events.filter((event) => event.crawl_id === crawl.id && event.type !== "crawl.page");
      crawlEnds += ends.length;
      if (ends.length !== 1) violations.push(`crawl ${crawl.id} (${crawl.status}): ${ends.length} end events`);
      const expected = crawl.status === "failed" ? "crawl.failed" : "crawl.completed";
      for (const event of ends) {
        if (event.type !== expected) violations.push(`crawl ${crawl.id} (${crawl.status}): its end event is ${event.type}`);
        if ((dataOf(event.payload) as { status?: string }).status !== crawl.status)
          violations.push(
            `crawl ${crawl.id} (${crawl.status}): ${event.type} says ${(dataOf(event.payload) as { status?: string }).status}`,
          );
      }
      const perPage = new Map<number, number>();
      for (const event of events)
        if (event.crawl_id === crawl.id && event.type === "crawl.page") {
          const page = (dataOf(event.payload) as { page: { id: number } }).page.id;
          perPage.set(page, (perPage.get(page) ?? 0) + 1);
        }
      for (const page of pages.filter((p) => p.crawl_id === crawl.id && (p.state === "succeeded" || p.state === "failed"))) {
        pageEvents++;
        if (perPage.get(page.id) !== 1)
          violations.push(
            `crawl ${crawl.id}: page ${page.id} (${page.state}) has ${perPage.get(page.id) ?? 0} crawl.page events`,
          );
      }
    }
    const monitors = (
      await db.query<{ id: number; webhook_url: string | null }>("SELECT id, webhook_url FROM monitors WHERE user_id = ANY($1)", [
        userIds,
      ])
    ).rows;
    const changed = (
      await db.query<{ id: number; monitor_id: number }>(
        "SELECT id, monitor_id FROM monitor_checks WHERE status = 'changed' AND monitor_id = ANY($1)",
        [monitors.filter((monitor) => monitor.webhook_url).map((monitor) => monitor.id)],
      )
    ).rows;
    const perCheck = new Map<number, number>();
    for (const event of events)
      if (event.type === "monitor.changed") {
        const id = (dataOf(event.payload) as { check: { id: number } }).check.id;
        perCheck.set(id, (perCheck.get(id) ?? 0) + 1);
      }
    for (const row of changed)
      if (perCheck.get(row.id) !== 1)
        violations.push(
          `monitor ${row.monitor_id}: changed check ${row.id} has ${perCheck.get(row.id) ?? 0} monitor.changed events`,
        );
    for (const [id, n] of perCheck)
      if (!changed.some((row) => row.id === id))
        violations.push(`monitor.changed ×${n} for check ${id}, which is not a changed check`);
    let eventsDelivered = 0;
    for (const event of events) {
      if (event.delivered_at && delivered.has(event.event_id)) eventsDelivered++;
      else violations.push(`${event.type} ${event.event_id} not delivered`);
    }
    const ofType = (type: string) => events.filter((event) => event.type === type).length;
    checks.push(
      check(
        "one crawl end event per ended crawl, one crawl.page per ended page, one monitor.changed per changed check, each delivered",
        `${crawlEnds} crawl end events (${ofType("crawl.completed")} crawl.completed, ${ofType("crawl.failed")} crawl.failed), ${pageEvents} pages → ${ofType("crawl.page")} crawl.page; ${changed.length} changed checks → ${ofType("monitor.changed")} monitor.changed, ${ofType("monitor.failed")} monitor.failed; ${eventsDelivered} of ${events.length} delivered`,
        violations,
      ),
    );
  }

  // 7. Recovery without a hand.
  checks.push(
    check(
      "the app recovers by itself: every web instance ready within 30 s of the last fault",
      input.recoverySeconds === null
        ? "not ready within 60 s"
        : `ready ${input.recoverySeconds.toFixed(1)} s after the last fault ended`,
      input.recoverySeconds === null || input.recoverySeconds > 30 ? ["readiness not green within 30 s"] : [],
    ),
  );
  return checks;
}
