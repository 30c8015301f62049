// Next calls register() once per server process at boot: the place to start the in-app run workers (and the monitors' schedule worker), so queued
// runs resume (and runs a crash left running are settled) without waiting for the first submission.
export async function register() {
  // Next sets NEXT_RUNTIME itself; the workers (threads, Redis, the database) exist only in the Node.js runtime.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { ensureInAppWorkers } = await import("./lib/runs/workers");
  ensureInAppWorkers();
  // The monitors' schedules: without Redis their scheduler runs where the run workers do (lib/monitors/worker.ts).
  const { ensureMonitorWorker } = await import("./lib/monitors/worker");
  ensureMonitorWorker();
  const { ensureCrawlWorkers } = await import("./lib/crawls/workers");
  ensureCrawlWorkers();
}
