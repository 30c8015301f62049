// npm run bench:isolation — does a hostile page slow the web process down? Serves the real /api/health and run
// routes from this process, which also hosts the run workers (the default one-process setup), and measures
// GET /api/health p50/p99 with autocannon twice in the same run: idle, then while BENCH_HOSTILE (5) pathological
// pages (100,000 nested elements, 60,000-deep JSON-LD, 5 MB of one text node, 20,000 cards) are being scraped
// over and over. Prints both and the difference (goal: p99 within 20 ms of idle).
// Settings: BENCH_PORT (default 3110), BENCH_SECONDS (10 per phase), DATABASE_URL (default a temporary SQLite file).
import { createRequire } from "node:module";
import { freshDatabaseUrl } from "@/test/support/database";

interface Histogram {
  p50: number;
  p99: number;
  average: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
}) => Promise<{ latency: Histogram; non2xx: number }>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const databaseUrl = freshDatabaseUrl();
Object.assign(process.env, {
  DATABASE_URL: databaseUrl,
  AUTH_SECRET: process.env.AUTH_SECRET ?? "bench-secret-that-is-long-enough-for-hs256-0123456789",
  SCRAPER_ALLOW_LOOPBACK: "1",
  LOG_LEVEL: "warn",
});
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const hostileCount = Number(process.env.BENCH_HOSTILE ?? 5);

const { prepareDatabase } = await import("@/server/prepare-database");
const { buildExtractionThread } = await import("./build-thread");
await Promise.all([prepareDatabase(databaseUrl), buildExtractionThread()]);
const { db } = await import("@/lib/infra/db");
const { createApiKey } = await import("@/lib/api-keys/keys");
const { startFixtureServer } = await import("@/test/support/fixture-server");
const { startApiServer } = await import("@/server/api-server");

const fixtures = await startFixtureServer();
const app = await startApiServer(Number(process.env.BENCH_PORT ?? 3110));
const scraper = await db.scraper.findUniqueOrThrow({ where: { slug: "ecommerce-products" } });
const user = await db.user.create({ data: { email: `bench-${Date.now()}@example.test`, passwordHash: "x", plan: "business" } });
const { key } = await createApiKey(user.id, { description: "bench" });
const hostile = ["deep-dom?n=100000", "deep-json-ld?n=60000", "big-text?n=5", "many-cards?n=20000", "deep-dom?n=100000"];

const measure = () => autocannon({ url: `${app.url}/api/health`, connections: 4, duration: seconds });

let stop = false;
const outcomes = new Map<string, number>();
/** One submitter per hostile page, each submitting its page again as soon as the last one is answered. */
async function submitter(page: string) {
  while (!stop) {
    const res = await fetch(`${app.url}/api/scrapers/${scraper.id}/run`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ url: `${fixtures.url}/hostile/${page}` }),
    });
    const { code } = (await res.json()) as { code?: string };
    const outcome = `${res.status} ${code ?? "ok"}`;
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  }
}

await measure(); // warm-up: route loading, JIT, database connections
const idle = await measure();
const submitters = Array.from({ length: hostileCount }, (_, i) => submitter(hostile[i % hostile.length] as string));
await new Promise((resolve) => setTimeout(resolve, 2000));
const busy = await measure();
stop = true;
await Promise.all(submitters);

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(10);
console.log(
  `\nGET /api/health, 4 connections, ${seconds} s per phase; ${hostileCount} hostile pages scraped in a loop meanwhile`,
);
console.log(`${"".padEnd(26)}${"p50".padStart(10)}${"p99".padStart(10)}${"mean".padStart(10)}`);
console.log(`${"idle".padEnd(26)}${ms(idle.latency.p50)}${ms(idle.latency.p99)}${ms(idle.latency.average)}`);
console.log(`${"hostile pages running".padEnd(26)}${ms(busy.latency.p50)}${ms(busy.latency.p99)}${ms(busy.latency.average)}`);
console.log(`${"difference".padEnd(26)}${ms(busy.latency.p50 - idle.latency.p50)}${ms(busy.latency.p99 - idle.latency.p99)}`);
console.log(`health errors: ${idle.non2xx + busy.non2xx}; hostile run answers: ${JSON.stringify(Object.fromEntries(outcomes))}`);

app.server.close();
await fixtures.close();
process.exit(0);
