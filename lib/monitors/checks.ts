import "server-only";
import { PLANS, planOf } from "@/lib/config/plans";
import { db, type Prisma } from "@/lib/infra/db";
import { databaseNow } from "@/lib/infra/db/hot";
import { removeSchedule, type ScheduleTick } from "@/lib/infra/jobs/schedules";
import { log } from "@/lib/infra/log";
import { usageMonth } from "@/lib/usage/summary";
import { enqueueDeliveries, type PendingDelivery, recordWebhookEvent } from "@/lib/webhooks/deliveries";
import { canonicalValue, compareCheck, type Item, type UrlComparison, type UrlResult } from "./compare";
import { toCheckDto, toMonitorDto } from "./dto";
import { CHECK_TIMEOUT_MS, MONITORS_QUEUE, type MonitorRow, monitorDto, nextCheckAt, pauseMonitor, planMisfit } from "./monitors";
import type { CheckStatus, CheckUrlResult } from "./schema";

// One check of a monitor (docs/product.md#monitors): run the scraper on every URL as ordinary runs, compare each
// result with that URL's last successful one (compare.ts), record the check and send monitor.changed or
// monitor.failed. Run by the job engine's schedule worker (worker.ts), inside the tick's job, without the engine's
// running mark: the database decides overlap (a check row `running` within its lease, under the monitor's row lock),
// so a tick due while a check runs is recorded as skipped_overlap instead, whatever Redis keeps or loses. A check's
// times and lease are the database's clock, as runs' are.

/** What a check's tick carries (the schedule's data). */
export interface MonitorTickData {
  monitorId: number;
}

/** One URL's run in a check: its result, and the run that produced it (none when no run was started). */
export interface UrlRun {
  runId: number | null;
  result: UrlResult;
}

/**
 * What scraping a monitor's URLs gave: every URL's run, or `quota` when the monthly quota was spent before the
 * first run could be started (no run started).
 */
export type ScrapeOutcome = { kind: "ran"; runs: Map<string, UrlRun> } | { kind: "quota"; message: string };

/** Scrapes the monitor's URLs: lib/monitors/check-runs.ts with real runs; tests may hand their own results. */
export type Scrape = (monitor: MonitorRow, urls: string[], deadline: number) => Promise<ScrapeOutcome>;

/** A check's webhook: the monitor's owner and where it goes. */
async function webhook(
  monitor: MonitorRow,
  type: "monitor.changed" | "monitor.failed",
  data: Record<string, unknown>,
): Promise<PendingDelivery[]> {
  if (!monitor.webhookUrl) return [];
  return [await recordWebhookEvent(db, { userId: monitor.userId, url: monitor.webhookUrl, type, data })];
}

/** The first item's price, for the dashboard's sparkline: a number, or decimal text read as one. */
function priceOf(result: UrlResult): number | null {
  if (!result.ok) return null;
  const price = canonicalValue(result.items[0]?.price);
  return typeof price === "number" ? price : null;
}

function urlResultDto(comparison: UrlComparison, run: UrlRun | undefined): CheckUrlResult {
  return {
    url: comparison.url,
    status: comparison.status,
    run_id: run?.runId ?? null,
    error: comparison.error ?? null,
    items: comparison.items ?? null,
    markdown: comparison.markdown
      ? {
          patch: comparison.markdown.patch,
          added_lines: comparison.markdown.addedLines,
          removed_lines: comparison.markdown.removedLines,
        }
      : null,
    price: run ? priceOf(run.result) : null,
  };
}

/**
 * The check's status from its URLs': failed when every URL's run failed (nothing compared), new when there was
 * nothing earlier to compare with, changed when a URL is new, changed or removed, same otherwise. A URL that failed
 * beside others that did not is listed failed in the results and does not fail the check.
 */
function checkStatus(urls: UrlComparison[], hadBaseline: boolean, changed: boolean): CheckStatus {
  const checked = urls.filter(({ status }) => status !== "removed");
  if (checked.length > 0 && checked.every(({ status }) => status === "failed")) return "failed";
  if (!hadBaseline) return "new";
  return changed ? "changed" : "same";
}

