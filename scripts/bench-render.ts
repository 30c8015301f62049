// npm run bench:render — the rendering pool (lib/infra/browser) against a bare Playwright script doing the same pages
// with the same number of browsers and pages at once, side by side in one run, rounds alternating which goes first.
// The pages are JavaScript-drawn products of a local fixture site (test/support/browser-site.ts: an HTML shell, its
// stylesheet and script, and the JSON the script fetches and draws), served by a process of its own; both engines wait
// for the drawn #app[data-ready].
//
// Per engine and round: pages/s, latency per page (p50/p99: from the browser page to the HTML, and for the pool from
// the call, its wait for a free page included), CPU time of this process per page (the Playwright client, and for the
// pool its routing and fetching), this process's event-loop delay (p50/p99/max), a health endpoint as seen from
// another process that asks it every 10 ms (p50/p99, beside an idle phase), and peak memory per browser (its whole
// process tree: RSS summed, and PSS, which counts shared pages once). Then the CPU a page costs outside this process, by
// part: the browsers' trees, and for the api engine the web instance, the worker, PostgreSQL and Redis apart.
// Then --paced pages per engine one at a time, nothing else running: the latency an engine adds to a page when no
// other page competes for the cores (at saturation, a page's latency is mostly its share of everyone's CPU).
//
// With DATABASE_URL=postgresql://… and REDIS_URL, a third engine, "api": ScrapeDeck's rendered runs end to end, through
// the real run API. A web instance (scripts/bench/web-instance.ts: the edge's run and health operations, no workers)
// and a worker process (`npm run worker`, its browser pool of the same size, WORKER_CONCURRENCY = size × pages) on a
// fresh database; every page is a synchronous POST /api/scrapers/{id}/run with {"render": true, "wait_for": …} by
// Business users, checked for its extracted item. Its latency is the API call's (submit to answer: queue, claim,
// render, extraction and recording included); memory is the worker's browsers'.
//
// The health endpoint watched: with the api engine, the web instance's real GET /api/health, in every phase, whichever
// engine renders, so each engine's machine carries the same watching (115–165 ms of the web instance's CPU a second
// and ~15 of PostgreSQL's here, printed from the idle phase) and the pool and bare rows count the web instance's and
// PostgreSQL's CPU too. Without it, an /api/health-style endpoint served by this process.
//
// Options: --size (BROWSER_POOL_SIZE, default 1), --pages (BROWSER_PAGES, default 4), --count (pages per engine per
// round, 60), --rounds (2), --idle (seconds of the idle phase, 3), --latency (ms the product API waits, 0), --paced
// (pages per engine one at a time, 20; 0: none).
// BENCH_PORT: the fixture site's port (the health endpoint takes the next); free ones by default.
// --only pool|bare|api measures one engine alone, e.g. for a CPU profile of it (then npm run bench:profile on the file):
// node --import tsx --conditions=react-server --cpu-prof scripts/bench-render.ts --rounds 1 --only pool
// --profile <dir> does it for the api engine's web instance and worker: npm run bench:render -- --only api --profile /tmp/p
import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { type Browser, chromium } from "playwright-core";
import { option, processCpuMs } from "./bench/support";

