// npm run bench:licenses -- --count 1000,100000,1000000 — does verification cost grow with the data? Generates one
// database per count (licenses with one content item each, scripts/bench/licenses-data.ts), starts the app on each,
// and measures POST /api/verify-license on all of them in interleaved rounds, every request another key spread
// over all the licenses; prints p99 (and req/s) per count and as a ratio of the smallest count's.
// Options: --count (comma separated), --rounds 2, --seconds 10, --connections 32, --generate-only (print the SQLite
// file of each count and stop). Environment: DATABASE_URL postgres:// measures PostgreSQL (a new schema per count),
// BENCH_APP_DIR (the checkout whose app is measured), BENCH_PORT (first port, default 3205).
import "../load-env";
import { dropPostgresSchema, freshDatabaseUrl } from "@/test/support/database";
import { generateLicenses } from "./licenses-data";
import {
  benchOptions,
  type Measurement,
  measure,
  ms,
  option,
  pad,
  percent,
  type Server,
  startApp,
  stopAll,
  summarize,
  verifyLoad,
  waitUntilServing,
} from "./support";

const counts = option("count", "1000,100000,1000000").split(",").map(Number);
const { rounds, seconds, connections, basePort, appDir } = benchOptions(3205);
const generateOnly = process.argv.includes("--generate-only");
const base = process.env.DATABASE_URL?.startsWith("postgres") ? process.env.DATABASE_URL : "file:";

const { prepareDatabase } = await import("@/server/prepare-database");

const databases: { count: number; url: string; keys: string[] }[] = [];
try {
  for (const count of counts) {
    const url = freshDatabaseUrl(base);
    databases.push({ count, url, keys: [] });
    const started = Date.now();
    await prepareDatabase(url);
    const keys = await generateLicenses(url, count, (done) => {
      if (done % 100_000 === 0) console.log(`  ${done} / ${count}`);
    });
    (databases.at(-1) as { keys: string[] }).keys = keys;
    console.log(`${count} licenses generated in ${((Date.now() - started) / 1000).toFixed(1)} s: ${url}`);
  }
  if (!generateOnly) {
    const apps: Server[] = [];
    for (const [i, { count, url }] of databases.entries()) {
      const app = startApp(`app-${count}`, basePort + i, url, appDir);
      await waitUntilServing(app, "/api/health");
      apps.push(app);
    }
    const loads = databases.map(({ keys }, i) => verifyLoad(apps[i] as Server, keys, connections, seconds));
    for (const load of loads) await measure({ ...load, seconds: 2 });
    const results: Measurement[][] = databases.map(() => []);
    for (let round = 1; round <= rounds; round++) {
      for (const [i, load] of loads.entries()) {
        const result = await measure(load);
        results[i]?.push(result);
        console.log(
          `round ${round}, ${databases[i]?.count} licenses: ${result.rps.toFixed(0)} req/s, p50 ${ms(result.p50)}, p99 ${ms(result.p99)}, errors ${result.errors}`,
        );
      }
    }
    const summary = results.map(summarize);
    const first = summary[0];
    const provider = base.startsWith("postgres") ? "PostgreSQL" : "SQLite";
    console.log(
      `\nPOST /api/verify-license by license count · ${provider} · ${rounds} interleaved rounds of ${seconds} s · ${connections} connections`,
    );
    console.log(
      `${"licenses".padEnd(12)}${pad("req/s", 8)}${pad("p50", 10)}${pad("p99", 10)}${pad("errors", 8)}${pad("p99 ÷ first", 13)}`,
    );
    for (const [i, s] of summary.entries()) {
      console.log(
        `${String(databases[i]?.count).padEnd(12)}${pad(s.rps.toFixed(0), 8)}${pad(ms(s.p50), 10)}${pad(ms(s.p99), 10)}${pad(s.errors, 8)}${pad(first ? percent(s.p99 / first.p99) : "", 13)}`,
      );
    }
    console.log("req/s and p50 are the means of the rounds, p99 the worst round's.");
  }
} finally {
  await stopAll();
  if (!generateOnly) for (const { url } of databases) await dropPostgresSchema(url);
}
