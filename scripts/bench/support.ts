// What the benchmarks share: starting and stopping servers, one measurement with autocannon, the table.
// autocannon rather than wrk: it is a pinned devDependency (npm ci installs it, nothing to apt-get), it is driven
// from the script (each request can carry another key, which wrk needs Lua for) and it reports HDR percentiles.
// It shares the machine with the servers it loads, the same for every row, which is why rows are compared as
// ratios from one interleaved run rather than as absolute figures.
import { type ChildProcess, spawn } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";

export const ROOT = path.resolve(import.meta.dirname, "..", "..");
export const AUTH_SECRET = "bench-secret-that-is-long-enough-for-hs256-0123456789";
/** The apps' signing key, one per bench run: a server started in production (the profiled one) refuses to start without. */
const SIGNING_KEY =
  process.env.SIGNING_KEY ?? generateKeyPairSync("ed25519").privateKey.export({ format: "pem", type: "pkcs8" }).toString();
const LOG_DIR = mkdtempSync(path.join(tmpdir(), "scrapedeck-bench-logs-"));

/** Named command-line options: --name value. */
export function option(name: string, fallback: string): string {
  const args = process.argv.slice(2);
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] !== undefined ? (args[index + 1] as string) : fallback;
}

/**
 * What every verify benchmark is told the same way: --rounds (2), --seconds (10) and --connections (32) of each
 * measurement; BENCH_PORT, the first of its ports; BENCH_APP_DIR, the checkout whose app is measured (another
 * branch's against the same baseline), this one by default.
 */
export function benchOptions(defaultPort: number) {
  return {
    rounds: Number(option("rounds", "2")),
    seconds: Number(option("seconds", "10")),
    connections: Number(option("connections", "32")),
    basePort: Number(process.env.BENCH_PORT ?? defaultPort),
    appDir: process.env.BENCH_APP_DIR ?? ROOT,
  };
}

export interface Server {
  name: string;
  origin: string;
  child: ChildProcess;
  log: string;
}

const started: Server[] = [];

/** Starts a server process in its own process group (npm start runs tsx, which runs next), output to a log file. */
export function startServer(
  name: string,
  port: number,
  command: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Server {
  const log = path.join(LOG_DIR, `${name}.log`);
  const out = createWriteStream(log);
  const child = spawn(command, args, {
    cwd: options.cwd ?? ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...options.env },
  });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  const server = { name, origin: `http://127.0.0.1:${port}`, child, log };
  started.push(server);
  return server;
}

/**
 * npm start of the app in `dir` (this repository by default) on its own port and database. With `profileDir`, its
 * server entry runs straight under `node --cpu-prof` instead (V8 takes the flag only on the command line, not from
 * NODE_OPTIONS), which needs a current build from an earlier npm start; the profile is written when it stops.
 */
