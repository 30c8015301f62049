// npm run test:examples — runs the API examples that /api-docs shows (examples/js, examples/python, examples/php)
// against the built app on a fresh database (SQLite, or PostgreSQL when DATABASE_URL points at one) and checks
// what each prints, then each SDK's tests against the same app (sdk/typescript with vitest, sdk/python with
// unittest). The run example and the SDKs' webhook tests scrape a page of the local fixture site; the crawl example
// maps and crawls the local crawl site (test/support/crawl-site.ts). Needs node, python3 and php with curl, and for
// the Python SDK's Ed25519 checks cryptography or PyNaCl (.ci/run installs them from Debian). `--sdk`
// (npm run test:sdk) runs the SDKs' tests only.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { startCrawlSite } from "@/test/support/crawl-site";
import { dropPostgresSchema, freshDatabaseUrl } from "@/test/support/database";
import { startFixtureServer } from "@/test/support/fixture-server";

const root = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.EXAMPLES_PORT ?? 3110);
const baseUrl = `http://127.0.0.1:${port}`;

/** Each example file by language, and the lines it must print (one pattern per line, in order). */
const RUNTIMES = { js: [process.execPath], python: ["python3"], php: ["php"] } as const;
const EXTENSIONS = { js: "mjs", python: "py", php: "php" } as const;
const EXPECTED: Record<string, RegExp[]> = {
  scrape: [
    /^registered: example-\d+@example\.com$/,
    /^api key: sdeck_…$/,
    /^run (\d+): success, 1 item\(s\), rendered: false$/,
    /^item: Sonora Pro Wireless Headphones$/,
    /^saved run (\d+): 1 item\(s\)$/,
  ],
  markdown: [
    /^registered: example-\d+@example\.com$/,
    /^api key: sdeck_…$/,
    /^run (\d+): success, 1 item\(s\)$/,
    /^title: City council approves 24-hour bus lanes on Main Street$/,
    /^markdown: The Riverton City Council voted 7–2 on Tuesday to make the bus lanes on Main Street permanent/,
    /^words: \d+$/,
    /^links: 10, language: en$/,
  ],
  monitor: [
    /^monitor \d+: 0 9 \* \* \* \(Europe\/Berlin\)$/,
    /^check \d+: new, 0 change\(s\)$/,
    /^check \d+: same, 0 change\(s\)$/,
    /^paused: enabled=false, next check none$/,
  ],
  license: [
    /^license \d+: SDECK(?:-[0-9A-F]{4}){8}$/,
    /^verify: valid=true code=valid$/,
    /^content: https:\/\/cdn\.example\.com\/ebook-1\.pdf$/,
  ],
  crawl: [
    /^map: \d+ url\(s\)$/,
    /^crawl (\d+): queued$/,
    /^crawl (\d+): completed, 5 page\(s\) succeeded, 0 failed$/,
    /^pages: \/, \/a, \/b, \/c, \/from-sitemap$/,
    /^skipped by robots\.txt: \d+$/,
  ],
};
const PAGE = "product/jsonld.html";
/** The page each example scrapes, when not PAGE. */
const PAGES: Record<string, string> = { markdown: "news_article/jsonld.html" };

function check(output: string, expected: RegExp[], example: string): string | null {
  const lines = output.trimEnd().split("\n");
  if (lines.length !== expected.length) return `printed ${lines.length} lines, expected ${expected.length}`;
  for (const [i, pattern] of expected.entries()) {
    if (!pattern.test(lines[i] ?? "")) return `line ${i + 1} '${lines[i]}' does not match ${pattern}`;
  }
  if (example === "crawl") {
    // The crawl read until it ended is the crawl that was started.
    const started = /^crawl (\d+):/.exec(lines[1] ?? "")?.[1];
    const ended = /^crawl (\d+):/.exec(lines[2] ?? "")?.[1];
    return started === ended ? null : `the crawl ${ended} read is not the crawl ${started} started`;
  }
  if (example !== "scrape") return null;
  // The run read back from the history is the run that was made.
  const made = /^run (\d+):/.exec(lines[2] ?? "")?.[1];
  const saved = /^saved run (\d+):/.exec(lines[4] ?? "")?.[1];
  // (The patterns above require the saved line where an example prints one.)
  if (saved !== undefined && made !== saved) return `the saved run ${saved} is not the run ${made}`;
  return null;
}

