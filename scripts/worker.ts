// npm run worker — a queue worker process: takes runs from Redis (BullMQ), WORKER_CONCURRENCY at a time, and
// recovers runs whose worker died. Any number of these and of web instances share one PostgreSQL and Redis.
import "./load-env";
import { env } from "@/lib/infra/env";
import { log } from "@/lib/infra/log";
import { startRunWorkers } from "@/lib/runs/workers";
import { prepareDatabase } from "@/server/prepare-database";
import { buildExtractionThread } from "./build-thread";

if (!env.REDIS_URL) {
  console.error(
    "npm run worker needs REDIS_URL: without Redis the queue lives inside the app (npm start), which runs it itself.",
  );
  process.exit(2);
}

await prepareDatabase(env.DATABASE_URL);
await buildExtractionThread();
const workers = startRunWorkers(env.WORKER_CONCURRENCY);
log.info({ concurrency: env.WORKER_CONCURRENCY, pid: process.pid }, "run worker started");
console.log(`Run worker ${process.pid} started: ${env.WORKER_CONCURRENCY} at a time.`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    // Running jobs finish first (BullMQ's close waits for them); a second signal or SIGKILL leaves them to recovery.
    void workers.close().then(() => process.exit(0));
  });
}
