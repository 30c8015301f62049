// npm run bench:run — the run endpoint's own overhead: its latency minus the latency of the page it scrapes.
// Builds (when stale) and starts the app on a fresh database, serves the fixture site, then loads the same
// product page straight from the fixture site and through POST /api/scrapers/{id}/run with autocannon, and
// prints p50/p99 of both and their difference (authentication, limits, quota, run records, fetch, extraction).
// Settings: BENCH_PORT (default E2E_PORT or 3200), BENCH_CONNECTIONS ("1,10": one table each), BENCH_REQUESTS
// (1000 per table), DATABASE_URL
// (a postgres:// URL benchmarks PostgreSQL; default a temporary SQLite file), REDIS_URL (Redis limiters).
import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { setTimeout as sleep } from "node:timers/promises";
import { dropPostgresSchema, freshDatabaseUrl } from "../test/support/database";

interface Histogram {
  p50: number;
  p99: number;
  average: number;
}
interface AutocannonResult {
  latency: Histogram;
  requests: Histogram;
  non2xx: number;
  errors: number;
  statusCodeStats: Record<string, { count: number }>;
}
interface AutocannonRequest {
  headers?: Record<string, string>;
}
type Autocannon = (options: {
  url: string;
  method?: string;
  connections: number;
  amount: number;
  headers?: Record<string, string>;
  body?: string;
  requests?: Array<{ setupRequest: (request: AutocannonRequest) => AutocannonRequest }>;
}) => Promise<AutocannonResult>;

// autocannon ships no types; these cover what is used here.
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const port = Number(process.env.BENCH_PORT ?? process.env.E2E_PORT ?? 3200);
/** One connection shows a request's own overhead; more show it under load (queueing included). */
const connectionCounts = (process.env.BENCH_CONNECTIONS ?? "1,10").split(",").map(Number);
const amount = Number(process.env.BENCH_REQUESTS ?? 1000);
const baseUrl = `http://127.0.0.1:${port}`;
const authSecret = process.env.AUTH_SECRET ?? "bench-secret-that-is-long-enough-for-hs256-0123456789";

const databaseUrl = freshDatabaseUrl();
// lib/env reads the environment when first imported: point it at the bench database before any lib import.
Object.assign(process.env, {
  DATABASE_URL: databaseUrl,
  AUTH_SECRET: authSecret,
  SCRAPER_ALLOW_LOOPBACK: "1",
  LOG_LEVEL: "warn",
});
const { prepareDatabase } = await import("../lib/db/prepare");
const { db } = await import("../lib/db");
const { createApiKey } = await import("../lib/api-keys/keys");
const { PLANS } = await import("../lib/config/plans");
const { startFixtureServer } = await import("../test/support/fixture-server");

async function waitForHealth(server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 15 * 60 * 1000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the app exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw new Error("the app did not become healthy in time");
}

/** Business users, enough that the benchmark never meets a per-user limit: rate limits are not what is measured. */
async function benchKeys(): Promise<string[]> {
  const plan = PLANS.business;
  const requests = connectionCounts.reduce((sum, connections) => sum + amount + connections * 5, 0);
  const users = Math.ceil(requests / plan.requestsPerMinute) + Math.max(...connectionCounts);
  const keys: string[] = [];
  for (let i = 0; i < users; i++) {
    const user = await db.user.create({
      data: { email: `bench-${i}-${Date.now()}@example.test`, passwordHash: "not-a-real-hash", plan: plan.id },
    });
    keys.push((await createApiKey(user.id, { description: "bench" })).key);
  }
  return keys;
}

function ms(value: number): string {
  return `${value.toFixed(1)} ms`.padStart(10);
}

await prepareDatabase(databaseUrl);
const keys = await benchKeys();
const scraper = await db.scraper.findUniqueOrThrow({ where: { slug: "ecommerce-products" } });
// The app migrates on start, which wants the database to itself.
await db.$disconnect();
const fixtures = await startFixtureServer();
const pageUrl = `${fixtures.url}/product/jsonld.html`;

const server = spawn("npm", ["start"], {
  detached: true,
  stdio: ["ignore", "inherit", "inherit"],
  env: { ...process.env, PORT: String(port), APP_URL: baseUrl, NEXTAUTH_URL: baseUrl },
});
const stopServer = () => {
  if (server.pid && server.exitCode === null) process.kill(-server.pid, "SIGTERM");
};

try {
  await waitForHealth(server);
  const runUrl = `${baseUrl}/api/scrapers/${scraper.id}/run`;
  const body = JSON.stringify({ url: pageUrl });
  let nextKey = 0;
  const run = (connections: number, count: number) =>
    autocannon({
      url: runUrl,
      method: "POST",
      connections,
      amount: count,
      headers: { "content-type": "application/json" },
      body,
      // Requests take turns among the users, so each stays far below its plan's limits.
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            headers: { ...request.headers, authorization: `Bearer ${keys[nextKey++ % keys.length]}` },
          }),
        },
      ],
    });
  const direct = (connections: number, count: number) => autocannon({ url: pageUrl, connections, amount: count });

  const database = databaseUrl.startsWith("file:") ? "SQLite" : "PostgreSQL";
  const limiters = process.env.REDIS_URL ? "Redis" : "in-process";
  console.log(`\nPOST /api/scrapers/${scraper.id}/run on a JSON-LD product page, ${database}, ${limiters} limiters`);
  for (const connections of connectionCounts) {
    // Warm up both paths (route loading, connection pools, JIT) before measuring.
    await direct(connections, connections * 20);
    await run(connections, connections * 5);
    const page = await direct(connections, amount);
    const endpoint = await run(connections, amount);
    if (endpoint.non2xx > 0 || endpoint.errors > 0) {
      throw new Error(`the run endpoint failed requests: ${JSON.stringify(endpoint.statusCodeStats)}, ${endpoint.errors} errors`);
    }
    const row = (label: string, p50: number, p99: number, mean: number) =>
      console.log(`${label.padEnd(22)}${ms(p50)}${ms(p99)}${ms(mean)}`);
    console.log(`\n${amount} requests, ${connections} connection${connections === 1 ? "" : "s"}`);
    console.log(`${"".padEnd(22)}${"p50".padStart(10)}${"p99".padStart(10)}${"mean".padStart(10)}`);
    row("fixture page alone", page.latency.p50, page.latency.p99, page.latency.average);
    row("run endpoint", endpoint.latency.p50, endpoint.latency.p99, endpoint.latency.average);
    row(
      "overhead",
      endpoint.latency.p50 - page.latency.p50,
      endpoint.latency.p99 - page.latency.p99,
      endpoint.latency.average - page.latency.average,
    );
    console.log(`run endpoint throughput: ${endpoint.requests.average.toFixed(0)} requests/s`);
  }
} finally {
  stopServer();
  await fixtures.close();
  await dropPostgresSchema(databaseUrl);
}
