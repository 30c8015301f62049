// npm run bench:hot — the hot paths side by side, in one interleaved run (A/B/A/B…, --rounds of them), so that
// every app figure can be read as a ratio of the bare baseline measured minutes apart on the same busy machine:
//   baseline   scripts/bench/baseline-server.ts: node:http + better-sqlite3, the same conditional UPDATE and answer
//   verify     POST /api/verify-license on SQLite, then on PostgreSQL: --licenses licenses (one content item each),
//              every request another key, spread over all of them; on SQLite also "unsigned": the same checkout's
//              app in a second process whose answers are not signed (scripts/bench/unsigned-answers.mjs), so the
//              signature's share is read from two rows of the same run
//   api key    API-key authentication: GET /api/runs/{id} of a run that does not exist, answered 404 after the
//              key and its owner were looked up (and one indexed read of runs)
//   health     GET /api/health: one SELECT 1, through its route handler on the edge's fast path (no Next router)
//   run        POST /api/scrapers/{id}/run on a local fixture page at 1 and 10 connections, against the same page
//              fetched directly; the difference is the run endpoint's own overhead
// Options: --rounds 2, --seconds 10, --connections 32, --licenses 10000, --users 400 (business users whose keys the
// api key and run rows take turns with, so no per-user limit is met), --only <row names, comma separated>.
// Environment: BENCH_POSTGRES_URL (default DATABASE_URL when it is PostgreSQL; the PostgreSQL row is skipped
// without one), BENCH_APP_DIR (the checkout whose app is measured, default this one: measure another branch's app
// against the same baseline), BENCH_PROFILE_DIR (the apps and the baseline run under node --cpu-prof and leave their profiles there;
// summarize one with npm run bench:profile).
// --against <dir>: a second app, from another checkout (main's, say), on a copy of the SQLite database; each SQLite
// app row (verify, API-key auth, health, run) is measured on both, back to back, so that a change's effect is read
// from pairs taken under the same load.
// BENCH_AGAINST_ENV ("NAME=value NAME=value") sets variables for that app only (the same checkout with another
// WORKER_CONCURRENCY, say).
// Ports 3200-3205 unless BENCH_PORT says where to start.
import "../load-env";
import { type ChildProcess, spawn } from "node:child_process";
import { copyFileSync, existsSync } from "node:fs";
import path from "node:path";
import { dropPostgresSchema, freshDatabaseUrl } from "@/test/support/database";
import { generateLicenses, totalUsage } from "./licenses-data";
import {
  AUTH_SECRET,
  benchOptions,
  cpu,
  type Load,
  type Measurement,
  measure,
  ms,
  option,
  pad,
  percent,
  ROOT,
  type Server,
  startApp,
  startServer,
  stopAll,
  summarize,
  verifyLoad,
  waitUntilServing,
} from "./support";

const { rounds, seconds, connections, basePort, appDir } = benchOptions(3200);
const licenseCount = Number(option("licenses", "10000"));
const userCount = Number(option("users", "400"));
const only = option("only", "") ? new Set(option("only", "").split(",")) : null;
const postgresBase =
  process.env.BENCH_POSTGRES_URL ?? (process.env.DATABASE_URL?.startsWith("postgres") ? process.env.DATABASE_URL : undefined);
const profileDir = process.env.BENCH_PROFILE_DIR;
const againstDir = option("against", "");
const wanted = (row: string) => !only || [...only].some((name) => row.includes(name));
/** The SQLite verify row on the same app without signatures: the issue asks for both figures side by side. */
const UNSIGNED_ROW = "app verify (SQLite) unsigned";

const sqliteUrl = freshDatabaseUrl("file:");
const postgresUrl = postgresBase ? freshDatabaseUrl(postgresBase) : null;
// lib/env reads the environment once, on first import: the lib imports below work on the bench's SQLite database.
Object.assign(process.env, { DATABASE_URL: sqliteUrl, AUTH_SECRET, LOG_LEVEL: "warn" });
const { prepareDatabase } = await import("@/server/prepare-database");
const { sqliteFilePath } = await import("@/lib/infra/db/url");

