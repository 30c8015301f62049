import "server-only";
import { env } from "@/lib/infra/env";
import { startQueueWorker, usesRedisQueue } from "@/lib/infra/jobs/queue";
import { isShuttingDown } from "@/lib/infra/lifecycle";
import { log } from "@/lib/infra/log";
import { processWide } from "@/lib/infra/process-state";
import { CRAWLS_QUEUE, type CrawlJob, processCrawlJob, recoverCrawls } from "./engine";

/** How often a worker looks for crawl pages whose worker died and crawls whose jobs were lost. */
const RECOVERY_INTERVAL_MS = 10_000;

/**
 * Crawl jobs one worker process takes at once. A page job mostly waits for its run (which a run worker does), so
 * this is the run workers' concurrency: more would only queue runs.
 */
const crawlConcurrency = () => Math.max(2, env.WORKER_CONCURRENCY);

const running = processWide<{ close?: () => Promise<void> }>("crawl-workers", () => ({}));

/** Starts this process's crawl worker and its recovery (at once, then every RECOVERY_INTERVAL_MS). */
export function startCrawlWorkers(concurrency = crawlConcurrency()): void {
  if (running.close) return;
  let closing = false;
  const worker = startQueueWorker<CrawlJob>(
    CRAWLS_QUEUE,
    (job) => (closing ? Promise.resolve({ done: false, retryInMs: 1_000 }) : processCrawlJob(job)),
    concurrency,
  );
  const recover = () =>
    recoverCrawls()
      .then(({ pages }) => {
        if (pages > 0) log.info({ pages }, "recovered crawl pages");
      })
      .catch((err: unknown) => log.error({ err }, "crawl recovery failed"));
  void recover();
  const timer = setInterval(() => void recover(), RECOVERY_INTERVAL_MS);
  timer.unref();
  running.close = async () => {
    closing = true;
    clearInterval(timer);
    running.close = undefined;
    await worker.close();
  };
}

/** As ensureInAppWorkers for runs: the web process works crawls unless a Redis setup leaves them to `npm run worker`. */
export function ensureCrawlWorkers(): void {
  if (isShuttingDown()) return;
  if (env.RUN_WORKERS_IN_APP || !usesRedisQueue()) startCrawlWorkers();
}

export async function stopCrawlWorkers(): Promise<void> {
  await running.close?.();
}