type Baseline = Record<string, UrlResult>;

const LOST_CHECK = "The check stopped before its result was recorded (its worker stopped, or the database was away).";

/** A running check's lease: its worker renews it every third; past it, the check is taken for lost. */
export const CHECK_LEASE_MS = 60_000;

/**
 * Ends the monitor's checks still `running` past their lease (their worker was killed or stalled, or recording the
 * result failed): failed, so the history tells and "check now" is not refused for them. A worker that wakes after
 * its check was settled records nothing (recordCheck is conditional on `running`).
 */
async function settleLostChecks(client: Prisma.TransactionClient, monitorId: number | undefined, now: Date) {
  const { count } = await client.monitorCheck.updateMany({
    where: {
      ...(monitorId === undefined ? {} : { monitorId }),
      status: "running",
      OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }],
    },
    data: { status: "failed", error: LOST_CHECK, finishedAt: now, leaseUntil: null },
  });
  return count;
}

/**
 * Settles every monitor's lost checks (settleLostChecks); run by each monitor worker at start and periodically, so a
 * killed worker's check ends without waiting for the monitor's next tick (a day away on some plans).
 */
export async function recoverLostChecks(): Promise<number> {
  return settleLostChecks(db, undefined, await databaseNow());
}

/**
 * Starts a check of the monitor unless one is running (within its lease): one transaction that first locks the
 * monitor's row, so two ticks at once never both start one: the only overlap guard of monitors' ticks (they take no
 * running mark). Lost checks are settled first. The check, or null when one is running.
 */
async function startCheck(monitorId: number, tick: ScheduleTick<MonitorTickData>, now: Date) {
  return db.$transaction(async (tx) => {
    // A no-op UPDATE: PostgreSQL locks the row until the commit; SQLite's write lock serialises the whole transaction.
    await tx.$executeRaw`UPDATE "monitors" SET "id" = "id" WHERE "id" = ${monitorId}`;
    await settleLostChecks(tx, monitorId, now);
    const running = await tx.monitorCheck.count({ where: { monitorId, status: "running" } });
    if (running > 0) return null;
    return tx.monitorCheck.create({
      data: {
        monitorId,
        status: "running",
        manual: tick.manual,
        dueAt: tick.dueAt,
        createdAt: now,
        leaseUntil: new Date(now.getTime() + CHECK_LEASE_MS),
      },
    });
  });
}

