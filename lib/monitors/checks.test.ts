// A monitor's checks as recorded: statuses, field-level diffs, the baseline each URL is compared with, the webhooks
// (delivered to a real receiver, signed), quota and plan downgrades, and overlapping ticks on the real schedule worker.
// The scrape step is handed results here (its real runs are tested in check-runs.test.ts), so each case says exactly
// what the pages gave.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { planOf } from "@/lib/config/plans";
import { db } from "@/lib/infra/db";
import { databaseNow } from "@/lib/infra/db/hot";
import { getSchedule, runScheduleNow, type ScheduleTick } from "@/lib/infra/jobs/schedules";
import { ensureInAppWorkers } from "@/lib/runs/workers";
import { webhookSecret } from "@/lib/webhooks/secret";
import { verifySignature } from "@/lib/webhooks/signature";
import { createRunUser, type RunTestUser } from "@/test/support/runs";
import { startWebhookReceiver, type WebhookReceiver } from "@/test/support/webhook-receiver";
import {
  type MonitorTickData,
  recordCheck,
  recoverLostChecks,
  runCheck,
  type Scrape,
  type ScrapeOutcome,
  type UrlRun,
} from "./checks";
import type { Item } from "./compare";
import { checkIsRunning, createMonitor, MONITORS_QUEUE } from "./monitors";
import { startMonitorWorker } from "./worker";

let receiver: WebhookReceiver;
let scraperId: number;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  scraperId = (await db.scraper.findUniqueOrThrow({ where: { slug: "ecommerce-products" } })).id;
  // The webhook worker.
  ensureInAppWorkers();
});

afterAll(async () => {
  await receiver.close();
});

let hookPath = 0;

/** A monitor of the user's with a yearly cron (not due during the test) and a webhook path of its own. */
async function monitorOf(user: RunTestUser, urls: string[], extra: Record<string, unknown> = {}) {
  const path = `/hook-${++hookPath}`;
  const { plan } = await db.user.findUniqueOrThrow({ where: { id: user.id } });
  const monitor = await createMonitor(user.id, planOf(plan), {
    name: "Watch",
    scraper_id: scraperId,
    urls,
    schedule: { cron: "0 3 1 1 *", timezone: "UTC" },
    webhook_url: `${receiver.url}${path}`,
    failure_threshold: 3,
    enabled: true,
    ...extra,
  });
  return { id: monitor.id, path };
}

const tick = (monitorId: number): ScheduleTick<MonitorTickData> => ({
  queue: MONITORS_QUEUE,
  scheduleId: String(monitorId),
  data: { monitorId },
  dueAt: new Date(),
  manual: false,
});

const ok = (items: Item[], runId = 1): UrlRun => ({ runId, result: { ok: true, items } });
const failed = (code = "upstream_error"): UrlRun => ({
  runId: 2,
  result: { ok: false, error: { code, message: `The target site failed (${code}).` } },
});

/** A scrape that answers each URL from `pages` (url → what its run gave). */
const pagesScrape =
  (pages: Record<string, UrlRun>): Scrape =>
  async (_monitor, urls) => ({ kind: "ran", runs: new Map(urls.map((url) => [url, pages[url] ?? failed()])) });

const quotaScrape: Scrape = async () => ({ kind: "quota", message: "Your plan's monthly quota of 100 runs is used up." });

const lastCheck = (monitorId: number) => db.monitorCheck.findFirstOrThrow({ where: { monitorId }, orderBy: { id: "desc" } });
const checksOf = (monitorId: number) => db.monitorCheck.findMany({ where: { monitorId }, orderBy: { id: "asc" } });
const results = async (monitorId: number) => JSON.parse((await lastCheck(monitorId)).results ?? "[]");
const events = (path: string) => receiver.received(path).map((delivery) => JSON.parse(delivery.body));

const A = "https://shop.example.com/a";
const B = "https://shop.example.com/b";
const headphones = (price: unknown, extra: Item = {}) => ({ title: "Headphones", sku: "H-1", price, ...extra });

/**
 * A monitor worker whose check of monitor `id` scrapes A only once `release()` is called, so a test can act while
 * that check runs; `started` lists each start of it. The worker takes any monitor's due tick; others end at once.
 */
function heldWorker(id: number) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const started: number[] = [];
  const worker = startMonitorWorker(
    async (monitor, urls): Promise<ScrapeOutcome> => {
      if (monitor.id !== id) return pagesScrape({})(monitor, urls, 0);
      started.push(monitor.id);
      await held;
      return pagesScrape({ [A]: ok([headphones(1)]) })(monitor, urls, 0);
    },
    { pollMs: 50 },
  );
  return { worker, started, release: () => release() };
}

