// npm run worker — a queue worker process: takes runs from Redis (BullMQ), WORKER_CONCURRENCY at a time, and
// recovers runs whose worker died. Any number of these and of web instances share one PostgreSQL and Redis.
import "./load-env";
import { startCrawlWorkers, stopCrawlWorkers } from "@/lib/crawls/workers";
import { env } from "@/lib/infra/env";
import { log } from "@/lib/infra/log";
import { startMonitorWorkerOnce, stopMonitorWorker } from "@/lib/monitors/worker";
import { startRunWorkers } from "@/lib/runs/workers";
import { prepareDatabase } from "@/server/prepare-database";
import { buildExtractionThread } from "./build-thread";
import { onShutdownSignal } from "./shutdown";

if (!env.REDIS_URL) {
  console.error(
    "npm run worker needs REDIS_URL: without Redis the queue lives inside the app (npm start), which runs it itself.",
  );
  process.exit(2);
}

await prepareDatabase(env.DATABASE_URL);
await buildExtractionThread();
const workers = startRunWorkers(env.WORKER_CONCURRENCY);
// Monitor checks too: each waits for its runs, which this process's run workers (and others) take.
startMonitorWorkerOnce();
startCrawlWorkers();
log.info({ concurrency: env.WORKER_CONCURRENCY, pid: process.pid }, "run worker started");
console.log(`Run worker ${process.pid} started: ${env.WORKER_CONCURRENCY} at a time.`);

// No new job is taken; runs in hand finish within SHUTDOWN_GRACE_MS or go back to the queue, deliveries in flight
// finish; then the connections close. A second signal or SIGKILL leaves what is running to recovery.
onShutdownSignal(async () => {
  await Promise.all([stopMonitorWorker(), stopCrawlWorkers(), workers.close({ graceMs: env.SHUTDOWN_GRACE_MS })]);
});