/** Renews the check's lease (on the database's clock) every third of it until stopped. */
function keepLease(checkId: number): () => void {
  const timer = setInterval(() => {
    void databaseNow()
      .then((now) =>
        db.monitorCheck.updateMany({
          where: { id: checkId, status: "running" },
          data: { leaseUntil: new Date(now.getTime() + CHECK_LEASE_MS) },
        }),
      )
      .catch((err: unknown) => log.warn({ err, checkId }, "could not renew a monitor check's lease"));
  }, CHECK_LEASE_MS / 3);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Runs one check of the monitor named by the tick. Nothing happens for a monitor deleted or paused since the tick
 * was fired. A monitor its plan no longer allows is paused with the reason, recorded as a failed check and told by
 * monitor.failed (reason `paused`).
 */
export async function runCheck(tick: ScheduleTick<MonitorTickData>, scrape: Scrape): Promise<void> {
  const now = await databaseNow();
  const monitor = await db.monitor.findUnique({ where: { id: tick.data.monitorId }, include: { user: true } });
  if (!monitor?.enabled) {
    // Gone with its user (the cascade does not reach the job engine's schedules), or paused meanwhile: no more ticks.
    await removeSchedule(MONITORS_QUEUE, tick.scheduleId);
    return;
  }
  const plan = PLANS[planOf(monitor.user.plan)];
  const misfit = await planMisfit(monitor, plan);
  if (misfit) {
    const paused = await pauseMonitor(monitor, misfit);
    const check = await db.monitorCheck.create({
      data: {
        monitorId: monitor.id,
        status: "failed",
        manual: tick.manual,
        dueAt: tick.dueAt,
        error: misfit,
        createdAt: now,
        finishedAt: now,
      },
    });
    const deliveries = await webhook(paused, "monitor.failed", {
      monitor: await monitorDto(paused),
      check: toCheckDto(check),
      reason: "paused",
      message: misfit,
    });
    await enqueueDeliveries(deliveries);
    return;
  }

  const check = await startCheck(monitor.id, tick, now);
  if (!check) {
    // The previous check runs on, its mark lost (Redis restarted empty): skipped, as the mark would have had it.
    await recordOverlap(tick);
    return;
  }
  const stopLease = keepLease(check.id);
  try {
    await scrapeAndRecord(monitor, check.id, scrape);
  } finally {
    stopLease();
  }
}

async function scrapeAndRecord(monitor: MonitorRow, checkId: number, scrape: Scrape): Promise<void> {
  const urls = JSON.parse(monitor.urls) as string[];
  let outcome: ScrapeOutcome;
  try {
    // The deadline is this process's (the runs are awaited on its timers).
    outcome = await scrape(monitor, urls, Date.now() + CHECK_TIMEOUT_MS);
  } catch (error) {
    log.error({ err: error, monitorId: monitor.id }, "a monitor check failed to run");
    const runs = new Map<string, UrlRun>(
      urls.map((url) => [
        url,
        { runId: null, result: { ok: false, error: { code: "internal_error", message: "The check could not run." } } },
      ]),
    );
    outcome = { kind: "ran", runs };
  }
  if (outcome.kind === "quota") await recordQuotaSkip(monitor, checkId, outcome.message);
  else await recordCheck(monitor, checkId, outcome.runs);
}

/** skipped_quota: no run started; one monitor.failed per quota month tells why. */
async function recordQuotaSkip(monitor: MonitorRow, checkId: number, message: string) {
  const month = usageMonth();
  const tell = monitor.quotaNotifiedMonth !== month;
  // Read before the transaction: the schedule is read through another connection.
  const nextAt = await nextCheckAt(monitor);
  const now = await databaseNow();
  const deliveries = await db.$transaction(async (tx) => {
    // Only while it is still running: a check settled as lost (its worker stalled past the lease) stays so.
    const { count } = await tx.monitorCheck.updateMany({
      where: { id: checkId, status: "running" },
      data: { status: "skipped_quota", error: message, finishedAt: now, leaseUntil: null },
    });
    if (count === 0) return [];
    const check = await tx.monitorCheck.findUniqueOrThrow({ where: { id: checkId } });
    const updated = await tx.monitor.update({
      where: { id: monitor.id },
      data: { lastCheckAt: now, ...(tell ? { quotaNotifiedMonth: month } : {}) },
    });
    if (!tell || !updated.webhookUrl) return [];
    return [
      await recordWebhookEvent(tx, {
        userId: monitor.userId,
        url: updated.webhookUrl,
        type: "monitor.failed",
        data: { monitor: toMonitorDto(updated, nextAt), check: toCheckDto(check), reason: "quota_exceeded", message },
      }),
    ];
  });
  await enqueueDeliveries(deliveries);
}

/**
 * Compares the check's results with the baseline (each URL's last successful result), records the check and the
 * new baseline, and sends monitor.changed (something changed since an earlier check) or monitor.failed (the
 * monitor's failure_threshold-th failed check in a row, once per streak). A monitor deleted meanwhile records
 * nothing.
 */
export async function recordCheck(monitor: MonitorRow, checkId: number, runs: Map<string, UrlRun>): Promise<void> {
  const baseline = (monitor.baseline ? JSON.parse(monitor.baseline) : {}) as Baseline;
  const current: Baseline = Object.fromEntries([...runs].map(([url, run]) => [url, run.result]));
  const fields = monitor.fields ? (JSON.parse(monitor.fields) as string[]) : undefined;
  const comparison = compareCheck(baseline, current, { fields });
  const hadBaseline = Object.keys(baseline).length > 0;
  const status = checkStatus(comparison.urls, hadBaseline, comparison.changed);
  const results = comparison.urls.map((url) => urlResultDto(url, runs.get(url.url)));
  // The next check compares with each URL's newest success; a failed URL keeps its earlier one; removed URLs go.
  const nextBaseline: Baseline = {};
  for (const [url, result] of Object.entries(current)) {
    const kept = result.ok ? result : baseline[url];
    if (kept?.ok) nextBaseline[url] = stripItems(kept);
  }
  const failures = status === "failed" ? monitor.consecutiveFailures + 1 : 0;
  const now = await databaseNow();
  const nextAt = await nextCheckAt(monitor);
  try {
    const deliveries = await db.$transaction(async (tx) => {
      // Only while it is still running: a check settled as lost meanwhile (its worker stalled past the lease, and a
      // later check may have run since) records nothing, its baseline and webhooks included.
      const { count } = await tx.monitorCheck.updateMany({
        where: { id: checkId, status: "running" },
        data: { status, results: JSON.stringify(results), finishedAt: now, leaseUntil: null },
      });
      if (count === 0) return [];
      const check = await tx.monitorCheck.findUniqueOrThrow({ where: { id: checkId } });
      const updated = await tx.monitor.update({
        where: { id: monitor.id },
        data: {
          baseline: JSON.stringify(nextBaseline),
          consecutiveFailures: failures,
          lastCheckAt: now,
          // Runs went through: the quota is not (or no longer) spent.
          quotaNotifiedMonth: null,
        },
      });
      if (!updated.webhookUrl) return [];
      const pending: PendingDelivery[] = [];
      if (status === "changed") {
        pending.push(
          await recordWebhookEvent(tx, {
            userId: monitor.userId,
            url: updated.webhookUrl,
            type: "monitor.changed",
            data: { monitor: toMonitorDto(updated, nextAt), check: toCheckDto(check) },
          }),
        );
      }
      if (status === "failed" && failures === updated.failureThreshold) {
        const errors = [...new Set(results.flatMap(({ error }) => (error ? [error.message] : [])))];
        pending.push(
          await recordWebhookEvent(tx, {
            userId: monitor.userId,
            url: updated.webhookUrl,
            type: "monitor.failed",
            data: {
              monitor: toMonitorDto(updated, nextAt),
              check: toCheckDto(check),
              reason: "failures_in_a_row",
              message: `${failures} checks in a row failed: ${errors.join("; ")}`,
            },
          }),
        );
      }
      return pending;
    });
    await enqueueDeliveries(deliveries);
  } catch (error) {
    // Deleted while the check ran: its rows went with it.
    if (!(await db.monitor.findUnique({ where: { id: monitor.id }, select: { id: true } }))) return;
    throw error;
  }
}

/** What the baseline keeps of a result: its items (and Markdown), nothing else. */
function stripItems(result: UrlResult & { ok: true }): UrlResult {
  return {
    ok: true,
    items: result.items as Item[],
    ...(typeof result.markdown === "string" ? { markdown: result.markdown } : {}),
  };
}

/** A tick that found the monitor's previous check still running: recorded as skipped_overlap. */
export async function recordOverlap(tick: ScheduleTick<MonitorTickData>): Promise<void> {
  const now = await databaseNow();
  await db.monitorCheck
    .create({
      data: {
        monitorId: tick.data.monitorId,
        status: "skipped_overlap",
        manual: tick.manual,
        dueAt: tick.dueAt,
        error: "The previous check was still running.",
        createdAt: now,
        finishedAt: now,
      },
    })
    .catch((error: unknown) => {
      // The monitor was deleted meanwhile.
      log.info({ err: error, monitorId: tick.data.monitorId }, "an overlapping tick of a gone monitor");
    });
}
