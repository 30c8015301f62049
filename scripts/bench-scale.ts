// npm run bench:scale — the queue scaled out on PostgreSQL + Redis: 2 web instances (scripts/bench/web-instance.ts,
// the real run routes, no workers of their own) in front of 1, then 2 worker processes (`npm run worker`), 20 Pro
// users, BENCH_RUNS (1000) runs per phase against a local fixture site. Each phase gets fresh processes and a fresh
// limiter namespace (REDIS_KEY_PREFIX), so its per-minute window is its own.
//
// Per phase, every user sends their share of the runs plus BENCH_OVER (2) more async runs at once, alternating
// between the two web instances: the plan's requests per minute must let through exactly its allowance and refuse
// the rest with 429 rate_limited, summed across both instances. Printed and checked: runs/s (first submission to
// last run ended), how the accepted runs split between the instances, every run ended successfully, no user ever
// had more runs in flight than the plan's concurrency (from the recorded start and end times).
// After both phases each user's recorded usage must equal their successful runs exactly (a failed run gives its
// reservation back). Then the quota at its edge: each user is put BENCH_QUOTA_LEFT (2) runs short of the monthly
// quota and sends twice that many at once through both instances: exactly that many must be accepted, and the
// usage must end at the quota less the ones that failed, never past it.
// Needs DATABASE_URL=postgresql://… and REDIS_URL. Settings: BENCH_RUNS, BENCH_USERS (20), WORKER_CONCURRENCY (8).
import { randomBytes } from "node:crypto";
import { dropPostgresSchema, freshDatabaseUrl } from "@/test/support/database";

if (!process.env.DATABASE_URL?.startsWith("postgres") || !process.env.REDIS_URL) {
  console.error("bench:scale needs DATABASE_URL=postgresql://… and REDIS_URL (web instances and workers share them).");
  process.exit(2);
}
const databaseUrl = freshDatabaseUrl();
const benchId = randomBytes(4).toString("hex");
Object.assign(process.env, {
  DATABASE_URL: databaseUrl,
  AUTH_SECRET: process.env.AUTH_SECRET ?? "bench-secret-that-is-long-enough-for-hs256-0123456789",
  SCRAPER_ALLOW_LOOPBACK: "1",
  LOG_LEVEL: "warn",
  RUN_WORKERS_IN_APP: "0",
  QUEUE_PREFIX: `scrapedeck-bench-${benchId}`,
  WORKER_CONCURRENCY: process.env.WORKER_CONCURRENCY ?? "8",
});
const runsPerPhase = Number(process.env.BENCH_RUNS ?? 1000);
const userCount = Number(process.env.BENCH_USERS ?? 20);
const overLimit = Number(process.env.BENCH_OVER ?? 2);
const quotaLeft = Number(process.env.BENCH_QUOTA_LEFT ?? 2);

const { prepareDatabase } = await import("@/server/prepare-database");
const { buildExtractionThread } = await import("./build-thread");
await Promise.all([prepareDatabase(databaseUrl), buildExtractionThread()]);
const { db } = await import("@/lib/infra/db");
const { createApiKey } = await import("@/lib/api-keys/keys");
const { PLANS } = await import("@/lib/config/plans");
const { usageMonth } = await import("@/lib/usage/summary");
const { startFixtureServer } = await import("@/test/support/fixture-server");
const { startScriptProcess, startWorkerProcess } = await import("@/test/support/worker-process");

const plan = PLANS.pro;
const runsPerUser = Math.ceil(runsPerPhase / userCount);
if (runsPerUser > plan.requestsPerMinute) {
  console.error(`BENCH_RUNS / BENCH_USERS must stay within the ${plan.name} plan's ${plan.requestsPerMinute} requests a minute.`);
  process.exit(2);
}
const month = usageMonth();
const fixtures = await startFixtureServer();
const scraper = await db.scraper.findUniqueOrThrow({ where: { slug: "ecommerce-products" } });
const users: Array<{ id: number; key: string }> = [];
for (let i = 0; i < userCount; i++) {
  const user = await db.user.create({
    data: { email: `scale-${i}-${benchId}@example.test`, passwordHash: "x", plan: plan.id },
  });
  users.push({ id: user.id, key: (await createApiKey(user.id, { description: "bench" })).key });
}

let failures = 0;
function check(ok: boolean, text: string) {
  if (!ok) failures++;
  console.log(`  ${ok ? "OK  " : "FAIL"} ${text}`);
}

