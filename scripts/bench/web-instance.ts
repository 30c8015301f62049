// One web instance for npm run bench:scale: the app's real run, run status and health routes behind a plain HTTP
// server, without workers of its own (RUN_WORKERS_IN_APP=0): it accepts runs, applies the plan's limits in Redis
// and enqueues the jobs, as a web instance in front of worker processes does. Everything comes from the
// environment the benchmark passes (DATABASE_URL, REDIS_URL, QUEUE_PREFIX, REDIS_KEY_PREFIX); no build needed.
// The app is imported only after the environment is set, hence the dynamic imports (and the export: a module).
export {};

process.env.RUN_WORKERS_IN_APP = "0";
const { GET: health } = await import("@/app/api/health/route");
const { POST: run } = await import("@/app/api/scrapers/[id]/run/route");
const runById = await import("@/app/api/runs/[id]/route");
const { serveRoutes } = await import("./route-server");

const app = await serveRoutes({
  routes: [
    ["GET", /^\/api\/health$/, health],
    ["POST", /^\/api\/scrapers\/(\d+)\/run$/, run],
    ["GET", /^\/api\/runs\/(\d+)$/, runById.GET],
    ["DELETE", /^\/api\/runs\/(\d+)$/, runById.DELETE],
  ],
});
console.log(`Web instance ${process.pid} ready on ${app.url}`);
process.on("SIGTERM", () => {
  app.server.close();
  process.exit(0);
});
