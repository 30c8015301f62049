// One web instance for npm run bench:scale: the production edge and its fast paths (the app's real run, run status
// and health operations, server/api-server.ts), without workers of its own (RUN_WORKERS_IN_APP=0): it accepts runs,
// applies the plan's limits in Redis and enqueues the jobs, as a web instance in front of worker processes does. Everything comes from the
// environment the benchmark passes (DATABASE_URL, REDIS_URL, QUEUE_PREFIX, REDIS_KEY_PREFIX); no build needed.
// The app is imported only after the environment is set, hence the dynamic imports (and the export: a module).
export {};

process.env.RUN_WORKERS_IN_APP = "0";
const { startApiServer } = await import("@/server/api-server");

const app = await startApiServer();
console.log(`Web instance ${process.pid} ready on ${app.url}`);
process.on("SIGTERM", () => {
  app.server.close();
  process.exit(0);
});
