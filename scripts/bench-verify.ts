// npm run bench:verify — throughput and latency of POST /api/verify-license against `next start` of the built app.
// A fresh database (temporary SQLite, or a new schema when DATABASE_URL is PostgreSQL), one valid unlimited
// license, 32 connections for 10 s. The per-IP throttle is lifted for the run: every request comes from here.
// Options: BENCH_PORT (3300), BENCH_CONNECTIONS (32), BENCH_SECONDS (10).
import { type ChildProcess, spawn } from "node:child_process";
import autocannon from "autocannon";
import { dropPostgresSchema, freshDatabaseUrl } from "../test/support/database";

const port = Number(process.env.BENCH_PORT ?? 3300);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const origin = `http://127.0.0.1:${port}`;
const databaseUrl = freshDatabaseUrl();
process.env.DATABASE_URL = databaseUrl;

function startServer(): ChildProcess {
  return spawn("npm", ["start"], {
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      APP_URL: origin,
      NEXTAUTH_URL: origin,
      DATABASE_URL: databaseUrl,
      VERIFY_RATE_LIMIT_PER_MINUTE: "1000000000",
      LOG_LEVEL: "warn",
    },
  });
}

async function waitForHealth(server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the server did not become healthy in 10 minutes");
}

const server = startServer();
const stopServer = () => {
  if (server.pid && server.exitCode === null) process.kill(-server.pid, "SIGTERM");
};
try {
  await waitForHealth(server);
  // Imported only now: lib/db reads DATABASE_URL once, and the server has migrated that database.
  const { db } = await import("../lib/db");
  const { createLicense } = await import("../lib/licenses/licenses");
  const user = await db.user.create({ data: { email: `bench-${Date.now()}@example.test`, passwordHash: "unused" } });
  const license = await createLicense(user.id, { name: "Benchmark" });
  const request = {
    url: `${origin}/api/verify-license`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ license_key: license.licenseKey }),
  };

  // autocannon stops without waiting for the requests still in flight: read the count once it stops moving.
  const settledUsage = async () => {
    let previous = -1;
    for (;;) {
      const { usageCount } = await db.license.findUniqueOrThrow({ where: { id: license.id } });
      if (usageCount === previous) return usageCount;
      previous = usageCount;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };

  await autocannon({ ...request, connections, duration: 2 });
  const before = await settledUsage();
  const result = await autocannon({ ...request, connections, duration: seconds });
  const counted = (await settledUsage()) - before;
  await db.$disconnect();

  const provider = databaseUrl.startsWith("file:") ? "SQLite" : "PostgreSQL";
  const statuses = Object.entries(result.statusCodeStats)
    .map(([status, { count }]) => `${status}×${count}`)
    .join(" ");
  console.log(`\nPOST /api/verify-license · next start · ${provider} · ${connections} connections · ${result.duration} s`);
  console.log(`  throughput   ${result.requests.average.toFixed(0)} requests/s (${result["2xx"]} answered 2xx)`);
  console.log(`  latency      p50 ${result.latency.p50} ms · p99 ${result.latency.p99} ms · max ${result.latency.max} ms`);
  console.log(`  statuses     ${statuses || "none"} · errors ${result.errors} · timeouts ${result.timeouts}`);
  // The server also counts the requests autocannon cut off when it stopped or gave up on (timeouts).
  const unseen = counted - result["2xx"];
  const consistent = unseen >= 0 && unseen <= connections + result.errors;
  console.log(
    `  usage_count  +${counted} for ${result["2xx"]} valid answers seen, ${unseen} cut off or timed out: ${consistent ? "consistent" : "INCONSISTENT"}`,
  );
} finally {
  stopServer();
  await dropPostgresSchema(databaseUrl);
}
