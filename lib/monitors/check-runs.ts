import "server-only";
import { PLANS, planOf } from "@/lib/config/plans";
import { db } from "@/lib/infra/db";
import { isAppError } from "@/lib/infra/errors";
import { shutdownSignal } from "@/lib/infra/lifecycle";
import { awaitRunEnd, findRunnableScraper, submitRun } from "@/lib/runs/run";
import type { ScrapeOutcome, UrlRun } from "./checks";
import type { Item, UrlResult } from "./compare";
import type { MonitorRow } from "./monitors";

// A check's runs: one ordinary run per URL (quota, plan limits, concurrent-run slots, retention as any run), submitted
// as async runs on behalf of the monitor (no API key; origin monitor/<id>) and waited for inside the check's job.

const failure = (code: string, message: string): UrlResult => ({ ok: false, error: { code, message } });

/**
 * Runs the scraper on every URL and waits for the runs until `deadline`. The monthly quota spent before the first
 * run is `quota` (no run started); spent after some, the URLs left fail with quota_exceeded.
 */
export async function scrapeMonitorUrls(monitor: MonitorRow, urls: string[], deadline: number): Promise<ScrapeOutcome> {
  const user = await db.user.findUniqueOrThrow({ where: { id: monitor.userId }, select: { plan: true } });
  const plan = PLANS[planOf(user.plan)];
  const scraper = await findRunnableScraper(monitor.scraperId);
  const options = monitor.options ? (JSON.parse(monitor.options) as Record<string, unknown>) : {};
  const runs = new Map<string, UrlRun>();
  const started: Array<{ url: string; runId: number }> = [];
  for (const url of urls) {
    try {
      const outcome = await submitRun({
        userId: monitor.userId,
        plan,
        apiKeyId: null,
        scraper,
        request: { ...options, url, async: true },
        origin: { kind: "monitor", id: monitor.id },
      });
      started.push({ url, runId: outcome.run.id });
    } catch (error) {
      if (!isAppError(error)) throw error;
      if (error.code === "quota_exceeded" && started.length === 0) return { kind: "quota", message: error.message };
      runs.set(url, { runId: null, result: failure(error.code, error.message) });
    }
  }
  // A run gone meanwhile (its user deleted) reads as not ended. A process shutting down stops waiting: its check is
  // recorded at once with what has ended, rather than holding the shutdown for up to the check's timeout.
  const shutdown = shutdownSignal();
  const stopped = new Promise<void>((resolve) => {
    if (shutdown.aborted) resolve();
    else shutdown.addEventListener("abort", () => resolve(), { once: true });
  });
  await Promise.race([
    Promise.all(started.map(({ runId }) => awaitRunEnd(runId, Math.max(0, deadline - Date.now())).catch(() => null))),
    stopped,
  ]);
  const rows = await db.scraperRun.findMany({
    where: { id: { in: started.map(({ runId }) => runId) } },
    select: { id: true, status: true, errorCode: true, error: true, resultData: true, outputs: true },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const { url, runId } of started) {
    const row = byId.get(runId);
    let result: UrlResult;
    if (row?.status === "success") {
      const outputs = row.outputs ? (JSON.parse(row.outputs) as { markdown?: unknown }) : {};
      result = {
        ok: true,
        items: JSON.parse(row.resultData ?? "[]") as Item[],
        ...(typeof outputs.markdown === "string" ? { markdown: outputs.markdown } : {}),
      };
    } else if (row?.status === "failed" || row?.status === "cancelled") {
      result = failure(row.errorCode ?? "internal_error", row.error ?? "The run failed.");
    } else {
      result = shutdown.aborted
        ? failure("check_interrupted", "The service restarted before the run ended; the next check will tell.")
        : failure("check_timeout", "The run had not ended when the check's time was up.");
    }
    runs.set(url, { runId, result });
  }
  // In the order the monitor lists its URLs.
  return { kind: "ran", runs: new Map(urls.flatMap((url) => (runs.has(url) ? [[url, runs.get(url) as UrlRun]] : []))) };
}
