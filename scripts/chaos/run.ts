// npm run chaos — the whole system under load while its parts fail (issue 29, docs/architecture.md#faults-survived):
// PostgreSQL and Redis of its own, 2 web instances and 2 worker processes on the production build, a local fixture
// site (slow, failing, hostile pages, a small site to crawl, pages drawn by JavaScript) and webhook receiver, and 20
// users on different plans running sync runs, async runs and batches with webhooks, verifying licenses and reading
// with their API keys, and now and then crawling, monitoring and rendering in a browser. A seeded fault
// schedule (printed first) kills, restarts, pauses and skews them in turn; then the faults stop, the system
// settles, and the invariants are checked and printed with their counts. Exit code 1 if any fails.
//
//   npm run chaos -- [--minutes 5] [--seed N] [--smoke] [--port-base 5050]
//
// --smoke: one minute, four quick faults (what .ci/run runs). Ports: PostgreSQL at the base, Redis +1, web
// instances +2 and +3, the fixture site +4, the receiver +5, the JavaScript-drawn site +6. Logs stay in the folder printed at the start.
import { spawnSync } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { PLAN_IDS, type PlanId } from "@/lib/config/plans";
import { startBrowserSite } from "@/test/support/browser-site";
import { startFixtureServer } from "@/test/support/fixture-server";
import { redisServer } from "@/test/support/redis-server";
import { buildState, recordBuild } from "../build-state";
import {
  FAULT_DESCRIPTIONS,
  FAULT_KINDS,
  type FaultRecord,
  inject,
  type PlannedFault,
  planFaults,
  SMOKE_FAULT_KINDS,
} from "./faults";
import { checkInvariants } from "./invariants";
import { Balancer, type ChaosUser, call, type LoadLog, userLoop } from "./load";
import { createPostgresCluster } from "./postgres";
import { appProcess, ROOT } from "./processes";
import { seededRandom } from "./random";
import { startReceiver } from "./receiver";

function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}

const smoke = process.argv.includes("--smoke");
const minutes = Number(option("minutes") ?? (smoke ? 1 : 5));
const seed = Number(option("seed") ?? Math.floor(Math.random() * 1_000_000));
const portBase = Number(option("port-base") ?? 5050);
const durationMs = Math.round(minutes * 60_000);
const USERS = 20;
const MAX_USES = 20;
/** After the load, how long the system may take to finish every run and delivery. */
const SETTLE_MAX_MS = 300_000;
const AUTH_SECRET = "chaos-secret-that-is-long-enough-for-hs256-0123456789";

/** What to stop and remove at the end, last started first. */
const cleanups: (() => unknown)[] = [];
let exitCode = 1;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    console.log(`\n== ${signal}: stopping everything`);
    void teardown().finally(() => process.exit(130));
  });
}

const logDir = mkdtempSync(path.join(tmpdir(), "scrapedeck-chaos-"));
const say = (text: string) => console.log(`  ${new Date().toISOString().slice(11, 19)}  ${text}`);

console.log(`== chaos run: seed ${seed}, ${minutes} minute(s) of load${smoke ? " (smoke)" : ""}; logs in ${logDir}`);
const random = seededRandom(seed);
const schedule = planFaults(seededRandom(seed), durationMs, smoke ? SMOKE_FAULT_KINDS : FAULT_KINDS);
console.log("== fault schedule (repeat it with --seed)");
for (const fault of schedule) {
  const target = fault.kind.includes("worker")
    ? ` worker-${fault.target}`
    : fault.kind.includes("web")
      ? ` web-${fault.target}`
      : "";
  console.log(`  +${(fault.at / 1000).toFixed(1).padStart(5)} s  ${fault.kind}${target}: ${FAULT_DESCRIPTIONS[fault.kind]}`);
}

