import "server-only";
import { withUserLocked } from "@/lib/accounts/user-lock";
import { PLANS, type Plan, type PlanId, planIncludes } from "@/lib/config/plans";
import { db, inOneSnapshot, type Prisma } from "@/lib/infra/db";
import { databaseNow } from "@/lib/infra/db/hot";
import { formatDuration } from "@/lib/infra/duration";
import { AppError, isAppError } from "@/lib/infra/errors";
import { assertValidSchedule, isCronSpec, shortestCronGapMs } from "@/lib/infra/jobs/schedule-spec";
import { getSchedule, removeSchedule, runScheduleNow, type ScheduleSpec, upsertSchedule } from "@/lib/infra/jobs/schedules";
import { log } from "@/lib/infra/log";
import { assertPlanIncludes } from "@/lib/runs/limits";
import { findRunnableScraper } from "@/lib/runs/run";
import { checkRenderRequest } from "@/lib/scrapers/render-options";
import { pickRunOptions, storedRunOptions } from "@/lib/scrapers/run-options";
import { assertWebhookUrlAllowed } from "@/lib/webhooks/address";
import { toCheckDto, toMonitorDto } from "./dto";
import type { CheckDto, CreateMonitorRequest, ListChecksQuery, MonitorDto, ScheduleInput, UpdateMonitorRequest } from "./schema";

// Monitors: a user's watched pages, each with its schedule in the job engine (queue "monitors", schedule id = the
// monitor's id), upserted with the monitor and removed when it is paused or deleted (docs/product.md#monitors).

/** The job engine's queue of monitor checks (lib/monitors/worker.ts works it). */
export const MONITORS_QUEUE = "monitors";

/** Where each schedule field is in the API's payload, for validation errors. */
const SCHEDULE_PATHS = { cron: "schedule.cron", tz: "schedule.timezone", everyMs: "schedule.interval_ms" } as const;

export const scheduleIdOf = (monitorId: number) => String(monitorId);

export function specOfInput(schedule: ScheduleInput): ScheduleSpec {
  return "cron" in schedule ? { cron: schedule.cron, tz: schedule.timezone } : { everyMs: schedule.interval_ms };
}

/** The columns a monitor's schedule is stored in. */
function scheduleColumns(spec: ScheduleSpec) {
  return isCronSpec(spec)
    ? { cron: spec.cron, timeZone: spec.tz, everyMs: null }
    : { cron: null, timeZone: null, everyMs: BigInt(spec.everyMs) };
}

export function specOfRow(row: { cron: string | null; timeZone: string | null; everyMs: bigint | null }): ScheduleSpec {
  return row.cron !== null ? { cron: row.cron, tz: row.timeZone ?? "UTC" } : { everyMs: Number(row.everyMs) };
}

/** The schedule, valid and within the plan's shortest rhythm; validation_error naming the field otherwise. */
function validSpec(schedule: ScheduleInput, plan: Plan): ScheduleSpec {
  return assertValidSchedule(specOfInput(schedule), { minIntervalMs: plan.monitorMinIntervalMs }, SCHEDULE_PATHS);
}

/** The URLs as stored: trimmed, each once, in the order given. */
function uniqueUrls(body: { url?: string; urls?: string[] }): string[] | undefined {
  const list = body.url !== undefined ? [body.url] : body.urls;
  return list ? [...new Set(list)] : undefined;
}

function assertUrlsWithinPlan(urls: string[], plan: Plan, field: "url" | "urls") {
  if (urls.length > plan.monitorUrls) {
    const message = `${urls.length} URLs; the ${plan.name} plan watches at most ${plan.monitorUrls} per monitor`;
    throw new AppError("validation_error", `${field}: ${message}`, { issues: [{ path: field, message }] });
  }
}

async function scraperFor(id: number, plan: Plan) {
  try {
    const scraper = await findRunnableScraper(id);
    assertPlanIncludes(plan, scraper.requiredPlan);
    return scraper;
  } catch (error) {
    if (isAppError(error, "not_found")) {
      const message = `no scraper has the id ${id}`;
      throw new AppError("validation_error", `scraper_id: ${message}`, { issues: [{ path: "scraper_id", message }] });
    }
    throw error;
  }
}

