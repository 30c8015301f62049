// bench:crawl's ScrapeDeck contender: the real crawl (lib/crawls) in one process with the in-process queue and a
// fresh SQLite database: the start job, the slot jobs claiming pages in the database, each page one real run
// (fetch, extraction thread, stored items), links into the stored frontier. Run as its own process with the
// config as JSON in argv[2]; prints `RESULT {json}` (ContenderResult).
//
// The site's made-up host names resolve to 127.0.0.1 through a replaced dns.lookup (the safe fetcher resolves
// with it; the address policy still applies, loopback allowed as in tests): a bench-only stand-in for DNS.
import dns from "node:dns";
import { mkdtempSync } from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { type ContenderConfig, type ContenderResult, cpuSecondsSince } from "./contenders";

const config = JSON.parse(process.argv[2] ?? "{}") as ContenderConfig;
const realLookup = dns.lookup;
(dns as { lookup: unknown }).lookup = (hostname: string, options: unknown, callback: unknown) => {
  const address = config.hosts[hostname.toLowerCase()];
  if (!address) return (realLookup as (...args: unknown[]) => void)(hostname, options, callback);
  const done = (typeof options === "function" ? options : callback) as (...args: unknown[]) => void;
  const all = typeof options === "object" && options !== null && (options as { all?: boolean }).all;
  if (all) done(null, [{ address, family: 4 }]);
  else done(null, address, 4);
};
syncBuiltinESMExports();

const databaseUrl = `file:${path.join(mkdtempSync(path.join(tmpdir(), "bench-crawl-")), "bench.db")}`;
Object.assign(process.env, {
  DATABASE_URL: databaseUrl,
  SCRAPER_ALLOW_LOOPBACK: "1",
  LOG_LEVEL: "silent",
  WORKER_CONCURRENCY: String(config.extra?.runWorkers ?? 4),
  AUTH_SECRET: "bench-secret-that-is-long-enough-for-hs256-0123456789",
});
delete process.env.REDIS_URL;

const { prepareDatabase } = await import("@/server/prepare-database");
await prepareDatabase(databaseUrl);
const { db } = await import("@/lib/infra/db");
const { crawlOptionsOf } = await import("@/lib/crawls/schema");
const { enqueueCrawlStart } = await import("@/lib/crawls/engine");
const { startCrawlWorkers } = await import("@/lib/crawls/workers");
const { ensureInAppWorkers } = await import("@/lib/runs/workers");

const user = await db.user.create({ data: { email: `bench-${Date.now()}@example.com`, passwordHash: "x", plan: "business" } });
const scraper = await db.scraper.findUniqueOrThrow({ where: { slug: "news-articles" } });
const crawl = await db.crawl.create({
  data: {
    userId: user.id,
    scraperId: scraper.id,
    url: config.startUrl,
    options: JSON.stringify(crawlOptionsOf({ url: config.startUrl, max_depth: 50 })),
    // The bench's site, whatever the plan's cap (the quota still applies: at most a Business month of pages).
    pageLimit: 100_000,
  },
});

const began = performance.now();
const cpuBefore = process.cpuUsage();
ensureInAppWorkers();
startCrawlWorkers();
await enqueueCrawlStart(crawl.id);
for (;;) {
  const { status } = await db.crawl.findUniqueOrThrow({ where: { id: crawl.id }, select: { status: true } });
  if (status !== "queued" && status !== "running") break;
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const seconds = (performance.now() - began) / 1000;
const done = await db.crawl.findUniqueOrThrow({ where: { id: crawl.id } });
const pages = await db.crawlPage.findMany({ where: { crawlId: crawl.id, state: "succeeded" }, select: { url: true } });
const result: ContenderResult = {
  pages: pages.length,
  requests: 0,
  seconds,
  maxRssBytes: process.resourceUsage().maxRSS * 1024,
  cpuSeconds: cpuSecondsSince(cpuBefore),
  urls: pages.map((page) => page.url),
  skipped: {
    robots: done.skippedRobots,
    offHost: done.skippedOffHost,
    duplicate: done.skippedDuplicate,
    failed: done.failed,
    ...(done.stoppedReason ? { [`stopped: ${done.stoppedReason}`]: 1 } : {}),
  },
};
// Exit once the line is out: stdout to a pipe is written asynchronously, and exiting at once cut long results short.
process.stdout.write(`RESULT ${JSON.stringify(result)}\n`, () => process.exit(0));