export function startApp(
  name: string,
  port: number,
  databaseUrl: string,
  dir = ROOT,
  profileDir?: string,
  extraEnv: Record<string, string> = {},
): Server {
  const origin = `http://127.0.0.1:${port}`;
  const profiled = ["--cpu-prof", `--cpu-prof-dir=${profileDir}`];
  const ownServer = path.join(dir, "scripts", "serve.ts");
  const [command, args] = !profileDir
    ? ["npm", ["start"]]
    : existsSync(ownServer)
      ? ["node", [...profiled, "--import", "tsx", "--conditions=react-server", ownServer]]
      : ["node", [...profiled, path.join(dir, "node_modules", "next", "dist", "bin", "next"), "start", "-p", String(port)]];
  return startServer(name, port, command, args, {
    cwd: dir,
    env: {
      ...(profileDir ? { NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" } : {}),
      PORT: String(port),
      APP_URL: origin,
      NEXTAUTH_URL: origin,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET,
      SIGNING_KEY,
      SCRAPER_ALLOW_LOOPBACK: "1",
      // Every request comes from this one address: the per-address verify throttle still runs, it just never refuses.
      VERIFY_RATE_LIMIT_PER_MINUTE: "1000000000",
      ...extraEnv,
    },
  });
}

export async function waitUntilServing(server: Server, probePath: string, timeoutMs = 15 * 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null)
      throw new Error(`${server.name} exited with code ${server.child.exitCode}; see ${server.log}`);
    try {
      const res = await fetch(`${server.origin}${probePath}`);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await sleep(300);
  }
  throw new Error(`${server.name} did not start in time; see ${server.log}`);
}

export async function stopServer(server: Server): Promise<void> {
  const { child } = server;
  if (!child.pid || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    return;
  }
  await Promise.race([exited, sleep(10_000)]);
}

export async function stopAll(): Promise<void> {
  await Promise.all(started.map(stopServer));
}

export interface Load {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  /** Each request's body and headers, taken in turn (keys spread over many licenses or users). */
  next?: () => { body?: string; headers?: Record<string, string> };
  connections: number;
  seconds: number;
  /** The server answering: its CPU time per request is measured too. */
  server?: Server;
}

export interface Measurement {
  rps: number;
  p50: number;
  p99: number;
  /** Socket errors, timeouts and answers with another status than expected. */
  errors: number;
  statuses: Record<string, number>;
  ok: number;
  /**
   * CPU milliseconds the server's processes spent per answer (Linux; NaN elsewhere). Unlike req/s it barely
   * depends on what else the machine runs, so it is the steadier figure to compare on a shared machine.
   */
  cpuMsPerRequest: number;
  /** The part of cpuMsPerRequest spent on the server's main thread (its event loop). */
  mainCpuMsPerRequest: number;
}

const CLOCK_TICKS_PER_SECOND = 100;

/**
 * User + system CPU milliseconds of every process in a server's process group (npm, tsx, node: startServer puts
 * them in one), from /proc. NaN where there is no /proc.
 */
export function groupCpuMs(server: Server): number {
  return groupCpu(server).all;
}

/** `/proc/<pid>/stat`'s fields after the command (in parentheses, which may hold spaces), or null once gone. */
function statFields(file: string): string[] | null {
  try {
    const stat = readFileSync(file, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null; // exited meanwhile
  }
}

/**
 * groupCpuMs, and the part of it spent on the processes' main threads (the event loops: the extraction threads,
 * V8's GC helpers and libuv's pool are the rest), in CPU milliseconds.
 */
export function groupCpu(server: Server): { all: number; main: number } {
  const group = server.child.pid;
  if (!group || !existsSync("/proc/self/stat")) return { all: Number.NaN, main: Number.NaN };
  let ticks = 0;
  let mainTicks = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    // state ppid pgrp … utime(14) stime(15), counted from the state (field 3).
    const fields = statFields(`/proc/${entry}/stat`);
    if (!fields || Number(fields[2]) !== group) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
    const main = statFields(`/proc/${entry}/task/${entry}/stat`);
    if (main) mainTicks += Number(main[11]) + Number(main[12]);
  }
  return { all: (ticks * 1000) / CLOCK_TICKS_PER_SECOND, main: (mainTicks * 1000) / CLOCK_TICKS_PER_SECOND };
}

/**
 * The CPU time (user + system, every thread) the processes have used so far, in ms; one that has ended counts 0.
 * `withChildren`: with their children that have ended and been waited for (cutime, cstime), so that a tree whose
 * short-lived processes come and go keeps their CPU.
 */
export function processCpuMs(pids: number[], { withChildren = false } = {}): number {
  let ticks = 0;
  for (const pid of pids) {
    const fields = statFields(`/proc/${pid}/stat`);
    if (!fields) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
    if (withChildren) ticks += Number(fields[13]) + Number(fields[14]);
  }
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** POST /api/verify-license on `server`, every request another of `keys`, starting anywhere among them. */
export function verifyLoad(server: Server, keys: string[], connections: number, seconds: number): Load {
  let next = Math.floor(Math.random() * keys.length);
  return {
    server,
    url: `${server.origin}/api/verify-license`,
    method: "POST",
    headers: { "content-type": "application/json" },
    next: () => ({ body: `{"license_key":"${keys[next++ % keys.length]}"}` }),
    connections,
    seconds,
  };
}

/** Rounds of one row as one figure: req/s, p50 and CPU per request their means, p99 the worst round's, errors their sum. */
export function summarize(results: Measurement[]) {
  const mean = (pick: (m: Measurement) => number) => results.reduce((sum, m) => sum + pick(m), 0) / results.length;
  return {
    rps: mean((m) => m.rps),
    cpuMsPerRequest: mean((m) => m.cpuMsPerRequest),
    mainCpuMsPerRequest: mean((m) => m.mainCpuMsPerRequest),
    p50: mean((m) => m.p50),
    p99: Math.max(...results.map((m) => m.p99)),
    errors: results.reduce((sum, m) => sum + m.errors, 0),
  };
}

export async function measure(load: Load, expectedStatus = 200): Promise<Measurement> {
  const { next, server } = load;
  const cpuBefore = server ? groupCpu(server) : { all: Number.NaN, main: Number.NaN };
  const result = await autocannon({
    url: load.url,
    method: load.method ?? "GET",
    headers: load.headers,
    connections: load.connections,
    duration: load.seconds,
    requests: next
      ? [
          {
            setupRequest: (request) => {
              const { body, headers } = next();
              return { ...request, ...(body === undefined ? {} : { body }), headers: { ...request.headers, ...headers } };
            },
          },
        ]
      : undefined,
  });
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, count]));
  const ok = statuses[String(expectedStatus)] ?? 0;
  const answered = Object.values(statuses).reduce((sum, count) => sum + count, 0);
  const cpuAfter = server ? groupCpu(server) : { all: Number.NaN, main: Number.NaN };
  return {
    cpuMsPerRequest: answered > 0 ? (cpuAfter.all - cpuBefore.all) / answered : Number.NaN,
    mainCpuMsPerRequest: answered > 0 ? (cpuAfter.main - cpuBefore.main) / answered : Number.NaN,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + (answered - ok),
    statuses,
    ok,
  };
}

export const pad = (value: string | number, width: number) => String(value).padStart(width);
export const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
export const percent = (value: number) => `${(value * 100).toFixed(0)}%`;
/** CPU milliseconds per request, to the microsecond. */
export const cpu = (value: number) => (Number.isNaN(value) ? "" : `${value.toFixed(3)} ms`);

/** Deletes a bench's Redis keys: every key under `prefix:` (its fresh QUEUE_PREFIX). */
export async function deleteRedisKeys(redisUrl: string, prefix: string) {
  const { Redis } = await import("ioredis");
  const redis = new Redis(redisUrl);
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 1000);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== "0");
  await redis.quit();
}