/** Call under withUserLocked: parallel creates and enables then count each other and cannot overshoot the plan. */
async function assertMonitorCountWithinPlan(tx: Prisma.TransactionClient, userId: number, plan: Plan, excludingId?: number) {
  const count = await tx.monitor.count({
    where: { userId, enabled: true, ...(excludingId === undefined ? {} : { id: { not: excludingId } }) },
  });
  if (count >= plan.monitors) {
    throw new AppError(
      "monitor_limit_reached",
      `The ${plan.name} plan runs at most ${plan.monitors} monitors at once: pause or delete one first`,
    );
  }
}

type MonitorRow = NonNullable<Awaited<ReturnType<typeof db.monitor.findFirst>>>;

/** The monitor's next scheduled check, as the job engine knows it; null while paused. */
export async function nextCheckAt(row: MonitorRow): Promise<Date | null> {
  if (!row.enabled) return null;
  try {
    return (await getSchedule(MONITORS_QUEUE, scheduleIdOf(row.id)))?.nextRunAt ?? null;
  } catch (err) {
    log.warn({ err, monitorId: row.id }, "reading a monitor's schedule failed");
    return null;
  }
}

export async function monitorDto(row: MonitorRow): Promise<MonitorDto> {
  return toMonitorDto(row, await nextCheckAt(row));
}

/** Creates the monitor and, enabled, its schedule. Nothing is kept when the schedule cannot be made. */
export async function createMonitor(userId: number, planId: PlanId, body: CreateMonitorRequest): Promise<MonitorDto> {
  const plan = PLANS[planId];
  const spec = validSpec(body.schedule, plan);
  const urls = uniqueUrls(body) as string[];
  assertUrlsWithinPlan(urls, plan, body.url !== undefined ? "url" : "urls");
  const scraper = await scraperFor(body.scraper_id, plan);
  // Rendering the plan does not allow is refused now, as a run would be, rather than at every check.
  checkRenderRequest(body, plan);
  if (body.webhook_url) await assertWebhookUrlAllowed(body.webhook_url);
  const create = (client: Prisma.TransactionClient) =>
    client.monitor.create({
      data: {
        userId,
        scraperId: scraper.id,
        name: body.name,
        urls: JSON.stringify(urls),
        ...scheduleColumns(spec),
        fields: body.fields ? JSON.stringify(body.fields) : null,
        webhookUrl: body.webhook_url ?? null,
        failureThreshold: body.failure_threshold,
        enabled: body.enabled,
        options: storedRunOptions(body),
      },
    });
  const row = body.enabled
    ? await withUserLocked(userId, async (tx) => {
        await assertMonitorCountWithinPlan(tx, userId, plan);
        return create(tx);
      })
    : await create(db);
  if (row.enabled) {
    try {
      await upsertSchedule(MONITORS_QUEUE, scheduleIdOf(row.id), spec, { monitorId: row.id });
    } catch (error) {
      await db.monitor.delete({ where: { id: row.id } }).catch(() => undefined);
      throw error;
    }
  }
  return monitorDto(row);
}

async function ownMonitor(userId: number, id: number): Promise<MonitorRow> {
  const row = await db.monitor.findFirst({ where: { id, userId } });
  if (!row) throw new AppError("not_found", "Monitor not found");
  return row;
}

export async function getMonitor(userId: number, id: number): Promise<MonitorDto> {
  return monitorDto(await ownMonitor(userId, id));
}