/** Runs one example without blocking this process, which serves the fixture site the example scrapes. */
function runExample(
  program: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  { cwd = root, timeout = 120_000 }: { cwd?: string; timeout?: number } = {},
) {
  return new Promise<{ status: number | null; stdout: string; stderr: string; error?: Error }>((resolve) => {
    const child = spawn(program, args, { cwd, env, timeout });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", (error) => resolve({ status: null, stdout, stderr, error }));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

async function waitForHealth(server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the app exited with ${server.exitCode} before answering`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw new Error("the app did not answer /api/health in 10 minutes");
}

/** A python3 that can check Ed25519 signatures (the one on PATH, else Debian's, where .ci/run installs cryptography). */
function sdkPython(): { python: string; ed25519: boolean } {
  const candidates = [process.env.SDK_PYTHON, "python3", "/usr/bin/python3"].filter((python): python is string => !!python);
  for (const python of candidates) {
    const probe = spawnSync(python, [
      "-c",
      "import importlib.util as u; raise SystemExit(0 if u.find_spec('cryptography') or u.find_spec('nacl') else 1)",
    ]);
    if (probe.status === 0) return { python, ed25519: true };
  }
  return { python: "python3", ed25519: false };
}

/** Each SDK's test command, and what its output must not say: a test skipped for want of the app or of a library. */
function sdkSuites(): { name: string; program: string; args: string[]; cwd: string; mustNotSay: RegExp[] }[] {
  const { python, ed25519 } = sdkPython();
  if (!ed25519) console.log("! no python3 with cryptography or PyNaCl: the Python SDK's Ed25519 tests are skipped");
  return [
    {
      name: "sdk/typescript (vitest)",
      program: process.execPath,
      args: [path.join(root, "node_modules", "vitest", "vitest.mjs"), "run", "--config", "sdk/typescript/vitest.config.ts"],
      cwd: root,
      mustNotSay: [/\bskipped\b/],
    },
    {
      name: `sdk/python (unittest, ${python})`,
      program: python,
      args: ["-m", "unittest", "discover", "-s", "tests", "-t", ".", "-v"],
      cwd: path.join(root, "sdk", "python"),
      mustNotSay: [/is not set/, ...(ed25519 ? [/neither cryptography nor PyNaCl/] : [])],
    },
  ];
}

const sdkOnly = process.argv.includes("--sdk");
const databaseUrl = freshDatabaseUrl();
const site = await startFixtureServer();
const crawlSite = await startCrawlSite();
// Its own process group, so that stopping it also stops the `next start` it spawns.
const server = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", "scripts/start.ts"], {
  cwd: root,
  detached: true,
  stdio: ["ignore", "inherit", "inherit"],
  env: {
    ...process.env,
    PORT: String(port),
    APP_URL: baseUrl,
    NEXTAUTH_URL: baseUrl,
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: process.env.AUTH_SECRET ?? "examples-secret-that-is-long-enough-for-hs256-0123456789",
    SCRAPER_ALLOW_LOOPBACK: "1",
    LOG_LEVEL: "warn",
    // Each run registers an account per example (and more in the SDKs' tests) from 127.0.0.1; reruns within the
    // hour must not meet the sign-up throttle.
    REGISTRATIONS_PER_IP_PER_HOUR: "1000",
  },
});

let passed = 0;
let failed = 0;
try {
  await waitForHealth(server);
  for (const [language, command] of sdkOnly ? [] : (Object.entries(RUNTIMES) as [keyof typeof RUNTIMES, readonly string[]][])) {
    for (const [example, expected] of Object.entries(EXPECTED)) {
      const file = path.join("examples", language, `${example}.${EXTENSIONS[language]}`);
      const [program = "", ...args] = command;
      const result = await runExample(program, [...args, file], {
        ...process.env,
        SCRAPEDECK_URL: baseUrl,
        PAGE_URL: `${site.url}/${PAGES[example] ?? PAGE}`,
        SITE_URL: `${crawlSite.url}/`,
      });
      const problem =
        result.error?.message ??
        (result.status !== 0 ? `exited with ${result.status}: ${result.stderr.trim()}` : check(result.stdout, expected, example));
      if (problem) {
        failed++;
        console.log(`✗ ${file}: ${problem}\n${result.stdout}`);
      } else {
        passed++;
        console.log(`✓ ${file}`);
      }
    }
  }
  for (const suite of sdkSuites()) {
    const result = await runExample(
      suite.program,
      suite.args,
      { ...process.env, SCRAPEDECK_URL: baseUrl, PAGE_URL: `${site.url}/${PAGE}` },
      { cwd: suite.cwd, timeout: 600_000 },
    );
    const output = `${result.stdout}${result.stderr}`;
    const said = suite.mustNotSay.find((pattern) => pattern.test(output));
    const problem =
      result.error?.message ??
      (result.status !== 0 ? `exited with ${result.status}` : said ? `says ${said}: a test did not run` : null);
    if (problem) {
      failed++;
      console.log(`✗ ${suite.name}: ${problem}\n${output}`);
    } else {
      passed++;
      console.log(`✓ ${suite.name}`);
    }
  }
} finally {
  if (server.pid && server.exitCode === null) process.kill(-server.pid, "SIGTERM");
  await site.close();
  await crawlSite.close();
  await dropPostgresSchema(databaseUrl);
}
console.log(`examples: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