// ─── The production build the web instances serve ──────────────────────────────────────────────────────────────
const build = buildState();
if (!build.isCurrent) {
  console.log("== building the app (no current build)");
  const built = spawnSync("npm", ["run", "build"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
  recordBuild(build.sourceHash);
}

// ─── Teardown: whatever was started, also when the run failed or was interrupted ─────────────────────────────────
async function teardown(): Promise<void> {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch {
      // gone already
    }
  }
  cleanups.length = 0;
}

try {
  // ─── Its own PostgreSQL and Redis, the fixture site and the receiver ─────────────────────────────────────────────
  console.log("== starting PostgreSQL, Redis, the fixture site and the webhook receiver");
  const postgres = createPostgresCluster(portBase);
  cleanups.push(() => postgres.destroy());
  postgres.start();
  const admin = new pg.Client({ connectionString: postgres.url("postgres") });
  await admin.connect();
  await admin.query("CREATE DATABASE chaos");
  await admin.end();
  const databaseUrl = postgres.url("chaos");
  {
    // The app's own migrations and catalogue seed, as npm start applies them.
    process.env.DATABASE_URL = databaseUrl;
    const { prepareDatabase } = await import("@/server/prepare-database");
    await prepareDatabase(databaseUrl);
  }
  const redisDataDir = path.join(logDir, "redis");
  mkdirSync(redisDataDir);
  const redis = redisServer({ port: portBase + 1, dataDir: redisDataDir });
  cleanups.push(() => redis.kill());
  await redis.start();
  const site = await startFixtureServer(portBase + 4);
  cleanups.push(() => site.close());
  const receiver = await startReceiver(portBase + 5, seededRandom(seed + 1));
  cleanups.push(() => receiver.close());
  const browserSite = await startBrowserSite(portBase + 6);
  cleanups.push(() => browserSite.close());

  // The checker's connections: the pool makes new ones after a PostgreSQL restart; a query failing meanwhile is retried.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  pool.on("error", () => {});
  cleanups.push(() => pool.end());
  async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<pg.QueryResult<T>> {
    for (let tries = 1; ; tries++) {
      try {
        return await pool.query<T>(text, values);
      } catch (error) {
        if (tries >= 60) throw error;
        await sleep(1000);
      }
    }
  }

  // ─── The app: 2 web instances in front, 2 worker processes behind ───────────────────────────────────────────────
  const appEnv = {
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: "5",
    REDIS_URL: redis.url,
    QUEUE_PREFIX: "chaos",
    REDIS_KEY_PREFIX: "chaos:",
    AUTH_SECRET,
    // Production signs every verification answer: a key of this run's own.
    SIGNING_KEY: generateKeyPairSync("ed25519").privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
    SCRAPER_ALLOW_LOOPBACK: "1",
    RUN_WORKERS_IN_APP: "0",
    WORKER_CONCURRENCY: "3",
    RUN_SYNC_TIMEOUT_MS: "20000",
    // Retries 1 s, 2 s, 4 s … apart: the whole schedule of 8 attempts fits in the settle time.
    WEBHOOK_RETRY_BASE_MS: "1000",
    VERIFY_RATE_LIMIT_PER_MINUTE: "1000000000",
    REGISTRATIONS_PER_IP_PER_HOUR: "1000",
    SHUTDOWN_GRACE_MS: "10000",
    LOG_LEVEL: "warn",
  };
  const webs = [0, 1].map((i) =>
    appProcess({
      name: `web-${i}`,
      kind: "web",
      port: portBase + 2 + i,
      logDir,
      env: { ...appEnv, APP_URL: `http://127.0.0.1:${portBase + 2 + i}` },
    }),
  );
  const workers = [0, 1].map((i) => appProcess({ name: `worker-${i}`, kind: "worker", logDir, env: appEnv }));
  cleanups.push(() => Promise.all([...webs, ...workers].map((app) => app.signal("SIGCONT").then(() => app.signal("SIGTERM")))));
  console.log("== starting 2 web instances and 2 workers");
  await Promise.all([...webs, ...workers].map((process) => process.start()));
  const balancer = new Balancer(webs);
  const log: LoadLog = { answers: [], outcomes: [] };

  // ─── 20 users on the three plans, each with an API key and a license ────────────────────────────────────────────
  const plans: PlanId[] = random.shuffle(Array.from({ length: USERS }, (_, i) => PLAN_IDS[i < 8 ? 0 : i < 16 ? 1 : 2] as PlanId));
  const setupLog: LoadLog = { answers: [], outcomes: [] };
  async function setup(index: number, plan: PlanId): Promise<ChaosUser> {
    const email = `chaos-${seed}-${index}@example.com`;
    const registered = await call(balancer, setupLog, {
      user: index,
      op: "read-secret",
      method: "POST",
      path: "/api/auth/register",
      body: { email, password: "correct-horse-battery" },
    });
    const { token, user } = registered.final.body as { token: string; user: { id: number } };
    await query("UPDATE users SET plan = $1 WHERE id = $2", [plan, user.id]);
    const bearer = { authorization: `Bearer ${token}` };
    const key = await call(balancer, setupLog, {
      user: index,
      op: "read-secret",
      method: "POST",
      path: "/api/keys",
      body: { description: "chaos" },
      headers: bearer,
    });
    const license = await call(balancer, setupLog, {
      user: index,
      op: "read-secret",
      method: "POST",
      path: "/api/licenses",
      body: { name: "Chaos", license_key: "", max_usage: MAX_USES },
      headers: bearer,
    });
    const made = license.final.body as { id: number; license_key: string };
    return {
      index,
      id: user.id,
      email,
      plan,
      token,
      apiKey: (key.final.body as { key: string }).key,
      license: { id: made.id, key: made.license_key, maxUsage: MAX_USES },
    };
  }
  const users = await Promise.all(plans.map((plan, index) => setup(index, plan)));
  const scraperId = (await query<{ id: number }>("SELECT id FROM scrapers WHERE slug = 'ecommerce-products'")).rows[0]
    ?.id as number;
  console.log(`== ${USERS} users: ${PLAN_IDS.map((plan) => `${plans.filter((p) => p === plan).length} ${plan}`).join(", ")}`);

  // ─── Load and faults ──────────────────────────────────────────────────────────────────────────────────────────
  const started = Date.now();
  const until = started + durationMs;
  console.log(`== load for ${minutes} minute(s), faults as scheduled`);
  const loops = users.map((user) =>
    userLoop({
      user,
      random: seededRandom(seed * 1000 + user.index),
      balancer,
      log,
      scraperId,
      siteUrl: site.url,
      browserSiteUrl: browserSite.url,
      receiverUrl: receiver.url,
      until,
    }),
  );
  const faultLog: FaultRecord[] = [];
  const cluster = {
    postgres,
    redis,
    redisDataDir,
    webs,
    workers,
    receiver,
    balancer,
    runningRuns: async () =>
      Number((await query<{ n: string }>("SELECT count(*) AS n FROM scraper_runs WHERE status = 'running'")).rows[0]?.n ?? 0),
  };
  // Faults on one process wait for the one before on it to end (a paused worker is not also restarted).
  const busy = new Map<string, Promise<void>>();
  const targetOf = (fault: PlannedFault) =>
    fault.kind.includes("worker") ? `worker-${fault.target}` : fault.kind.includes("web") ? `web-${fault.target}` : fault.kind;
  const injected = schedule.map(async (fault) => {
    await sleep(Math.max(0, started + fault.at - Date.now()));
    const target = targetOf(fault);
    const before = busy.get(target) ?? Promise.resolve();
    const done = before.then(() => inject(fault, cluster, faultLog));
    busy.set(
      target,
      done.catch(() => {}),
    );
    await done;
  });
  // Recovery is timed from the moment the last fault ends, while the load goes on.
  const recovery = Promise.all(injected).then(async () => {
    const lastFaultEnd = Math.max(...faultLog.map((fault) => fault.endedAt ?? Date.now()));
    say("faults over; waiting for every web instance to be ready");
    for (const deadline = lastFaultEnd + 60_000; Date.now() < deadline; await sleep(250)) {
      const ready = await Promise.all(
        webs.map((web) =>
          fetch(`${web.origin}/api/health/ready`, { signal: AbortSignal.timeout(3000) }).then(
            (res) => res.status === 200,
            () => false,
          ),
        ),
      );
      if (ready.every(Boolean)) return (Date.now() - lastFaultEnd) / 1000;
    }
    return null;
  });
  await Promise.all(loops);
  say(`load over: ${log.outcomes.length} calls`);
  const recoverySeconds = await recovery;
  say(`ready ${recoverySeconds === null ? "not within 60 s" : `${recoverySeconds.toFixed(1)} s after the last fault`}; settling`);
  const settleStarted = Date.now();
  for (;;) {
    const open = Number(
      (await query<{ n: string }>("SELECT count(*) AS n FROM scraper_runs WHERE status IN ('queued', 'running')")).rows[0]?.n,
    );
    const pending = Number(
      (
        await query<{ n: string }>(
          "SELECT count(*) AS n FROM webhook_deliveries WHERE delivered_at IS NULL AND next_attempt_at IS NOT NULL",
        )
      ).rows[0]?.n,
    );
    // Crawls and monitor checks under way: their runs and events are still to come.
    const crawlsOpen = Number(
      (await query<{ n: string }>("SELECT count(*) AS n FROM crawls WHERE status IN ('queued', 'running')")).rows[0]?.n,
    );
    const checksRunning = Number(
      (await query<{ n: string }>("SELECT count(*) AS n FROM monitor_checks WHERE status = 'running'")).rows[0]?.n,
    );
    if (open === 0 && pending === 0 && crawlsOpen === 0 && checksRunning === 0) break;
    if (Date.now() - settleStarted > SETTLE_MAX_MS) {
      say(
        `not settled after ${SETTLE_MAX_MS / 1000} s: ${open} runs open, ${pending} deliveries pending, ${crawlsOpen} crawls open, ${checksRunning} checks running`,
      );
      break;
    }
    await sleep(2000);
  }
  say(`settled in ${((Date.now() - settleStarted) / 1000).toFixed(0)} s`);

  // ─── Invariants ───────────────────────────────────────────────────────────────────────────────────────────────
  const checks = await checkInvariants({
    db: pool,
    users,
    log,
    received: receiver.received(),
    faults: faultLog,
    recoverySeconds,
  });
  console.log(`\n== faults injected (${faultLog.length})`);
  for (const fault of faultLog) {
    console.log(
      `  +${((fault.startedAt - started) / 1000).toFixed(1).padStart(5)} s  ${fault.kind} ${fault.target}${fault.note ? ` (${fault.note})` : ""}, ${(((fault.endedAt ?? fault.startedAt) - fault.startedAt) / 1000).toFixed(1)} s`,
    );
  }
  console.log("\n== invariants");
  for (const result of checks) {
    console.log(`  ${result.ok ? "PASS" : "FAIL"}  ${result.name}\n        ${result.counts}`);
    for (const violation of result.violations.slice(0, 10)) console.log(`        ✗ ${violation}`);
    if (result.violations.length > 10) console.log(`        … and ${result.violations.length - 10} more`);
  }
  const failed = checks.filter((result) => !result.ok).length;
  // Every answer and reception, for looking into a violation after the run.
  writeFileSync(path.join(logDir, "answers.json"), JSON.stringify(log.answers));
  writeFileSync(path.join(logDir, "received.json"), JSON.stringify(receiver.received()));
  writeFileSync(
    path.join(logDir, "report.json"),
    JSON.stringify(
      { seed, minutes, smoke, faults: faultLog, checks, calls: log.outcomes.length, answers: log.answers.length },
      null,
      2,
    ),
  );
  console.log(`\n${checks.length - failed} passed, ${failed} failed`);
  exitCode = failed === 0 ? 0 : 1;
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await teardown();
}
process.exit(exitCode);