const usedBy = async (userId: number) =>
  (await db.monthlyUsage.findUnique({ where: { userId_month: { userId, month } } }))?.successfulRuns ?? 0;

type Processes = Awaited<ReturnType<typeof startWorkerProcess>>[];

/** Two web instances and `workerCount` workers sharing a limiter namespace of their own. */
async function startProcesses(workerCount: number) {
  const processEnv = { LOG_LEVEL: "warn", REDIS_KEY_PREFIX: `scrapedeck-bench-${randomBytes(4).toString("hex")}:` };
  const web = await Promise.all([0, 1].map(() => startScriptProcess("scripts/bench/web-instance.ts", "ready on", processEnv)));
  const urls = web.map((instance) => /ready on (\S+)/.exec(instance.output())?.[1] as string);
  const workers: Processes = await Promise.all(Array.from({ length: workerCount }, () => startWorkerProcess(processEnv)));
  return { urls, all: [...web, ...workers] };
}

async function stopAll(processes: Processes) {
  await Promise.all(processes.map((child) => child.stop()));
}

interface Submission {
  user: number;
  instance: number;
  status: number;
  code?: string;
  id?: number;
}

/** `perUser` async runs for every user at once, alternating between the web instances. */
async function submitAll(urls: string[], perUser: number, tag: string): Promise<Submission[]> {
  return Promise.all(
    Array.from({ length: perUser * users.length }, async (_, i): Promise<Submission> => {
      const user = i % users.length;
      const instance = Math.floor(i / users.length) % urls.length;
      const res = await fetch(`${urls[instance]}/api/scrapers/${scraper.id}/run`, {
        method: "POST",
        headers: { authorization: `Bearer ${users[user]?.key}`, "content-type": "application/json" },
        body: JSON.stringify({ url: `${fixtures.url}/product/jsonld.html?${tag}=${i}`, async: true }),
      });
      const body = (await res.json()) as { id?: number; code?: string };
      return { user, instance, status: res.status, code: body.code, id: body.id };
    }),
  );
}

