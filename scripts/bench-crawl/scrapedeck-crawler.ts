// bench:crawl's ScrapeDeck contenders: the real crawl (lib/crawls), each page one real run (fetch, extraction
// thread, stored items), links into the stored frontier. Run as its own process with the config as JSON in argv[2];
// prints `RESULT {json}` (ContenderResult).
// - `extra.workers` unset: one process, the in-process queue and a fresh SQLite database (`npm start` alone).
// - `extra.workers` N: PostgreSQL (a fresh schema, dropped after) and Redis (BullMQ, a fresh QUEUE_PREFIX, deleted
//   after) with N `npm run worker` processes taking the crawl's jobs and its runs; this process only submits the
//   crawl and watches it, as a web instance would. CPU and peak RSS are the workers' and this process's, summed;
//   the live heap is this process's.
//   BENCH_POSTGRES_URL (postgresql://postgres@127.0.0.1:5432/test), BENCH_REDIS_URL (redis://127.0.0.1:6379/7).
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import { dropPostgresSchema, freshDatabaseUrl } from "@/test/support/database";
import { AUTH_SECRET, deleteRedisKeys, ROOT } from "../bench/support";
import { type ContenderConfig, type ContenderResult, CRAWL_SCRAPER, cpuSecondsSince } from "./contenders";
import { HOSTS_ENV, resolveHostsTo } from "./resolve-hosts";

const config = JSON.parse(process.argv[2] ?? "{}") as ContenderConfig;
const workers = Number(config.extra?.workers ?? 0);
resolveHostsTo(config.hosts);

const redisUrl = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379/7";
const queuePrefix = `bench-crawl-${Date.now()}-${randomBytes(3).toString("hex")}`;
const databaseUrl =
  workers > 0
    ? freshDatabaseUrl(process.env.BENCH_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/test")
    : `file:${path.join(mkdtempSync(path.join(tmpdir(), "bench-crawl-")), "bench.db")}`;
Object.assign(process.env, {
  DATABASE_URL: databaseUrl,
  SCRAPER_ALLOW_LOOPBACK: "1",
  LOG_LEVEL: "silent",
  WORKER_CONCURRENCY: String(config.extra?.runWorkers ?? 4),
  AUTH_SECRET,
  ...(workers > 0 ? { REDIS_URL: redisUrl, QUEUE_PREFIX: queuePrefix } : {}),
});
if (workers === 0) delete process.env.REDIS_URL;

const { prepareDatabase } = await import("@/server/prepare-database");
await prepareDatabase(databaseUrl);
const { db } = await import("@/lib/infra/db");
const { crawlOptionsOf } = await import("@/lib/crawls/schema");
const { enqueueCrawlStart } = await import("@/lib/crawls/engine");
const { usageMonth } = await import("@/lib/usage/summary");

const user = await db.user.create({ data: { email: `bench-${Date.now()}@example.com`, passwordHash: "x", plan: "business" } });
const scraper = await db.scraper.findUniqueOrThrow({ where: { slug: CRAWL_SCRAPER.slug } });
/** The bench's site, whatever the plan's cap. */
const PAGE_LIMIT = 100_000;
const crawl = await db.crawl.create({
  data: {
    userId: user.id,
    scraperId: scraper.id,
    url: config.startUrl,
    options: JSON.stringify(crawlOptionsOf({ url: config.startUrl, max_depth: 50 })),
    pageLimit: PAGE_LIMIT,
  },
});
// A Business month is 5,000 runs and the site 10,000 pages: the bench's user starts its month with the page
// limit credited (a count below zero), so the whole site fits while every page is still reserved by the same
// statement against the same monthly limit.
await db.monthlyUsage.create({ data: { userId: user.id, month: usageMonth(), successfulRuns: -PAGE_LIMIT } });

/** A worker process (`npm run worker`), once it says it has started: its jobs are taken from then on. */
async function startWorker(): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "--conditions=react-server",
      // BENCH_PROFILE_DIR profiles the workers too (written when they exit, after the crawl): they do the crawl's work.
      ...(process.env.BENCH_PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : []),
      path.join(import.meta.dirname, "worker.ts"),
    ],
    { cwd: ROOT, env: { ...process.env, [HOSTS_ENV]: JSON.stringify(config.hosts) }, stdio: ["ignore", "pipe", "inherit"] },
  );
  for await (const line of createInterface({ input: child.stdout as NodeJS.ReadableStream })) {
    if (line.startsWith("Run worker ")) return child;
  }
  throw new Error("a worker exited before it started");
}

/** CPU seconds (user + system, every thread) a process has used, from /proc (clock ticks of 10 ms). */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** A process's peak resident set size in bytes (VmHWM). */
function peakRssOf(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(match?.[1] ?? 0) * 1024;
}

const children = await Promise.all(Array.from({ length: workers }, startWorker));
const childCpuBefore = children.map((child) => cpuSecondsOf(child.pid as number));
const began = performance.now();
const cpuBefore = process.cpuUsage();
if (workers === 0) {
  const { startCrawlWorkers } = await import("@/lib/crawls/workers");
  const { ensureInAppWorkers } = await import("@/lib/runs/workers");
  ensureInAppWorkers();
  startCrawlWorkers();
}
await enqueueCrawlStart(crawl.id);
for (;;) {
  const { status } = await db.crawl.findUniqueOrThrow({ where: { id: crawl.id }, select: { status: true } });
  if (status !== "queued" && status !== "running") break;
  await sleep(100);
}
const seconds = (performance.now() - began) / 1000;
const cpuSeconds =
  cpuSecondsSince(cpuBefore) +
  children.reduce((sum, child, i) => sum + cpuSecondsOf(child.pid as number) - (childCpuBefore[i] as number), 0);
const maxRssBytes =
  process.resourceUsage().maxRSS * 1024 + children.reduce((sum, child) => sum + peakRssOf(child.pid as number), 0);
// What this process still holds once the crawl is over, after a collection (--expose-gc): flat in the number of
// pages when no per-page object is kept (peak RSS also counts the heap's headroom and every thread).
(globalThis as { gc?: () => void }).gc?.();
const liveHeapBytes = process.memoryUsage().heapUsed;
const done = await db.crawl.findUniqueOrThrow({ where: { id: crawl.id } });
const pages = await db.crawlPage.findMany({ where: { crawlId: crawl.id, state: "succeeded" }, select: { url: true } });
const result: ContenderResult = {
  pages: pages.length,
  requests: 0,
  seconds,
  maxRssBytes,
  cpuSeconds,
  liveHeapBytes,
  urls: pages.map((page) => page.url),
  skipped: {
    robots: done.skippedRobots,
    offHost: done.skippedOffHost,
    duplicate: done.skippedDuplicate,
    failed: done.failed,
    ...(done.stoppedReason ? { [`stopped: ${done.stoppedReason}`]: 1 } : {}),
  },
};
if (workers > 0) {
  await Promise.all(
    children.map(async (child) => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([exited, sleep(15_000).then(() => child.kill("SIGKILL"))]);
    }),
  );
  await db.$disconnect();
  await dropPostgresSchema(databaseUrl);
  await deleteRedisKeys(redisUrl, queuePrefix);
}
// Exit once the line is out: stdout to a pipe is written asynchronously, and exiting at once cut long results short.
process.stdout.write(`RESULT ${JSON.stringify(result)}\n`, () => process.exit(0));