describe("a monitor's checks", () => {
  let user: RunTestUser;
  beforeAll(async () => {
    user = await createRunUser("pro");
  });

  it("is new first, then same (numbers as numbers, reordering no change), then changed with field diffs and monitor.changed", async () => {
    const { id, path } = await monitorOf(user, [A]);
    const speaker = { title: "Speaker", sku: "S-1", price: 50 };
    await runCheck(tick(id), pagesScrape({ [A]: ok([headphones("19.90"), speaker]) }));
    expect((await lastCheck(id)).status).toBe("new");
    expect(await results(id)).toEqual([
      { url: A, status: "new", run_id: 1, error: null, items: null, markdown: null, price: 19.9 },
    ]);

    await runCheck(tick(id), pagesScrape({ [A]: ok([speaker, headphones(19.9)]) }));
    expect((await lastCheck(id)).status).toBe("same");

    await runCheck(tick(id), pagesScrape({ [A]: ok([headphones("17.50", { availability: "OutOfStock" }), speaker]) }));
    const check = await lastCheck(id);
    expect(check.status).toBe("changed");
    const [url] = await results(id);
    expect(url).toMatchObject({ status: "changed", price: 17.5 });
    expect(url.items.changes).toEqual([
      {
        kind: "changed",
        key: "sku=H-1",
        changes: [
          { field: "availability", before: null, after: "OutOfStock" },
          { field: "price", before: 19.9, after: "17.50" },
        ],
      },
    ]);
    // Only the change is told: not the first check, not the unchanged one.
    await vi.waitFor(() => expect(events(path)).toHaveLength(1));
    const [event] = events(path);
    expect(event).toMatchObject({
      type: "monitor.changed",
      data: { monitor: { id }, check: { id: check.id, status: "changed" } },
    });
    const [delivery] = receiver.received(path);
    expect(verifySignature(await webhookSecret(user.id), delivery?.body ?? "", delivery?.signature ?? "")).toBe(true);
    const monitor = await db.monitor.findUniqueOrThrow({ where: { id } });
    expect(monitor.lastCheckAt).not.toBeNull();
  });

  it("counts only the fields asked for", async () => {
    const { id } = await monitorOf(user, [A], { fields: ["price"] });
    await runCheck(tick(id), pagesScrape({ [A]: ok([headphones(10, { title: "Old" })]) }));
    await runCheck(tick(id), pagesScrape({ [A]: ok([headphones(10, { title: "New name" })]) }));
    expect((await lastCheck(id)).status).toBe("same");
    await runCheck(tick(id), pagesScrape({ [A]: ok([headphones(11, { title: "New name" })]) }));
    expect((await lastCheck(id)).status).toBe("changed");
  });

  it("keeps a failed URL's last success as its baseline, and reports a URL taken off the monitor as removed", async () => {
    const { id } = await monitorOf(user, [A, B]);
    await runCheck(tick(id), pagesScrape({ [A]: ok([headphones(10)]), [B]: ok([headphones(20)]) }));
    await runCheck(tick(id), pagesScrape({ [A]: ok([headphones(10)]), [B]: failed() }));
    const partial = await lastCheck(id);
    // One URL failed beside one that did not: the check is not failed.
    expect(partial.status).toBe("same");
    expect((await results(id)).map((url: { status: string }) => url.status)).toEqual(["same", "failed"]);
    await runCheck(tick(id), pagesScrape({ [A]: ok([headphones(10)]), [B]: ok([headphones(20)]) }));
    expect((await lastCheck(id)).status).toBe("same");

    await db.monitor.update({ where: { id }, data: { urls: JSON.stringify([A]) } });
    await runCheck(tick(id), pagesScrape({ [A]: ok([headphones(10)]) }));
    expect((await lastCheck(id)).status).toBe("changed");
    expect((await results(id)).map((url: { url: string; status: string }) => [url.url, url.status])).toEqual([
      [A, "same"],
      [B, "removed"],
    ]);
    // Gone from the baseline: the next check has nothing more to say about it.
    await runCheck(tick(id), pagesScrape({ [A]: ok([headphones(10)]) }));
    expect((await lastCheck(id)).status).toBe("same");
  });

  it("sends monitor.failed once the threshold of failed checks in a row is reached, once per streak", async () => {
    const { id, path } = await monitorOf(user, [A], { failure_threshold: 2 });
    await runCheck(tick(id), pagesScrape({ [A]: ok([headphones(10)]) }));
    for (let i = 0; i < 3; i++) await runCheck(tick(id), pagesScrape({ [A]: failed() }));
    expect((await checksOf(id)).map((check) => check.status)).toEqual(["new", "failed", "failed", "failed"]);
    expect((await db.monitor.findUniqueOrThrow({ where: { id } })).consecutiveFailures).toBe(3);
    await vi.waitFor(() => expect(events(path)).toHaveLength(1));
    expect(events(path)[0]).toMatchObject({
      type: "monitor.failed",
      data: { reason: "failures_in_a_row", message: expect.stringContaining("2 checks in a row failed") },
    });
    // A success ends the streak; the next streak is told again.
    await runCheck(tick(id), pagesScrape({ [A]: ok([headphones(10)]) }));
    expect((await db.monitor.findUniqueOrThrow({ where: { id } })).consecutiveFailures).toBe(0);
    for (let i = 0; i < 2; i++) await runCheck(tick(id), pagesScrape({ [A]: failed() }));
    await vi.waitFor(() => expect(events(path)).toHaveLength(2));
  });

  it("records skipped_quota with no comparison, and tells it once", async () => {
    const { id, path } = await monitorOf(user, [A]);
    await runCheck(tick(id), quotaScrape);
    await runCheck(tick(id), quotaScrape);
    const checks = await checksOf(id);
    expect(checks.map((check) => check.status)).toEqual(["skipped_quota", "skipped_quota"]);
    expect(checks[0]?.error).toContain("quota");
    await vi.waitFor(() => expect(events(path)).toHaveLength(1));
    expect(events(path)[0]).toMatchObject({ type: "monitor.failed", data: { reason: "quota_exceeded" } });
    // Not a failure of the pages: the streak is untouched.
    expect((await db.monitor.findUniqueOrThrow({ where: { id } })).consecutiveFailures).toBe(0);
  });

  it("pauses a monitor its owner's new plan no longer allows, with the reason, and tells it", async () => {
    const downgraded = await createRunUser("pro");
    const { id, path } = await monitorOf(downgraded, [A], { schedule: { cron: "0 * * * *", timezone: "UTC" } });
    await db.user.update({ where: { id: downgraded.id }, data: { plan: "free" } });
    let scraped = false;
    await runCheck(tick(id), async (_monitor, urls) => {
      scraped = true;
      return pagesScrape({})(_monitor, urls, 0);
    });
    expect(scraped).toBe(false);
    const monitor = await db.monitor.findUniqueOrThrow({ where: { id } });
    expect(monitor.enabled).toBe(false);
    expect(monitor.pausedReason).toContain(`The Free plan checks at most every 1 day`);
    expect(await getSchedule(MONITORS_QUEUE, String(id))).toBeNull();
    expect(await lastCheck(id)).toMatchObject({ status: "failed", error: monitor.pausedReason });
    await vi.waitFor(() => expect(events(path)).toHaveLength(1));
    expect(events(path)[0]).toMatchObject({ type: "monitor.failed", data: { reason: "paused", monitor: { enabled: false } } });
  });

  it("records a check's times on the database's clock, not a worker's that is minutes off", async () => {
    const { id } = await monitorOf(user, [A]);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 4 * 60_000 });
    try {
      await runCheck(tick(id), pagesScrape({ [A]: ok([headphones(10)]) }));
    } finally {
      vi.useRealTimers();
    }
    const check = await lastCheck(id);
    const now = (await databaseNow()).getTime();
    expect(check.status).toBe("new");
    expect(Math.abs(check.createdAt.getTime() - now)).toBeLessThan(30_000);
    expect(Math.abs((check.finishedAt as Date).getTime() - now)).toBeLessThan(30_000);
  });

  it("does nothing for a monitor paused or deleted after its tick was fired, and ends its schedule", async () => {
    const { id } = await monitorOf(user, [A]);
    await db.monitor.update({ where: { id }, data: { enabled: false } });
    await runCheck(tick(id), pagesScrape({ [A]: ok([]) }));
    expect(await getSchedule(MONITORS_QUEUE, String(id))).toBeNull();
    await db.monitor.delete({ where: { id } });
    await runCheck(tick(id), pagesScrape({ [A]: ok([]) }));
    expect(await db.monitorCheck.count({ where: { monitorId: id } })).toBe(0);
  });
});

