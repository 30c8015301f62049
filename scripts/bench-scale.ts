// npm run bench:scale — runs/s with 1 and then 2 worker processes (`npm run worker`) on PostgreSQL + Redis, and
// whether the counters stay exact while they share the work. This process is the web instance (no workers of its
// own): it submits BENCH_RUNS (1000) async runs per phase for 20 Business users through the real run route, then
// waits for all of them to end. Checked and printed after each phase: every run ended, each user's quota usage
// equals their successful runs, no user ever had more runs in flight than the plan's concurrency.
// Needs DATABASE_URL=postgresql://… and REDIS_URL. Settings: BENCH_RUNS, BENCH_USERS (20), WORKER_CONCURRENCY.
import { randomBytes } from "node:crypto";
import { dropPostgresSchema, freshDatabaseUrl } from "../test/support/database";

if (!process.env.DATABASE_URL?.startsWith("postgres") || !process.env.REDIS_URL) {
  console.error("bench:scale needs DATABASE_URL=postgresql://… and REDIS_URL (worker processes share them).");
  process.exit(2);
}
const databaseUrl = freshDatabaseUrl();
Object.assign(process.env, {
  DATABASE_URL: databaseUrl,
  AUTH_SECRET: process.env.AUTH_SECRET ?? "bench-secret-that-is-long-enough-for-hs256-0123456789",
  SCRAPER_ALLOW_LOOPBACK: "1",
  LOG_LEVEL: "warn",
  RUN_WORKERS_IN_APP: "0",
  QUEUE_PREFIX: `scrapedeck-bench-${randomBytes(4).toString("hex")}`,
});
const runsPerPhase = Number(process.env.BENCH_RUNS ?? 1000);
const userCount = Number(process.env.BENCH_USERS ?? 20);

const { prepareDatabase } = await import("../lib/db/prepare");
await prepareDatabase(databaseUrl);
const { db } = await import("../lib/db");
const { createApiKey } = await import("../lib/api-keys/keys");
const { PLANS } = await import("../lib/config/plans");
const { usageMonth } = await import("../lib/usage/summary");
const { startFixtureServer } = await import("../test/support/fixture-server");
const { startWorkerProcess } = await import("../test/support/worker-process");
const { runScraperEndpoint } = await import("../app/api/scrapers/[id]/run/endpoint");
const { createRunLimits } = await import("../lib/runs/limits");

const plan = PLANS.business;
const fixtures = await startFixtureServer();
const scraper = await db.scraper.findUniqueOrThrow({ where: { slug: "ecommerce-products" } });
const users: Array<{ id: number; key: string }> = [];
for (let i = 0; i < userCount; i++) {
  const user = await db.user.create({
    data: { email: `scale-${i}-${Date.now()}@example.test`, passwordHash: "x", plan: plan.id },
  });
  users.push({ id: user.id, key: (await createApiKey(user.id, { description: "bench" })).key });
}

async function phase(workerCount: number) {
  // Fresh rate-limit windows per phase: 1000 runs over 20 users stay under Business's 200 per minute each.
  const endpoint = runScraperEndpoint(createRunLimits(`bench-${randomBytes(4).toString("hex")}`));
  const workers = await Promise.all(Array.from({ length: workerCount }, () => startWorkerProcess({ LOG_LEVEL: "warn" })));
  const started = Date.now();
  const ids: number[] = [];
  const refused: Record<string, number> = {};
  await Promise.all(
    Array.from({ length: runsPerPhase }, async (_, i) => {
      const user = users[i % users.length] as (typeof users)[number];
      const res = await endpoint(
        new Request(`http://bench/api/scrapers/${scraper.id}/run`, {
          method: "POST",
          headers: { authorization: `Bearer ${user.key}`, "content-type": "application/json" },
          body: JSON.stringify({ url: `${fixtures.url}/product/jsonld.html?i=${i}`, async: true }),
        }),
        { params: Promise.resolve({ id: String(scraper.id) }) },
      );
      const body = (await res.json()) as { id?: number; code?: string };
      if (res.status === 202 && body.id) ids.push(body.id);
      else refused[`${res.status} ${body.code}`] = (refused[`${res.status} ${body.code}`] ?? 0) + 1;
    }),
  );
  const accepted = Date.now();
  for (;;) {
    const open = await db.scraperRun.count({ where: { id: { in: ids }, status: { in: ["queued", "running"] } } });
    if (open === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const seconds = (Date.now() - started) / 1000;
  await Promise.all(workers.map((worker) => worker.stop()));
  const runs = await db.scraperRun.findMany({
    where: { id: { in: ids } },
    select: { userId: true, status: true, errorCode: true, startedAt: true, finishedAt: true },
  });
  // Most runs in flight at once per user, from the recorded start and end times.
  let maxInFlight = 0;
  for (const user of users) {
    const events = runs
      .filter((run) => run.userId === user.id && run.startedAt && run.finishedAt)
      .flatMap((run) => [
        [run.startedAt?.getTime() ?? 0, 1],
        [run.finishedAt?.getTime() ?? 0, -1],
      ])
      .sort((a, b) => (a[0] as number) - (b[0] as number) || (a[1] as number) - (b[1] as number));
    let current = 0;
    for (const [, delta] of events) {
      current += delta as number;
      maxInFlight = Math.max(maxInFlight, current);
    }
  }
  const statuses: Record<string, number> = {};
  for (const run of runs) {
    const outcome = run.errorCode ? `${run.status} ${run.errorCode}` : run.status;
    statuses[outcome] = (statuses[outcome] ?? 0) + 1;
  }
  console.log(
    `\n${workerCount} worker process${workerCount === 1 ? "" : "es"} × WORKER_CONCURRENCY ${process.env.WORKER_CONCURRENCY ?? 2}: ` +
      `${ids.length} runs in ${seconds.toFixed(1)} s = ${(ids.length / seconds).toFixed(1)} runs/s ` +
      `(submitting took ${((accepted - started) / 1000).toFixed(1)} s)`,
  );
  console.log(`  outcomes ${JSON.stringify(statuses)}; refused at submission ${JSON.stringify(refused)}`);
  console.log(
    `  most runs in flight for one user: ${maxInFlight} (plan allows ${plan.concurrentRuns}) ${maxInFlight <= plan.concurrentRuns ? "OK" : "EXCEEDED"}`,
  );
  return ids.length / seconds;
}

try {
  const one = await phase(1);
  const two = await phase(2);
  let exact = true;
  for (const user of users) {
    const successes = await db.scraperRun.count({ where: { userId: user.id, status: "success" } });
    const used =
      (await db.monthlyUsage.findUnique({ where: { userId_month: { userId: user.id, month: usageMonth() } } }))?.successfulRuns ??
      0;
    if (used !== successes) {
      exact = false;
      console.log(`  user ${user.id}: quota used ${used} but ${successes} successful runs`);
    }
  }
  console.log(`\nquota usage equals successful runs for all ${users.length} users: ${exact ? "OK" : "NOT EXACT"}`);
  console.log(`speed-up with 2 workers: ×${(two / one).toFixed(2)}`);
} finally {
  await fixtures.close();
  await db.$disconnect();
  await dropPostgresSchema(databaseUrl);
  process.exit(0);
}