function log(message: string) {
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

const servers: Server[] = [];
const fixtures: ChildProcess[] = [];

async function setUp() {
  log(`preparing SQLite${postgresUrl ? " and PostgreSQL" : ""} with ${licenseCount} licenses`);
  await prepareDatabase(sqliteUrl);
  const sqliteKeys = await generateLicenses(sqliteUrl, licenseCount);
  let postgresKeys: string[] = [];
  if (postgresUrl) {
    await prepareDatabase(postgresUrl);
    postgresKeys = await generateLicenses(postgresUrl, licenseCount);
  }

  // Business users and their keys for the API-key and run rows, made through the app's own code.
  const { db } = await import("@/lib/infra/db");
  const { createApiKey } = await import("@/lib/api-keys/keys");
  const apiKeys: string[] = [];
  for (let i = 0; i < userCount; i++) {
    const user = await db.user.create({
      data: { email: `bench-user-${i}-${Date.now()}@example.test`, passwordHash: "not-a-real-hash", plan: "business" },
    });
    apiKeys.push((await createApiKey(user.id, { description: "bench" })).key);
  }
  const scraper = await db.scraper.findUniqueOrThrow({ where: { slug: "ecommerce-products" } });
  await db.$disconnect();
  return { sqliteKeys, postgresKeys, apiKeys, scraperId: scraper.id };
}

/** `checkKey`: a license key of the SQLite database, to check which app signs. */
async function startServers(checkKey: string) {
  // One app at a time: npm start builds when the build is stale, and two builds at once would collide. The
  // baseline opens the SQLite file only after the app has migrated it (migrating wants the file to itself).
  log(`starting the app from ${appDir} (builds first when its build is stale)`);
  // The other app's database: a copy of this one, users and keys included, taken before either app opens it.
  const againstUrl = againstDir ? `file:${path.join(path.dirname(sqliteFilePath(sqliteUrl)), "against.db")}` : null;
  if (againstUrl) {
    for (const suffix of ["", "-wal"]) {
      const from = `${sqliteFilePath(sqliteUrl)}${suffix}`;
      if (existsSync(from)) copyFileSync(from, `${sqliteFilePath(againstUrl)}${suffix}`);
    }
  }
  const app = startApp("app-sqlite", basePort + 1, sqliteUrl, appDir, profileDir);
  await waitUntilServing(app, "/api/health");
  let against: Server | null = null;
  if (againstUrl) {
    log(`starting the other app from ${againstDir}`);
    const againstEnv = Object.fromEntries(
      (process.env.BENCH_AGAINST_ENV ?? "")
        .split(/\s+/)
        .filter(Boolean)
        .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
    );
    against = startApp("app-against", basePort + 5, againstUrl, path.resolve(againstDir), profileDir, againstEnv);
    await waitUntilServing(against, "/api/health");
    servers.push(against);
  }
  const baselineArgs = ["scripts/bench/baseline-server.ts", sqliteFilePath(sqliteUrl), String(basePort)];
  // Profiled too, when the apps are: what the baseline spends on the same SQL and the same write is the yardstick of theirs.
  const baseline = profileDir
    ? startServer("baseline", basePort, "node", [
        "--cpu-prof",
        `--cpu-prof-dir=${profileDir}`,
        "--import",
        "tsx",
        ...baselineArgs,
      ])
    : startServer("baseline", basePort, "npx", ["tsx", ...baselineArgs]);
  const postgres = postgresUrl ? startApp("app-postgres", basePort + 2, postgresUrl, appDir, profileDir) : null;
  const fixture = spawn("npx", ["tsx", "scripts/bench/fixture-server.ts", String(basePort + 3)], {
    cwd: ROOT,
    detached: true,
    stdio: "ignore",
  });
  fixtures.push(fixture);
  await waitUntilServing(baseline, "/");
  if (postgres) await waitUntilServing(postgres, "/api/health");
  servers.push(baseline, app, ...(postgres ? [postgres] : []));
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${basePort + 3}/product/jsonld.html`)).ok) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  let unsigned: Server | null = null;
  if (wanted(UNSIGNED_ROW)) {
    log("starting the same app with its answers unsigned");
    // The same database: both apps are the same checkout (its migrations already applied), loaded one row at a time.
    unsigned = startApp("app-unsigned", basePort + 4, sqliteUrl, appDir, profileDir, {
      NODE_OPTIONS:
        `${process.env.NODE_OPTIONS ?? ""} --import ${path.join(ROOT, "scripts", "bench", "unsigned-answers.mjs")}`.trim(),
    });
    await waitUntilServing(unsigned, "/api/health");
    servers.push(unsigned);
    // A hook that stopped matching would measure signed answers under the unsigned row's name.
    for (const [server, signed] of [
      [app, true],
      [unsigned, false],
    ] as const) {
      const answer = await fetch(`${server.origin}/api/verify-license`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ license_key: checkKey }),
      });
      await answer.arrayBuffer();
      if (answer.headers.has("signature") !== signed) {
        throw new Error(`${server.name}: its answers are ${signed ? "unsigned" : "signed"}, expected the opposite`);
      }
    }
  }
  return { baseline, app, postgres, against, againstUrl, unsigned };
}

/** The name of a row measured on the other app (--against). */
const AGAINST = (row: string) => `${row} (other)`;

/** The issue's goals (ratios of the baseline from the same run; latencies in ms). */
interface Goal {
  /** At least this share of the baseline's req/s. */
  ratio?: number;
  p99?: number;
  errors?: number;
}
const GOALS: Record<string, Goal> = {
  "app verify (SQLite)": { ratio: 0.5, p99: 15, errors: 0 },
  "app verify (PostgreSQL)": { ratio: 0.3 },
};
/** Run overhead: latency minus the fixture page's own, p50 at 1 connection and p99 at 10. */
const OVERHEAD_GOALS = { 1: { p50: 3 }, 10: { p99: 20 } } as const;

function goalText(goal: Goal | undefined, figures: { ratio: number; p99: number; errors: number }): string {
  if (!goal) return "";
  const parts: [string, boolean][] = [];
  if (goal.ratio !== undefined) parts.push([`≥ ${percent(goal.ratio)}`, figures.ratio >= goal.ratio]);
  if (goal.p99 !== undefined) parts.push([`p99 ≤ ${goal.p99} ms`, figures.p99 <= goal.p99]);
  if (goal.errors !== undefined) parts.push([`${goal.errors} errors`, figures.errors <= goal.errors]);
  return `${parts.map(([text]) => text).join(", ")}: ${parts.every(([, met]) => met) ? "met" : "MISSED"}`;
}

interface Row {
  name: string;
  load: Load;
  expectedStatus?: number;
  /** The database whose usage counts must match the valid answers seen. */
  counted?: string;
}

function rotate<T>(items: T[]) {
  let next = Math.floor(Math.random() * items.length);
  return () => items[next++ % items.length] as T;
}

/** Waits until the count stops moving: autocannon stops without waiting for the requests still in flight. */
async function settledUsage(url: string): Promise<number> {
  let previous = -1;
  for (;;) {
    const total = await totalUsage(url);
    if (total === previous) return total;
    previous = total;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

async function run(row: Row): Promise<Measurement & { exact?: boolean }> {
  const before = row.counted ? await settledUsage(row.counted) : 0;
  const result = await measure(row.load, row.expectedStatus);
  if (!row.counted) return result;
  const counted = (await settledUsage(row.counted)) - before;
  // Every key is valid and unlimited, so each 200 counted one use; the requests cut off at the end counted one too.
  const unseen = counted - result.ok;
  return { ...result, exact: unseen >= 0 && unseen <= row.load.connections + result.errors };
}

const started = Date.now();
try {
  const { sqliteKeys, postgresKeys, apiKeys, scraperId } = await setUp();
  const { baseline, app, postgres, against, againstUrl, unsigned } = await startServers(sqliteKeys[0] ?? "");
  const apiKey = rotate(apiKeys);
  const pageUrl = `http://127.0.0.1:${basePort + 3}/product/jsonld.html`;
  const runLoad = (c: number, id: number, body: string, server: Server = app): Load => ({
    server,
    url: `${server.origin}/api/scrapers/${id}/run`,
    method: "POST",
    headers: { "content-type": "application/json" },
    next: () => ({ body, headers: { authorization: `Bearer ${apiKey()}` } }),
    connections: c,
    seconds,
  });
  const runBody = JSON.stringify({ url: pageUrl });
  // The SQLite app's rows, on the app and (--against) on the other app right after, so each pair shares the load.
  const paired = (name: string, rowFor: (server: Server, databaseUrl: string) => Omit<Row, "name">): Row[] => [
    { name, ...rowFor(app, sqliteUrl) },
    ...(against && againstUrl ? [{ name: AGAINST(name), ...rowFor(against, againstUrl) }] : []),
  ];
  const rows: Row[] = [
    { name: "baseline verify (SQLite)", load: verifyLoad(baseline, sqliteKeys, connections, seconds), counted: sqliteUrl },
    ...paired("app verify (SQLite)", (server, databaseUrl) => ({
      load: verifyLoad(server, sqliteKeys, connections, seconds),
      counted: databaseUrl,
    })),
    ...(unsigned
      ? [{ name: UNSIGNED_ROW, load: verifyLoad(unsigned, sqliteKeys, connections, seconds), counted: sqliteUrl }]
      : []),
    ...(postgres && postgresUrl
      ? [
          {
            name: "app verify (PostgreSQL)",
            load: verifyLoad(postgres, postgresKeys, connections, seconds),
            counted: postgresUrl,
          },
        ]
      : []),
    ...paired("app API-key auth", (server) => ({
      load: {
        server,
        url: `${server.origin}/api/runs/2000000000`,
        next: () => ({ headers: { authorization: `Bearer ${apiKey()}` } }),
        connections,
        seconds,
      },
      expectedStatus: 404,
    })),
    ...paired("app health", (server) => ({ load: { server, url: `${server.origin}/api/health`, connections, seconds } })),
    { name: "fixture page, 1 conn", load: { url: pageUrl, connections: 1, seconds } },
    ...paired("app run, 1 conn", (server) => ({ load: runLoad(1, scraperId, runBody, server) })),
    { name: "fixture page, 10 conn", load: { url: pageUrl, connections: 10, seconds } },
    ...paired("app run, 10 conn", (server) => ({ load: runLoad(10, scraperId, runBody, server) })),
  ].filter((row) => wanted(row.name));

  log("warming up every row for 2 s");
  for (const row of rows) await measure({ ...row.load, seconds: 2 }, row.expectedStatus);

  const results = new Map<string, (Measurement & { exact?: boolean })[]>(rows.map((row) => [row.name, []]));
  for (let round = 1; round <= rounds; round++) {
    for (const row of rows) {
      const result = await run(row);
      results.get(row.name)?.push(result);
      const statuses = Object.entries(result.statuses)
        .map(([status, count]) => `${status}×${count}`)
        .join(" ");
      log(
        `round ${round} ${row.name}: ${result.rps.toFixed(0)} req/s, p50 ${ms(result.p50)}, p99 ${ms(result.p99)}, ${statuses}${Number.isNaN(result.cpuMsPerRequest) ? "" : `, CPU/req ${cpu(result.cpuMsPerRequest)} (main ${cpu(result.mainCpuMsPerRequest)})`}${result.exact === undefined ? "" : result.exact ? ", usage exact" : ", USAGE INEXACT"}`,
      );
    }
  }

  const base = results.get("baseline verify (SQLite)");
  const baseRps = base?.length ? summarize(base).rps : Number.NaN;
  const baseCpu = base?.length ? summarize(base).cpuMsPerRequest : Number.NaN;
  console.log(
    `\nHot paths · ${rounds} interleaved rounds of ${seconds} s · ${connections} connections (run rows: 1 and 10) · ${licenseCount} licenses · app from ${appDir}${againstDir ? ` · other app from ${path.resolve(againstDir)}` : ""}`,
  );
  console.log(
    `${"".padEnd(30)}${pad("req/s", 8)}${pad("p50", 10)}${pad("p99", 10)}${pad("errors", 8)}${pad("÷ baseline", 12)}${pad("CPU/req", 11)}${pad("main/req", 11)}${pad("÷ baseline", 12)}  ${"usage".padEnd(8)}goal`,
  );
  for (const [name, measured] of results) {
    const s = summarize(measured);
    const exact = measured.some((m) => m.exact !== undefined) ? (measured.every((m) => m.exact) ? "exact" : "INEXACT") : "";
    // The run rows load another server (the fixture page's fetch is in them): no ratio of the verify baseline.
    const ratio = name.startsWith("app") && !name.startsWith("app run") ? s.rps / baseRps : Number.NaN;
    console.log(
      `${name.padEnd(30)}${pad(s.rps.toFixed(0), 8)}${pad(ms(s.p50), 10)}${pad(ms(s.p99), 10)}${pad(s.errors, 8)}${pad(Number.isNaN(ratio) ? "" : percent(ratio), 12)}${pad(cpu(s.cpuMsPerRequest), 11)}${pad(cpu(s.mainCpuMsPerRequest), 11)}${pad(Number.isNaN(ratio) ? "" : percent(baseCpu / s.cpuMsPerRequest), 12)}  ${exact.padEnd(8)}${goalText(GOALS[name], { ratio, p99: s.p99, errors: s.errors })}`,
    );
  }
  const signedRow = results.get("app verify (SQLite)");
  const unsignedRow = results.get(UNSIGNED_ROW);
  if (signedRow?.length && unsignedRow?.length) {
    const signed = summarize(signedRow);
    const bare = summarize(unsignedRow);
    console.log(
      `verify on SQLite, signed and unsigned: ${signed.rps.toFixed(0)} and ${bare.rps.toFixed(0)} req/s (${percent(signed.rps / baseRps)} and ${percent(bare.rps / baseRps)} of the baseline), CPU/req ${cpu(signed.cpuMsPerRequest)} and ${cpu(bare.cpuMsPerRequest)} (${percent(baseCpu / signed.cpuMsPerRequest)} and ${percent(baseCpu / bare.cpuMsPerRequest)}): signing costs ${((signed.cpuMsPerRequest - bare.cpuMsPerRequest) * 1000).toFixed(0)} µs of CPU per answer`,
    );
  }
  for (const [c, row] of [1, 10].flatMap((c) => [
    [c, `app run, ${c} conn`] as const,
    [c, AGAINST(`app run, ${c} conn`)] as const,
  ])) {
    const page = results.get(`fixture page, ${c} conn`);
    const endpoint = results.get(row);
    if (!page?.length || !endpoint?.length) continue;
    const p = summarize(page);
    const e = summarize(endpoint);
    const overhead = { p50: e.p50 - p.p50, p99: e.p99 - p.p99 };
    const goal: { p50?: number; p99?: number } = OVERHEAD_GOALS[c as 1 | 10];
    const [figure, limit] = goal.p50 !== undefined ? (["p50", goal.p50] as const) : (["p99", goal.p99 ?? 0] as const);
    console.log(
      `${row === AGAINST(`app run, ${c} conn`) ? "other app's " : ""}run overhead, ${c} conn${c === 1 ? " " : ""}: p50 ${ms(overhead.p50)} · p99 ${ms(overhead.p99)} (run p50 ${ms(e.p50)} p99 ${ms(e.p99)} minus page p50 ${ms(p.p50)} p99 ${ms(p.p99)}) · goal ${figure} ≤ ${limit} ms: ${overhead[figure] <= limit ? "met" : "MISSED"}`,
    );
  }
  console.log(
    `p99 is the worst round's; req/s, p50 and CPU/req the mean of the rounds. CPU/req: CPU time of the server's processes per answer (PostgreSQL's own not included), main/req the part of it on their main threads (the event loop); its ÷ baseline is the baseline's CPU/req over the row's, the req/s ratio a quiet machine would show when both are CPU-bound. ${((Date.now() - started) / 1000).toFixed(0)} s in all.`,
  );
} finally {
  await stopAll();
  for (const fixture of fixtures) if (fixture.pid && fixture.exitCode === null) process.kill(-fixture.pid, "SIGTERM");
  if (postgresUrl) await dropPostgresSchema(postgresUrl);
}
