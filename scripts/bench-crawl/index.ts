// npm run bench:crawl: crawls a generated local site of --pages pages (site.ts) with each contender
// (contenders.ts), one after another in the same run, and prints pages/s and peak RSS beside the checks that
// make the figure mean something, taken from the fixture server's log: exactly the expected pages, each once,
// no robots-excluded path and no other host ever requested.
import { spawn } from "node:child_process";
import { loadavg } from "node:os";
import path from "node:path";
import { CONTENDERS, type Contender, type ContenderConfig, type ContenderResult } from "./contenders";
import { type SiteServer, startSiteServer } from "./server";
import { OTHER_HOST, SITE_HOST } from "./site";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

function option(name: string, fallback: string): string {
  const args = process.argv.slice(2);
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] !== undefined ? (args[index + 1] as string) : fallback;
}

const pages = Number(option("pages", "10000"));
const concurrency = Number(option("concurrency", "2"));
const rounds = Number(option("rounds", "1"));
const port = Number(option("port", process.env.BENCH_PORT ?? "0"));
const only = option("only", "");
// BENCH_PROFILE_DIR: each contender's process writes a CPU profile there (read it with npm run bench:profile).
const profileArgs = process.env.BENCH_PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];

interface Row {
  contender: string;
  round: number;
  result: ContenderResult;
  checks: Checks;
}

interface Checks {
  /** Requests for paths robots.txt excludes. */
  robotsViolations: number;
  /** Requests for another host. */
  offHost: number;
  /** Distinct pages requested. */
  pagesRequested: number;
  /** Page requests beyond the first for the same page. */
  duplicates: number;
  /** Expected pages never requested. */
  missing: number;
  /** Requests answered 404 (pages the site does not have), the conventional sitemap probe aside. */
  notFound: number;
  /** The crawler's own list differs from the expected set (URLs, after folding the site's spellings). */
  reportedMismatch: number;
  /** The first few requests that broke a check, to say which. */
  offending: string[];
}

function load(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
}

async function runContender(contender: Contender, server: SiteServer): Promise<ContenderResult> {
  const config: ContenderConfig = {
    startUrl: `${server.site.origin}/`,
    hosts: { [SITE_HOST]: "127.0.0.1", [OTHER_HOST]: "127.0.0.1" },
    concurrency,
    extra: contender.extra,
  };
  const child = spawn(
    process.execPath,
    ["--import", "tsx", ...(contender.nodeArgs ?? []), ...profileArgs, contender.script, JSON.stringify(config)],
    {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  const line = output.split("\n").find((text) => text.startsWith("RESULT "));
  if (code !== 0 || !line) throw new Error(`${contender.name} exited with ${code} and no result:\n${output.slice(-2000)}`);
  return JSON.parse(line.slice("RESULT ".length)) as ContenderResult;
}

function check(server: SiteServer, result: ContenderResult): Checks {
  const { site } = server;
  const perPage = new Map<number, number>();
  let robotsViolations = 0;
  let offHost = 0;
  let notFound = 0;
  const offending: string[] = [];
  for (const request of server.log()) {
    if (request.host !== SITE_HOST) offHost++;
    if (site.robotsExcluded(request.path)) {
      robotsViolations++;
      if (offending.length < 5) offending.push(`robots-excluded: ${request.path}`);
    }
    // /sitemap.xml is where a sitemap is when robots.txt names none; asking is right, and this site has none there.
    if (request.status === 404 && request.path !== "/sitemap.xml") {
      notFound++;
      if (offending.length < 5) offending.push(`404: ${request.path}`);
    }
    const id = site.pageOf(new URL(request.path, "http://x").pathname);
    if (id !== null && !site.robotsExcluded(request.path)) perPage.set(id, (perPage.get(id) ?? 0) + 1);
  }
  const requested = [...perPage.values()];
  const expected = site.expectedUrls();
  const reported = new Set(
    result.urls.map((url) => {
      const parsed = new URL(url);
      const id = site.pageOf(parsed.pathname);
      return id === null || parsed.hostname.toLowerCase() !== SITE_HOST ? url : `${site.origin}${site.pathOf(id)}`;
    }),
  );
  let reportedMismatch = Math.abs(result.urls.length - expected.size);
  for (const url of expected) if (!reported.has(url)) reportedMismatch++;
  return {
    robotsViolations,
    offHost,
    pagesRequested: perPage.size,
    duplicates: requested.reduce((sum, count) => sum + count - 1, 0),
    missing: site.pages - perPage.size,
    notFound,
    reportedMismatch,
    offending,
  };
}

function passed(checks: Checks): boolean {
  return (
    checks.robotsViolations === 0 &&
    checks.offHost === 0 &&
    checks.duplicates === 0 &&
    checks.missing === 0 &&
    checks.notFound === 0 &&
    checks.reportedMismatch === 0
  );
}

const server = await startSiteServer(pages, port);
const contenders = CONTENDERS.filter((contender) => !only || contender.name.includes(only));
console.log(
  `bench:crawl: ${pages} pages on ${server.site.origin} (127.0.0.1:${server.port}), concurrency ${concurrency}, ${rounds} round(s); load average ${load()}`,
);
const rows: Row[] = [];
try {
  for (let round = 1; round <= rounds; round++) {
    for (const contender of contenders) {
      server.reset();
      const result = await runContender(contender, server);
      rows.push({ contender: contender.name, round, result, checks: check(server, result) });
    }
  }
} finally {
  await server.close();
}

const table = rows.map(({ contender, round, result, checks }) => ({
  contender,
  round,
  pages: result.pages,
  "pages/s": Math.round(result.pages / result.seconds),
  seconds: Number(result.seconds.toFixed(2)),
  requests: result.requests,
  "CPU ms/page": Number(((result.cpuSeconds * 1000) / Math.max(1, result.pages)).toFixed(2)),
  "peak RSS MB": Math.round(result.maxRssBytes / 1024 / 1024),
  "heap after MB": result.liveHeapBytes === undefined ? "" : Math.round(result.liveHeapBytes / 1024 / 1024),
  "robots hits": checks.robotsViolations,
  "off-host": checks.offHost,
  duplicates: checks.duplicates,
  missing: checks.missing,
  "404s": checks.notFound,
  "set exact": checks.reportedMismatch === 0 ? "yes" : `no (${checks.reportedMismatch})`,
  skipped: Object.entries(result.skipped)
    .map(([reason, count]) => `${reason} ${count}`)
    .join(", "),
}));
console.table(table);
console.log(`load average after: ${load()}`);
const failed = rows.filter((row) => !passed(row.checks));
if (failed.length > 0) {
  console.error(`checks failed for: ${failed.map((row) => `${row.contender} (round ${row.round})`).join(", ")}`);
  for (const row of failed) for (const request of row.checks.offending) console.error(`  ${row.contender}: ${request}`);
  process.exitCode = 1;
}