Object.assign(process.env, { SCRAPER_ALLOW_LOOPBACK: "1", LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" });
// The api engine's fresh database (a schema of its own) is chosen before lib/infra/env is read: the process-wide
// database client takes its address from there, once.
const baseDatabaseUrl = process.env.DATABASE_URL;
const apiDatabaseUrl =
  baseDatabaseUrl?.startsWith("postgres") && process.env.REDIS_URL
    ? (await import("@/test/support/database")).freshDatabaseUrl(baseDatabaseUrl)
    : null;
if (apiDatabaseUrl) process.env.DATABASE_URL = apiDatabaseUrl;
const { env } = await import("@/lib/infra/env");
const { createBrowserPool } = await import("@/lib/infra/browser");
const { launcherFor } = await import("@/lib/infra/browser/launch");
const { PLAIN_CHROMIUM_ARGS } = await import("@/lib/infra/browser/flags");

const size = Number(option("size", String(env.BROWSER_POOL_SIZE)));
const pagesPerBrowser = Number(option("pages", String(env.BROWSER_PAGES)));
const count = Number(option("count", "60"));
const rounds = Number(option("rounds", "2"));
const idleSeconds = Number(option("idle", "3"));
const apiLatency = Number(option("latency", "0"));
const pacedCount = Number(option("paced", "20"));
/** One engine alone (pool or bare), for a CPU profile of it. */
const only = option("only", "");
/** Where the api engine's web instance and worker write CPU profiles (npm run bench:profile reads them); none if empty. */
const profileDir = option("profile", "");
const basePort = Number(process.env.BENCH_PORT ?? 0);
const SELECTOR = "#app[data-ready]";
const DEADLINE_MS = 60_000;
const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");

interface Engine {
  name: "pool" | "bare" | "api";
  /** Renders one page: its HTML and the latency from the browser page to the HTML (ms). */
  render(url: string): Promise<{ html: string; latencyMs: number; callMs: number }>;
  browserPids(): number[];
  /**
   * The processes whose CPU time a page costs, by part: each part's pids and whether their reaped children count
   * (a browser's tree: renderers end with their pages; PostgreSQL: backends end with their connections).
   */
  cpuParts(): Record<string, { pids: number[]; withChildren: boolean }>;
}

const siteProcess = fork(path.join(import.meta.dirname, "bench", "render-site.ts"), [String(basePort)], {
  execArgv: ["--import", "tsx", "--conditions=react-server"],
});
const site = { url: await new Promise<string>((resolve) => siteProcess.once("message", (url) => resolve(String(url)))) };
const health = createServer((_request, response) => {
  response.writeHead(200, { "content-type": "application/json" }).end('{"status":"ok"}');
});
await new Promise<void>((resolve) => health.listen(basePort ? basePort + 1 : 0, "127.0.0.1", resolve));
const probe = fork(path.join(import.meta.dirname, "bench", "render-probe.ts"), [], { execArgv: ["--import", "tsx"] });
probe.send({ healthUrl: `http://127.0.0.1:${(health.address() as AddressInfo).port}/api/health` });

const pool = createBrowserPool({ size, pagesPerBrowser });
const poolEngine: Engine = {
  name: "pool",
  render: async (url) => {
    const started = performance.now();
    const page = await pool.render(url, { deadlineMs: DEADLINE_MS, waitFor: SELECTOR });
    return { html: page.html, latencyMs: page.timings.renderMs, callMs: performance.now() - started };
  },
  browserPids: () => pool.stats().perBrowser.flatMap(({ pid }) => (pid ? [pid] : [])),
  cpuParts: () => ({ chromium: browserTrees(poolEngine), ...watchedParts() }),
};

// The bare script: the flags the e2e tests launch Chromium with, a context per page, no routing. Its Chromium starts
// through the pool's launcher (nice 10, no CAP_SYS_NICE: launch.ts), so both compete for the cores alike and the
// difference is the engine's; --bare-launcher plain starts it as it is (as root, threads at nice -8), to see what that
// priority does to the hosting process.
const bareLauncher = option("bare-launcher", "niced");
const bareBrowsers: Browser[] = await Promise.all(
  Array.from({ length: size }, () =>
    chromium.launch({
      executablePath: bareLauncher === "plain" ? env.CHROMIUM_PATH : launcherFor(env.CHROMIUM_PATH),
      args: [...PLAIN_CHROMIUM_ARGS],
      chromiumSandbox: process.getuid?.() !== 0,
    }),
  ),
);
const barePids = await Promise.all(
  bareBrowsers.map(async (browser) => {
    const session = await browser.newBrowserCDPSession();
    const { processInfo } = (await session.send("SystemInfo.getProcessInfo")) as { processInfo: { type: string; id: number }[] };
    await session.detach();
    return processInfo.find(({ type }) => type === "browser")?.id ?? 0;
  }),
);
let nextBare = 0;
const bareEngine: Engine = {
  name: "bare",
  render: async (url) => {
    const browser = bareBrowsers[nextBare++ % bareBrowsers.length] as Browser;
    const started = performance.now();
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await page.goto(url, { waitUntil: "commit", timeout: DEADLINE_MS });
      await page.locator(`css=${SELECTOR}`).first().waitFor({ state: "attached", timeout: DEADLINE_MS });
      const html = await page.content();
      const latencyMs = performance.now() - started;
      return { html, latencyMs, callMs: latencyMs };
    } finally {
      await context.close();
    }
  },
  browserPids: () => barePids,
  cpuParts: () => ({ chromium: browserTrees(bareEngine), ...watchedParts() }),
};

const processes = await import("@/test/support/processes");
// The real thing: rendered runs through the run API, on a web instance and a worker process of their own.
const withApi = apiDatabaseUrl !== null && (!only || only === "api");
if (!withApi && !only) console.log("bench:render: no api engine (it needs DATABASE_URL=postgresql://… and REDIS_URL).");
const api = withApi ? await startApi() : null;

async function startApi() {
  const { dropPostgresSchema } = await import("@/test/support/database");
  const databaseUrl = apiDatabaseUrl as string;
  const benchId = randomBytes(4).toString("hex");
  const processEnv = {
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: process.env.AUTH_SECRET ?? "bench-secret-that-is-long-enough-for-hs256-0123456789",
    SCRAPER_ALLOW_LOOPBACK: "1",
    LOG_LEVEL: "warn",
    RUN_WORKERS_IN_APP: "0",
    QUEUE_PREFIX: `scrapedeck-bench-render-${benchId}`,
    REDIS_KEY_PREFIX: `scrapedeck-bench-render-${benchId}:`,
    BROWSER_POOL_SIZE: String(size),
    BROWSER_PAGES: String(pagesPerBrowser),
    WORKER_CONCURRENCY: String(size * pagesPerBrowser),
  };
  const { prepareDatabase } = await import("@/server/prepare-database");
  await prepareDatabase(databaseUrl);
  const { db } = await import("@/lib/infra/db");
  const { createApiKey } = await import("@/lib/api-keys/keys");
  const { startScriptProcess, startWorkerProcess } = await import("@/test/support/worker-process");
  const scraper = await db.scraper.findUniqueOrThrow({ where: { slug: "ecommerce-products" } });
  // Enough Business users that no one meets the plan's requests per minute.
  const keys: string[] = [];
  for (let i = 0; i < 4; i++) {
    const user = await db.user.create({
      data: { email: `render-${i}-${benchId}@example.test`, passwordHash: "x", plan: "business" },
    });
    keys.push((await createApiKey(user.id, { description: "bench:render" })).key);
  }
  // --profile <dir>: the web instance and the worker each write a CPU profile there when they stop.
  const nodeArgs = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
  const web = await startScriptProcess("scripts/bench/web-instance.ts", "ready on", processEnv, { nodeArgs });
  const worker = await startWorkerProcess(processEnv, { nodeArgs });
  const url = /ready on (\S+)/.exec(web.output())?.[1] as string;
  const workerPid = worker.child.pid as number;
  return {
    url,
    webPid: web.child.pid as number,
    workerPid,
    scraperId: scraper.id,
    keys,
    /** The worker's browsers: the Chromium processes right below it (each the root of its tree). */
    browserPids: () => {
      const { processTree, parentOf } = processes;
      return processTree(workerPid).filter((pid) => {
        const parent = parentOf(pid);
        return parent !== null && !isChromium(parent) && isChromium(pid);
      });
    },
    /** The stored times of these runs: accepted (created_at), claimed by the worker (started_at), ended (finished_at). */
    runTimes: (ids: number[]) =>
      db.scraperRun.findMany({
        where: { id: { in: ids } },
        select: { id: true, createdAt: true, startedAt: true, finishedAt: true },
      }),
    async close() {
      await Promise.all([web.stop(), worker.stop()]);
      await db.$disconnect();
      if (databaseUrl.startsWith("postgres")) await dropPostgresSchema(databaseUrl).catch(() => {});
    },
  };
}

function isChromium(pid: number): boolean {
  try {
    return /chrom/i.test(readFileSync(`/proc/${pid}/comm`, "latin1"));
  } catch {
    return false;
  }
}

let nextKey = 0;
/** The api engine's measured calls: the run each made and when (wall clock, as the database's timestamps are). */
const apiCalls: { runId: number; sentAt: number; answeredAt: number; mode: Measuring }[] = [];
type Measuring = "saturated" | "paced";
let measuring: Measuring | null = null;
const apiEngine: Engine | null = api && {
  name: "api",
  render: async (url) => {
    const started = performance.now();
    const sentAt = Date.now();
    const response = await fetch(`${api.url}/api/scrapers/${api.scraperId}/run`, {
      method: "POST",
      headers: { authorization: `Bearer ${api.keys[nextKey++ % api.keys.length]}`, "content-type": "application/json" },
      body: JSON.stringify({ url, render: true, wait_for: SELECTOR, timeout_ms: DEADLINE_MS }),
    });
    const body = (await response.json()) as { id?: number; rendered?: boolean; data?: { title?: string }[]; code?: string };
    const latencyMs = performance.now() - started;
    if (measuring && body.id) apiCalls.push({ runId: body.id, sentAt, answeredAt: Date.now(), mode: measuring });
    if (response.status !== 200 || !body.rendered)
      throw new Error(`api: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
    // The check the other engines make on the HTML, made on the extracted item.
    return { html: `<h1>${body.data?.[0]?.title ?? ""}</h1>`, latencyMs, callMs: latencyMs };
  },
  browserPids: () => api.browserPids(),
  cpuParts: () => {
    const { processesNamed } = processes;
    return {
      web: { pids: [api.webPid], withChildren: false },
      worker: { pids: [api.workerPid], withChildren: false },
      chromium: browserTrees(apiEngine as Engine),
      postgres: { pids: processesNamed(/^postgres/), withChildren: true },
      redis: { pids: processesNamed(/^redis-server/), withChildren: false },
    };
  },
};

/**
 * What answers the probe besides this process, as parts of every engine's CPU: with the api engine, the web instance
 * and PostgreSQL (whose health check it runs), which the probe keeps busy whichever engine renders.
 */
function watchedParts(): Record<string, { pids: number[]; withChildren: boolean }> {
  if (!api) return {};
  return {
    web: { pids: [api.webPid], withChildren: false },
    postgres: { pids: processes.processesNamed(/^postgres/), withChildren: true },
  };
}

/** Every process of an engine's browsers, with the renderers they have reaped. */
function browserTrees(engine: Engine) {
  return { pids: engine.browserPids().flatMap((pid) => processes.processTree(pid)), withChildren: true };
}

/** CPU ms used so far by each of the engine's parts (see Engine.cpuParts). */
function cpuByPart(engine: Engine): Record<string, number> {
  return Object.fromEntries(
    Object.entries(engine.cpuParts()).map(([part, { pids, withChildren }]) => [part, processCpuMs(pids, { withChildren })]),
  );
}

let pageId = 0;
/** `pages` pages through `engine`, `atOnce` at a time (as many as the pool has pages); every page checked. */
async function run(engine: Engine, pages = count, atOnce = size * pagesPerBrowser) {
  const latencies: number[] = [];
  const calls: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < pages) {
      next++;
      const id = ++pageId;
      const { html, latencyMs, callMs } = await engine.render(
        `${site.url}/products/${id}${apiLatency ? `?hold=${apiLatency}` : ""}`,
      );
      if (!html.includes(`<h1>Trail Runner ${id}</h1>`)) throw new Error(`${engine.name}: page ${id} was not drawn`);
      latencies.push(latencyMs);
      calls.push(callMs);
    }
  };
  await Promise.all(Array.from({ length: atOnce }, worker));
  return { latencies, calls };
}

const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();

interface PhaseResult {
  engine: string;
  round: number;
  pagesPerSecond: number;
  latency: { p50: number; p99: number };
  call: { p50: number; p99: number };
  cpuMsPerPage: number;
  loop: { p50: number; p99: number; max: number };
  /** CPU ms per page of each of the engine's parts. */
  cpuPerPage: Record<string, number>;
}

/** The endpoint the probe asks in every phase (see the top of this file). */
const watchedHealthUrl = api ? `${api.url}/api/health` : `http://127.0.0.1:${(health.address() as AddressInfo).port}/api/health`;
const watched = api ? "the web instance's /api/health" : "this process's health endpoint";

async function phase(name: string, engine: Engine | null, round: number): Promise<PhaseResult | null> {
  probe.send({ phase: `${name}#${round}`, browsers: engine?.browserPids() ?? [], healthUrl: watchedHealthUrl });
  loopDelay.reset();
  const cpu = process.cpuUsage();
  // The idle phase measures the api engine's processes with only the probe asking: what watching costs them.
  const measured = engine ?? apiEngine;
  const partsBefore = measured ? cpuByPart(measured) : {};
  const started = performance.now();
  let outcome: Awaited<ReturnType<typeof run>> | null = null;
  if (engine) outcome = await run(engine);
  else await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const partsAfter = measured ? cpuByPart(measured) : {};
  const loop = { p50: loopDelay.percentile(50) / 1e6, p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 };
  probe.send({ phase: "", browsers: [] });
  if (!engine || !outcome) {
    if (name === "idle") idleLoop.push(loop);
    if (apiEngine) {
      observerCpu.push(
        Object.fromEntries(
          Object.entries(partsAfter).map(([part, after]) => [part, (after - (partsBefore[part] ?? 0)) / seconds]),
        ),
      );
    }
    return null;
  }
  return {
    engine: name,
    round,
    pagesPerSecond: count / seconds,
    latency: percentiles(outcome.latencies),
    call: percentiles(outcome.calls),
    cpuMsPerPage: (used.user + used.system) / 1000 / count,
    loop,
    cpuPerPage: Object.fromEntries(
      Object.entries(partsAfter).map(([part, after]) => [part, (after - (partsBefore[part] ?? 0)) / count]),
    ),
  };
}
const idleLoop: PhaseResult["loop"][] = [];
/** CPU ms per second of each of the api engine's parts in the idle phases, only the probe asking. */
const observerCpu: Record<string, number>[] = [];

function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99) };
}

console.log(
  `bench:render: ${size} browser(s) × ${pagesPerBrowser} pages, ${count} pages per engine per round, ${rounds} rounds, API latency ${apiLatency} ms; Chromium ${bareBrowsers[0]?.version()}, bare launched ${bareLauncher}; load average ${loadAverage()}`,
);
// Warm both: the pool starts its browsers on demand, the bare ones are up; one page per slot each.
await Promise.all(Array.from({ length: size * pagesPerBrowser }, () => poolEngine.render(`${site.url}/products/0`)));
await Promise.all(Array.from({ length: size * pagesPerBrowser }, () => bareEngine.render(`${site.url}/products/0`)));
if (apiEngine) {
  await Promise.all(Array.from({ length: size * pagesPerBrowser }, () => apiEngine.render(`${site.url}/products/0`)));
}

const results: PhaseResult[] = [];
measuring = "saturated";
const engines = [poolEngine, bareEngine, ...(apiEngine ? [apiEngine] : [])].filter(({ name }) => !only || name === only);
for (let round = 1; round <= rounds; round++) {
  await phase("idle", null, round);
  const order = round % 2 === 1 ? engines : [...engines].reverse();
  for (const engine of order) {
    const result = await phase(engine.name, engine, round);
    if (result) results.push(result);
  }
}
// One page at a time: each engine in turn, a page each, so that any drift of the machine reaches all alike.
measuring = "paced";
const paced = new Map<string, number[]>(engines.map(({ name }) => [name, []]));
for (let i = 0; i < pacedCount; i++) {
  for (const engine of engines) paced.get(engine.name)?.push(...(await run(engine, 1, 1)).latencies);
}
measuring = null;

const observed = await new Promise<
  Record<
    string,
    { p50: number; p99: number; max: number; requests: number; errors: number; peak: { rss: number; pss: number }[] }
  >
>((resolve) => {
  probe.once("message", resolve);
  probe.send({ done: true });
});

const ms = (value: number | undefined) => (value === undefined ? "" : value.toFixed(1));
const mb = (bytes: number) => String(Math.round(bytes / 2 ** 20));
const HEADER = [
  "engine",
  "round",
  "pages/s",
  "p50 ms",
  "p99 ms",
  "call p50",
  "call p99",
  "CPU ms/page",
  "loop p50",
  "loop p99",
  "loop max",
  "health p50",
  "health p99",
  "peak RSS MB/browser",
  "peak PSS MB/browser",
];
const row = (cells: string[]) =>
  console.log(cells.map((cell, i) => (i === 0 ? cell.padEnd(8) : cell.padStart((HEADER[i] as string).length))).join("  "));
console.log("");
row(HEADER);
for (let round = 1; round <= rounds; round++) {
  const idle = observed[`idle#${round}`];
  const loop = idleLoop[round - 1];
  row([
    "idle",
    String(round),
    "",
    "",
    "",
    "",
    "",
    "",
    ms(loop?.p50),
    ms(loop?.p99),
    ms(loop?.max),
    ms(idle?.p50),
    ms(idle?.p99),
    "",
    "",
  ]);
  for (const result of results.filter((entry) => entry.round === round)) {
    const seen = observed[`${result.engine}#${round}`];
    row([
      result.engine,
      String(round),
      result.pagesPerSecond.toFixed(2),
      ms(result.latency.p50),
      ms(result.latency.p99),
      ms(result.call.p50),
      ms(result.call.p99),
      ms(result.cpuMsPerPage),
      ms(result.loop.p50),
      ms(result.loop.p99),
      ms(result.loop.max),
      ms(seen?.p50),
      ms(seen?.p99),
      seen?.peak.map(({ rss }) => mb(rss)).join(", ") ?? "",
      seen?.peak.map(({ pss }) => mb(pss)).join(", ") ?? "",
    ]);
  }
}

// Where a page's CPU goes, outside this process: the browsers' trees, and for the api engine the web instance, the
// worker (its threads, not its browsers), PostgreSQL and Redis (every process of theirs on the machine).
console.log("\nCPU ms per page by process (medians of rounds):");
for (const engine of [...new Set(results.map((result) => result.engine))]) {
  const ofEngine = results.filter((result) => result.engine === engine);
  const parts = Object.keys(ofEngine[0]?.cpuPerPage ?? {});
  console.log(
    `  ${engine.padEnd(5)} ${parts.map((part) => `${part} ${median(ofEngine.map((r) => r.cpuPerPage[part] ?? 0)).toFixed(1)}`).join(", ")}`,
  );
}

if (observerCpu.length > 0) {
  const parts = Object.keys(observerCpu[0] ?? {});
  console.log(
    `  idle (only the probe asking ${watched}), CPU ms per second: ${parts.map((part) => `${part} ${median(observerCpu.map((r) => r[part] ?? 0)).toFixed(1)}`).join(", ")}`,
  );
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
const of = (engine: string, pick: (result: PhaseResult) => number) =>
  median(results.filter((r) => r.engine === engine).map(pick));
const throughputRatio = of("pool", (r) => r.pagesPerSecond) / of("bare", (r) => r.pagesPerSecond);
const p50Overhead = of("pool", (r) => r.latency.p50) - of("bare", (r) => r.latency.p50);
const healthP99 = (name: string) => median(Array.from({ length: rounds }, (_, i) => observed[`${name}#${i + 1}`]?.p99 ?? 0));
if (!only)
  console.log(
    `\npool vs bare (medians of rounds): throughput ×${throughputRatio.toFixed(2)}, p50 ${p50Overhead >= 0 ? "+" : ""}${p50Overhead.toFixed(1)} ms, ` +
      `CPU/page ${of("pool", (r) => r.cpuMsPerPage).toFixed(1)} vs ${of("bare", (r) => r.cpuMsPerPage).toFixed(1)} ms; ` +
      `health p99 (${watched}) idle ${healthP99("idle").toFixed(1)} ms, pool ${healthP99("pool").toFixed(1)} ms, bare ${healthP99("bare").toFixed(1)} ms; ` +
      `pool: ${JSON.stringify({ ...pool.stats(), perBrowser: undefined })}`,
  );
if (apiEngine && !only) {
  const apiRatio = of("api", (r) => r.pagesPerSecond) / of("bare", (r) => r.pagesPerSecond);
  const apiOverhead = of("api", (r) => r.latency.p50) - of("bare", (r) => r.latency.p50);
  const healthDelta = healthP99("api") - healthP99("idle");
  console.log(
    `api vs bare (medians of rounds): throughput ×${apiRatio.toFixed(2)} (goal ≥ 0.8), p50 ${apiOverhead >= 0 ? "+" : ""}${apiOverhead.toFixed(1)} ms (goal ≤ 50), ` +
      `p99 ${of("api", (r) => r.latency.p99).toFixed(1)} vs ${of("bare", (r) => r.latency.p99).toFixed(1)} ms; ` +
      `web instance health p99 idle ${healthP99("idle").toFixed(1)} ms, rendering ${healthP99("api").toFixed(1)} ms (${healthDelta >= 0 ? "+" : ""}${healthDelta.toFixed(1)}, goal ≤ 20)`,
  );
}
if (pacedCount > 0) {
  const bareP50 = percentiles(paced.get("bare") ?? []).p50;
  console.log(
    `one page at a time (p50 / p99 ms, ${pacedCount} pages each): ${[...paced]
      .map(([name, latencies]) => {
        const { p50, p99 } = percentiles(latencies);
        const over =
          name === "bare" || !paced.has("bare")
            ? ""
            : ` (p50 ${p50 >= bareP50 ? "+" : ""}${(p50 - bareP50).toFixed(1)} over bare)`;
        return `${name} ${p50.toFixed(1)} / ${p99.toFixed(1)}${over}`;
      })
      .join(", ")}`,
  );
}
if (api && apiCalls.length > 0) {
  // The api engine's latency in the run's stages, from the run's stored times: the call until the run is accepted (the
  // web instance's checks and inserts), accepted until a worker claims it (the queue), claimed until its end is
  // recorded (render, extraction, recording), and from there until the caller has the answer (the end's news to the
  // web instance, which reads the outcome and answers). Milliseconds, the database's clock being this machine's.
  const times = new Map((await api.runTimes(apiCalls.map(({ runId }) => runId))).map((run) => [run.id, run]));
  for (const mode of ["saturated", "paced"] as const) {
    const stages = { accept: [] as number[], queue: [] as number[], run: [] as number[], answer: [] as number[] };
    for (const call of apiCalls.filter((entry) => entry.mode === mode)) {
      const run = times.get(call.runId);
      if (!run?.startedAt || !run.finishedAt) continue;
      stages.accept.push(run.createdAt.getTime() - call.sentAt);
      stages.queue.push(run.startedAt.getTime() - run.createdAt.getTime());
      stages.run.push(run.finishedAt.getTime() - run.startedAt.getTime());
      stages.answer.push(call.answeredAt - run.finishedAt.getTime());
    }
    if (stages.run.length === 0) continue;
    console.log(
      `api call by stage, ${mode === "paced" ? "one page at a time" : "saturated"} (p50 / p99 ms, ${stages.run.length} runs): ${Object.entries(
        stages,
      )
        .map(([stage, values]) => `${stage} ${percentiles(values).p50.toFixed(0)} / ${percentiles(values).p99.toFixed(0)}`)
        .join(", ")}`,
    );
  }
}
console.log(`load average at the end ${loadAverage()}`);

await pool.close();
await Promise.all(bareBrowsers.map((browser) => browser.close()));
await api?.close();
siteProcess.disconnect();
health.close();