export async function listMonitors(userId: number): Promise<MonitorDto[]> {
  const rows = await db.monitor.findMany({ where: { userId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return Promise.all(rows.map(monitorDto));
}

/**
 * Changes what the body gives. The schedule is upserted when the monitor runs (an unchanged one keeps its next
 * check) and removed when it is paused. Enabling checks the plan as creating does, and clears a pause reason.
 */
export async function updateMonitor(userId: number, planId: PlanId, id: number, body: UpdateMonitorRequest): Promise<MonitorDto> {
  const plan = PLANS[planId];
  const row = await ownMonitor(userId, id);
  const enabled = body.enabled ?? row.enabled;
  const spec = body.schedule ? validSpec(body.schedule, plan) : specOfRow(row);
  const urls = uniqueUrls(body) ?? (JSON.parse(row.urls) as string[]);
  if (enabled) {
    // A running monitor must fit the plan as it is now (it may have been downgraded since it was made).
    if (!body.schedule) assertSpecWithinPlan(spec, plan);
    assertUrlsWithinPlan(urls, plan, body.url !== undefined ? "url" : "urls");
    await scraperFor(row.scraperId, plan);
  } else if (uniqueUrls(body)) {
    assertUrlsWithinPlan(urls, plan, body.url !== undefined ? "url" : "urls");
  }
  if (body.webhook_url) await assertWebhookUrlAllowed(body.webhook_url);
  // Run options given replace those stored, one by one.
  const options = pickRunOptions(body);
  const mergedOptions = { ...(row.options ? JSON.parse(row.options) : {}), ...options };
  checkRenderRequest(mergedOptions, plan);
  const changedOptions = Object.keys(options).length > 0 ? { options: JSON.stringify(mergedOptions) } : {};
  const update = (client: Prisma.TransactionClient) =>
    client.monitor.update({
      where: { id: row.id },
      data: {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(uniqueUrls(body) ? { urls: JSON.stringify(urls) } : {}),
        ...(body.schedule ? scheduleColumns(spec) : {}),
        ...(body.fields !== undefined ? { fields: body.fields === null ? null : JSON.stringify(body.fields) } : {}),
        ...(body.webhook_url !== undefined ? { webhookUrl: body.webhook_url } : {}),
        ...(body.failure_threshold !== undefined ? { failureThreshold: body.failure_threshold } : {}),
        ...changedOptions,
        enabled,
        ...(enabled ? { pausedReason: null } : {}),
        ...(enabled && !row.enabled ? { consecutiveFailures: 0 } : {}),
      },
    });
  // Enabling a paused monitor must fit the plan's monitors at once, counted under the user's lock.
  const updated =
    enabled && !row.enabled
      ? await withUserLocked(userId, async (tx) => {
          await assertMonitorCountWithinPlan(tx, userId, plan, row.id);
          return update(tx);
        })
      : await update(db);
  if (enabled) await upsertSchedule(MONITORS_QUEUE, scheduleIdOf(row.id), spec, { monitorId: row.id });
  else if (row.enabled) await removeSchedule(MONITORS_QUEUE, scheduleIdOf(row.id));
  return monitorDto(updated);
}

/** Deletes the monitor, its checks and its schedule; a check already running finishes without being recorded. */
export async function deleteMonitor(userId: number, id: number): Promise<void> {
  const row = await ownMonitor(userId, id);
  await removeSchedule(MONITORS_QUEUE, scheduleIdOf(row.id));
  await db.monitor.delete({ where: { id: row.id } });
}

/**
 * How long a check may run (its runs wait for the user's concurrent-run slots, a few URLs at a time on small plans):
 * past it, runs still going are reported failed. A check whose worker is gone is settled by its lease
 * (checks.ts CHECK_LEASE_MS), not by this.
 */
export const CHECK_TIMEOUT_MS = 30 * 60_000;

/** A check of the monitor is running now: one not ended whose worker still renews its lease (a lost one is not). */
export async function checkIsRunning(monitorId: number): Promise<boolean> {
  const now = await databaseNow();
  const running = await db.monitorCheck.count({ where: { monitorId, status: "running", leaseUntil: { gt: now } } });
  return running > 0;
}

/** Queues a check now, out of the schedule's rhythm: 409 while one runs, or while the monitor is paused. */
export async function runMonitorNow(userId: number, id: number): Promise<void> {
  const row = await ownMonitor(userId, id);
  if (!row.enabled) {
    throw new AppError("monitor_paused", row.pausedReason ?? "The monitor is paused: enable it to run checks");
  }
  if (await checkIsRunning(row.id)) throw new AppError("check_running", "A check of this monitor is running; wait for it");
  if (!(await runScheduleNow(MONITORS_QUEUE, scheduleIdOf(row.id)))) {
    // Its schedule was lost (a failure between the row and the engine): made again from the row.
    await upsertSchedule(MONITORS_QUEUE, scheduleIdOf(row.id), specOfRow(row), { monitorId: row.id });
    await runScheduleNow(MONITORS_QUEUE, scheduleIdOf(row.id));
  }
}

/** The monitor's checks, newest first, one page at a time. */
export async function listChecks(
  userId: number,
  id: number,
  { page, per_page }: ListChecksQuery,
): Promise<{ data: CheckDto[]; page: number; per_page: number; total: number; has_more: boolean }> {
  const row = await ownMonitor(userId, id);
  // One snapshot: a check added meanwhile is in both the page and the total, or in neither.
  const [rows, total] = await inOneSnapshot([
    db.monitorCheck.findMany({
      where: { monitorId: row.id },
      orderBy: { id: "desc" },
      skip: (page - 1) * per_page,
      take: per_page,
    }),
    db.monitorCheck.count({ where: { monitorId: row.id } }),
  ]);
  return { data: rows.map(toCheckDto), page, per_page, total, has_more: page * per_page < total };
}

// ─── Plans ───────────────────────────────────────────────────────────────────────────────────────────────────

/** validation_error (schedule.*) when the schedule runs more often than the plan allows. */
function assertSpecWithinPlan(spec: ScheduleSpec, plan: Plan) {
  assertValidSchedule(spec, { minIntervalMs: plan.monitorMinIntervalMs }, SCHEDULE_PATHS);
}

/**
 * Why a monitor no longer fits its owner's plan (a downgrade since it was made), or null when it does: it runs
 * more often than the plan allows, watches more URLs, is beyond the plan's number of running monitors (the oldest
 * keep running), or its scraper needs a higher plan. Such a monitor is paused with this reason
 * (docs/decisions.md#monitors-on-a-downgrade).
 */
export async function planMisfit(row: MonitorRow, plan: Plan): Promise<string | null> {
  const spec = specOfRow(row);
  const gap = isCronSpec(spec) ? shortestCronGapMs(spec.cron, plan.monitorMinIntervalMs) : spec.everyMs;
  if (gap < plan.monitorMinIntervalMs) {
    return `The ${plan.name} plan checks at most every ${formatDuration(plan.monitorMinIntervalMs)}; this monitor's schedule runs every ${formatDuration(gap)}. Change its schedule or upgrade, then enable it again.`;
  }
  const urls = (JSON.parse(row.urls) as string[]).length;
  if (urls > plan.monitorUrls) {
    return `The ${plan.name} plan watches at most ${plan.monitorUrls} URLs per monitor; this one has ${urls}. Remove some or upgrade, then enable it again.`;
  }
  const older = await db.monitor.count({ where: { userId: row.userId, enabled: true, id: { lt: row.id } } });
  if (older >= plan.monitors) {
    return `The ${plan.name} plan runs at most ${plan.monitors} monitors at once; this is a newer one. Pause another or upgrade, then enable it again.`;
  }
  const scraper = await db.scraper.findUnique({ where: { id: row.scraperId }, select: { requiredPlan: true } });
  if (scraper && !planIncludes(plan.id, scraper.requiredPlan as PlanId)) {
    return `The ${plan.name} plan does not include this monitor's scraper. Upgrade, then enable it again.`;
  }
  return null;
}

/** Pauses the monitor with a reason of ours: enabled false, its schedule removed. */
export async function pauseMonitor(row: MonitorRow, reason: string): Promise<MonitorRow> {
  const paused = await db.monitor.update({ where: { id: row.id }, data: { enabled: false, pausedReason: reason } });
  await removeSchedule(MONITORS_QUEUE, scheduleIdOf(row.id));
  return paused;
}

export type { MonitorRow };