describe("ticks on the schedule worker", () => {
  it("settles a check its worker died in once its lease runs out: failed, and check now is allowed again", async () => {
    const user = await createRunUser("pro");
    const { id } = await monitorOf(user, [A]);
    // A check under way: its worker renews the lease; recovery leaves it alone.
    const check = await db.monitorCheck.create({
      data: { monitorId: id, status: "running", manual: true, dueAt: new Date(), leaseUntil: new Date(Date.now() + 60_000) },
    });
    expect(await checkIsRunning(id)).toBe(true);
    await recoverLostChecks();
    expect((await db.monitorCheck.findUniqueOrThrow({ where: { id: check.id } })).status).toBe("running");
    // Its worker was killed: no renewal, and the lease runs out.
    await db.monitorCheck.update({ where: { id: check.id }, data: { leaseUntil: new Date(Date.now() - 1000) } });
    expect(await checkIsRunning(id)).toBe(false);
    await recoverLostChecks();
    const settled = await db.monitorCheck.findUniqueOrThrow({ where: { id: check.id } });
    expect(settled).toMatchObject({ status: "failed", error: expect.stringContaining("stopped before its result was recorded") });
    expect(settled.finishedAt).not.toBeNull();
  });

  it("skips a tick while a check runs within its lease even without the running mark (Redis restarted empty)", async () => {
    const user = await createRunUser("pro");
    const { id } = await monitorOf(user, [A]);
    const running = await db.monitorCheck.create({
      data: { monitorId: id, status: "running", dueAt: new Date(), leaseUntil: new Date(Date.now() + 60_000) },
    });
    const scrape = vi.fn(pagesScrape({ [A]: ok([headphones(1)]) }));
    // runCheck without the mark: what a tick does once Redis lost the mark the running check's tick held.
    await runCheck(tick(id), scrape);
    expect(scrape).not.toHaveBeenCalled();
    expect((await checksOf(id)).map((row) => [row.id === running.id, row.status])).toEqual([
      [true, "running"],
      [false, "skipped_overlap"],
    ]);
  });

  it("settles a lost check before the next tick's check starts, and records nothing when the lost one's worker wakes", async () => {
    const user = await createRunUser("pro");
    const { id } = await monitorOf(user, [A]);
    const lost = await db.monitorCheck.create({
      data: { monitorId: id, status: "running", dueAt: new Date(), leaseUntil: new Date(Date.now() - 1000) },
    });
    await runCheck(tick(id), pagesScrape({ [A]: ok([headphones(1)]) }));
    const [first, second] = await checksOf(id);
    expect([first?.id, first?.status, second?.status]).toEqual([lost.id, "failed", "new"]);
    expect(first?.finishedAt?.getTime() ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(second?.createdAt.getTime() ?? 0);
    // The stalled worker wakes and records its result: it changes nothing (no baseline, no webhook).
    const monitor = await db.monitor.findUniqueOrThrow({ where: { id } });
    await recordCheck(monitor, lost.id, new Map([[A, ok([headphones(99)])]]));
    expect((await db.monitorCheck.findUniqueOrThrow({ where: { id: lost.id } })).status).toBe("failed");
    expect((await db.monitor.findUniqueOrThrow({ where: { id } })).baseline).toBe(monitor.baseline);
  });

  it("leaves a check whose tick is still running to that tick", async () => {
    const user = await createRunUser("pro");
    const { id } = await monitorOf(user, [A]);
    const { worker, started, release } = heldWorker(id);
    try {
      expect(await runScheduleNow(MONITORS_QUEUE, String(id))).toBe(true);
      await vi.waitFor(() => expect(started).toEqual([id]));
      await recoverLostChecks();
      expect((await lastCheck(id)).status).toBe("running");
      release();
      await vi.waitFor(async () => expect((await checksOf(id)).map((check) => check.status)).toEqual(["new"]));
    } finally {
      release();
      await worker.close();
    }
  });

  it("records a tick that comes while the previous check still runs as skipped_overlap", async () => {
    const user = await createRunUser("pro");
    const { id } = await monitorOf(user, [A]);
    const { worker, started, release } = heldWorker(id);
    try {
      expect(await runScheduleNow(MONITORS_QUEUE, String(id))).toBe(true);
      await vi.waitFor(() => expect(started).toEqual([id]));
      expect((await lastCheck(id)).status).toBe("running");
      expect(await runScheduleNow(MONITORS_QUEUE, String(id))).toBe(true);
      await vi.waitFor(async () => expect((await checksOf(id)).map((check) => check.status)).toContain("skipped_overlap"));
      release();
      await vi.waitFor(async () =>
        expect((await checksOf(id)).map((check) => check.status).sort()).toEqual(["new", "skipped_overlap"]),
      );
      expect(started).toEqual([id]);
      expect((await checksOf(id)).every((check) => check.manual)).toBe(true);
    } finally {
      release();
      await worker.close();
    }
  });
});