async function waitForEnd(ids: number[]) {
  for (;;) {
    const open = await db.scraperRun.count({ where: { id: { in: ids }, status: { in: ["queued", "running"] } } });
    if (open === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const tally = (values: string[]) =>
  values.reduce<Record<string, number>>((counts, value) => {
    counts[value] = (counts[value] ?? 0) + 1;
    return counts;
  }, {});

/** Most runs one user had in flight at once, from the recorded start and end times. */
function mostInFlight(runs: Array<{ userId: number; startedAt: Date | null; finishedAt: Date | null }>) {
  let most = 0;
  for (const user of users) {
    const events = runs
      .filter((run) => run.userId === user.id && run.startedAt && run.finishedAt)
      .flatMap(
        (run): Array<[number, number]> => [
          [run.startedAt?.getTime() ?? 0, 1],
          [run.finishedAt?.getTime() ?? 0, -1],
        ],
      )
      // An end and a start at the same millisecond: the end first, as the slot was free again.
      .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    let current = 0;
    for (const [, delta] of events) {
      current += delta;
      most = Math.max(most, current);
    }
  }
  return most;
}

async function phase(workerCount: number): Promise<number> {
  const processes = await startProcesses(workerCount);
  console.log(
    `\n${workerCount} worker process${workerCount === 1 ? "" : "es"} × WORKER_CONCURRENCY ${process.env.WORKER_CONCURRENCY}, 2 web instances:`,
  );
  try {
    const started = Date.now();
    const submissions = await submitAll(processes.urls, runsPerUser + overLimit, `phase${workerCount}`);
    const submitted = Date.now();
    const ids = submissions.flatMap((s) => (s.status === 202 && s.id ? [s.id] : []));
    await waitForEnd(ids);
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `  ${ids.length} runs in ${seconds.toFixed(1)} s = ${(ids.length / seconds).toFixed(1)} runs/s ` +
        `(submitting ${submissions.length} requests took ${((submitted - started) / 1000).toFixed(1)} s)`,
    );
    const perInstance = processes.urls.map((_, n) => submissions.filter((s) => s.instance === n && s.status === 202).length);
    console.log(`  accepted by web instance 1: ${perInstance[0]}, by web instance 2: ${perInstance[1]}`);
    check(
      perInstance.every((count) => count > 0),
      "runs were accepted by both web instances",
    );
    const refusedCodes = tally(submissions.filter((s) => s.status !== 202).map((s) => `${s.status} ${s.code}`));
    console.log(`  refused: ${JSON.stringify(refusedCodes)}`);
    const acceptedPerUser = users.map((_, n) => submissions.filter((s) => s.user === n && s.status === 202).length);
    check(
      acceptedPerUser.every((count) => count === Math.min(runsPerUser + overLimit, plan.requestsPerMinute)) &&
        submissions.every((s) => s.status === 202 || s.code === "rate_limited"),
      `requests per minute exact across both instances: each user got ${Math.min(runsPerUser + overLimit, plan.requestsPerMinute)} of ${runsPerUser + overLimit} accepted (plan: ${plan.requestsPerMinute}/min), the rest 429 rate_limited`,
    );
    const runs = await db.scraperRun.findMany({
      where: { id: { in: ids } },
      select: { userId: true, status: true, errorCode: true, startedAt: true, finishedAt: true },
    });
    const outcomes = tally(runs.map((run) => (run.errorCode ? `${run.status} ${run.errorCode}` : run.status)));
    // Ended is the check; how many succeed depends on the machine (a starved thread can miss its extraction deadline).
    check(
      runs.length === ids.length && runs.every((run) => run.status !== "queued" && run.status !== "running"),
      `every accepted run ended: ${JSON.stringify(outcomes)}`,
    );
    const most = mostInFlight(runs);
    check(most <= plan.concurrentRuns, `most runs in flight for one user: ${most} (plan allows ${plan.concurrentRuns})`);
    return ids.length / seconds;
  } finally {
    await stopAll(processes.all);
  }
}

/** Each user `quotaLeft` runs short of the quota sends twice as many at once through both instances. */
async function quotaEdge() {
  await db.monthlyUsage.updateMany({
    where: { userId: { in: users.map((user) => user.id) }, month },
    data: { successfulRuns: plan.monthlyRuns - quotaLeft },
  });
  const processes = await startProcesses(2);
  console.log(`\nquota edge: each user ${quotaLeft} runs short of ${plan.monthlyRuns}, sending ${2 * quotaLeft} at once:`);
  try {
    const submissions = await submitAll(processes.urls, 2 * quotaLeft, "edge");
    const ids = submissions.flatMap((s) => (s.status === 202 && s.id ? [s.id] : []));
    await waitForEnd(ids);
    const acceptedPerUser = users.map((_, n) => submissions.filter((s) => s.user === n && s.status === 202).length);
    console.log(
      `  refused: ${JSON.stringify(tally(submissions.filter((s) => s.status !== 202).map((s) => `${s.status} ${s.code}`)))}`,
    );
    check(
      acceptedPerUser.every((count) => count === quotaLeft) &&
        submissions.every((s) => s.status === 202 || s.code === "quota_exceeded"),
      `quota exact across both instances: each user got exactly ${quotaLeft} accepted, the rest 402 quota_exceeded`,
    );
    const mismatched: string[] = [];
    for (const [n, user] of users.entries()) {
      const mine = submissions.flatMap((s) => (s.user === n && s.id ? [s.id] : []));
      const successes = await db.scraperRun.count({ where: { id: { in: mine }, status: "success" } });
      const used = await usedBy(user.id);
      if (used !== plan.monthlyRuns - quotaLeft + successes) mismatched.push(`user ${user.id}: ${used} used`);
    }
    check(
      mismatched.length === 0,
      `usage ends at the ${plan.monthlyRuns} quota less the edge runs that failed, never past it ${mismatched.join("; ")}`,
    );
  } finally {
    await stopAll(processes.all);
  }
}

try {
  const one = await phase(1);
  const two = await phase(2);
  const mismatched: string[] = [];
  for (const user of users) {
    const successes = await db.scraperRun.count({ where: { userId: user.id, status: "success" } });
    const used = await usedBy(user.id);
    if (used !== successes) mismatched.push(`user ${user.id}: ${used} used, ${successes} successful runs`);
  }
  console.log("");
  check(
    mismatched.length === 0,
    `after both phases each user's quota usage equals their successful runs ${mismatched.join("; ")}`,
  );
  await quotaEdge();
  console.log(
    `\nruns/s: 1 worker ${one.toFixed(1)}, 2 workers ${two.toFixed(1)}: ×${(two / one).toFixed(2)} with the second worker`,
  );
  console.log(failures === 0 ? "all checks passed" : `${failures} check(s) FAILED`);
} finally {
  await fixtures.close();
  await db.$disconnect();
  await dropPostgresSchema(databaseUrl);
}
process.exit(failures === 0 ? 0 : 1);
