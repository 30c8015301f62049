import "server-only";
import { env } from "@/lib/infra/env";
import type { QueueWorker } from "@/lib/infra/jobs/queue";
import { usesRedisQueue } from "@/lib/infra/jobs/queue";
import { startScheduleWorker } from "@/lib/infra/jobs/schedules";
import { isShuttingDown } from "@/lib/infra/lifecycle";
import { log } from "@/lib/infra/log";
import { processWide } from "@/lib/infra/process-state";
import { scrapeMonitorUrls } from "./check-runs";
import { type MonitorTickData, recordOverlap, recoverLostChecks, runCheck, type Scrape } from "./checks";
import { MONITORS_QUEUE } from "./monitors";

// The monitors' schedule worker: takes the ticks of queue "monitors" (BullMQ's job schedulers with Redis, the
// in-process scheduler on job_schedules without) and runs each as a check. One per process, started beside the
// run workers (instrumentation.ts for the web process, scripts/worker.ts for worker processes).

/** Checks one process runs at once: each mostly waits for its runs, which the run workers do. */
const CHECK_CONCURRENCY = 8;
/** How often a worker settles checks lost with their tick (a check's lease lapses a minute after its last renewal). */
const LOST_CHECKS_INTERVAL_MS = 15_000;

const running = processWide<{ worker?: QueueWorker }>("monitor-worker", () => ({}));

/** Starts the worker (tests pass their own scrape and options). */
export function startMonitorWorker(
  scrape: Scrape = scrapeMonitorUrls,
  options: { concurrency?: number; pollMs?: number; runningLeaseMs?: number; lostChecksIntervalMs?: number } = {},
): QueueWorker {
  const worker = startScheduleWorker<MonitorTickData>(
    MONITORS_QUEUE,
    { run: (tick) => runCheck(tick, scrape), skipped: (tick) => recordOverlap(tick) },
    // No running marks: startCheck decides overlap under the monitor's row lock (the check's lease), so the marks'
    // two Redis round trips per tick would only repeat it.
    {
      concurrency: options.concurrency ?? CHECK_CONCURRENCY,
      pollMs: options.pollMs,
      runningLeaseMs: options.runningLeaseMs,
      runningMarks: false,
    },
  );
  const recover = () =>
    recoverLostChecks()
      .then((settled) => {
        if (settled > 0) log.info({ settled }, "settled monitor checks lost with their worker");
      })
      .catch((err: unknown) => log.warn({ err }, "settling lost monitor checks failed"));
  void recover();
  const timer = setInterval(() => void recover(), options.lostChecksIntervalMs ?? LOST_CHECKS_INTERVAL_MS);
  timer.unref();
  return {
    async close() {
      clearInterval(timer);
      await worker.close();
    },
  };
}

/**
 * Starts this process's monitor worker once, where run workers run: always without Redis (the in-process
 * scheduler fires ticks only where a worker runs), in the web process with Redis only when RUN_WORKERS_IN_APP.
 */
export function ensureMonitorWorker(): void {
  if (running.worker || isShuttingDown()) return;
  if (env.RUN_WORKERS_IN_APP || !usesRedisQueue()) running.worker = startMonitorWorker();
}

/** Starts it in a worker process (npm run worker). */
export function startMonitorWorkerOnce(): QueueWorker {
  running.worker ??= startMonitorWorker();
  return running.worker;
}

/** Stops it: no new tick is taken, checks in hand finish. */
export async function stopMonitorWorker(): Promise<void> {
  const worker = running.worker;
  running.worker = undefined;
  await worker?.close();
}
