import "server-only";
import { closeBrowserPool } from "@/lib/infra/browser";
import { env } from "@/lib/infra/env";
import { startQueueWorker, usesRedisQueue } from "@/lib/infra/jobs/queue";
import { isShuttingDown } from "@/lib/infra/lifecycle";
import { log } from "@/lib/infra/log";
import { processWide } from "@/lib/infra/process-state";
import { closeRunEvents, ensureSubscribed, localRunsEnded } from "@/lib/runs/events";
import { closeExtractionPool } from "@/lib/scrapers/extraction/pool";
import { deliverWebhook, recoverWebhooks, WEBHOOKS_QUEUE } from "@/lib/webhooks/deliveries";
import { handBackRunningRuns, JOB_HANDED_BACK, processRun } from "./process";
import { RUNS_QUEUE, type RunJob } from "./queue";
import { recoverRuns } from "./recovery";

/** How often a worker looks for runs whose worker died, and for queued runs and webhooks whose job was lost. */
const RECOVERY_INTERVAL_MS = 10_000;

/** Webhook deliveries one worker sends at once: each waits on a receiver (up to 10 s), not on the CPU. */
const WEBHOOK_CONCURRENCY = 8;

export interface RunWorkers {
  /**
   * Stops taking jobs and waits for the ones in hand, and for the runs features work here (workRunHere): runs up to
   * `graceMs` (unbounded by default), after which those still going are handed back to the queue
   * (lib/runs/process.ts, handBackRunningRuns); deliveries in flight finish (each within its 10 s attempt limit).
   * Then the extraction pool, the browser pool (if this process rendered) and the run-event subscriber close.
   */
  close(options?: { graceMs?: number }): Promise<void>;
}

// One set of workers per process, whichever copy of lib/ starts them first (lib/infra/process-state.ts): runs submitted
// through the edge's fast path are worked by the workers Next's copy started at boot, and the other way round.
const running = processWide<{ workers?: RunWorkers }>("run-workers", () => ({}));

/**
 * Starts this process's workers: `concurrency` runs at a time from the run queue, webhook deliveries from theirs;
 * recovery of runs and deliveries at once and every RECOVERY_INTERVAL_MS. Used by `npm run worker` and, in the web process, by ensureInAppWorkers().
 */
export function startRunWorkers(concurrency: number = env.WORKER_CONCURRENCY): RunWorkers {
  if (running.workers) return running.workers;
  // Listening for cancels from other processes before the first run is taken.
  ensureSubscribed();
  let closing = false;
  // A job taken while the workers close (a fetch already under way) is given back unclaimed, for another worker.
  const worker = startQueueWorker(
    RUNS_QUEUE,
    (job: RunJob) => (closing ? Promise.resolve(JOB_HANDED_BACK) : processRun(job)),
    concurrency,
  );
  // A delivery whose worker died mid-attempt is tried again by the engine; the receiver may see it twice (the
  // event id tells).
  const webhookWorker = startQueueWorker(WEBHOOKS_QUEUE, deliverWebhook, WEBHOOK_CONCURRENCY, { retryStalled: true });
  const recover = (olderThanMs?: number) =>
    recoverRuns(olderThanMs === undefined ? {} : { requeueOlderThanMs: olderThanMs })
      .then(({ lost, requeued }) => {
        if (lost > 0 || requeued > 0) log.info({ lost, requeued }, "recovered runs");
      })
      .catch((err: unknown) => log.error({ err }, "run recovery failed"))
      .then(() => recoverWebhooks(olderThanMs === undefined ? {} : { overdueByMs: olderThanMs }))
      .then((webhooks) => {
        if (webhooks > 0) log.info({ webhooks }, "re-added webhook deliveries");
      })
      .catch((err: unknown) => log.error({ err }, "webhook recovery failed"));
  void recover(0);
  const timer = setInterval(() => void recover(), RECOVERY_INTERVAL_MS);
  timer.unref();
  const workers: RunWorkers = {
    async close({ graceMs } = {}) {
      closing = true;
      clearInterval(timer);
      running.workers = undefined;
      const handBack = graceMs === undefined ? undefined : setTimeout(handBackRunningRuns, graceMs);
      try {
        await Promise.all([worker.close(), webhookWorker.close()]);
        // The runs features work in their own jobs here (workRunHere: a crawl's pages) are this process's runs too:
        // under the same grace, and done before the extraction pool they use closes.
        await localRunsEnded();
      } finally {
        clearTimeout(handBack);
      }
      await Promise.all([closeExtractionPool(), closeBrowserPool()]);
      await closeRunEvents();
    },
  };
  running.workers = workers;
  return workers;
}

/**
 * Starts workers in this web process unless RUN_WORKERS_IN_APP is off, which only a Redis setup can afford
 * (without Redis the queue lives in this process, so this process must work it). Called at boot
 * (instrumentation.ts) and before each enqueue, so tests and scripts need no setup of their own.
 */
export function ensureInAppWorkers(): void {
  // A process shutting down has closed its workers for good: a late submission waits in the queue for others.
  if (isShuttingDown()) return;
  if (env.RUN_WORKERS_IN_APP || !usesRedisQueue()) startRunWorkers();
}

/** Closes this process's workers, if it runs any (a process shutting down: RunWorkers.close). */
export async function stopRunWorkers(options: { graceMs?: number } = {}): Promise<void> {
  await running.workers?.close(options);
}
