// npm run audit:lighthouse — Lighthouse (mobile, its default) on the public pages of a running server; prints the
// scores per page twice: with a CPU slowdown calibrated to this machine and with Lighthouse's default 4×.
// LIGHTHOUSE_URL: the server (default http://127.0.0.1:3000, start it with `npm start`); LIGHTHOUSE_RUNS: runs per
// page, the median performance run is reported (default 3); CHROMIUM_PATH: the browser (default Debian's
// /usr/bin/chromium); LIGHTHOUSE_CPU_MULTIPLIER: force the CPU slowdown instead of calibrating it;
// LIGHTHOUSE_SAVE_DIR: keep every run's report (JSON, both slowdowns) there for reading its diagnostics;
// LIGHTHOUSE_PAGES: comma-separated paths to audit instead of every public page (e.g. /api-docs).
// Figures depend on the machine: run it on a quiet one.
//
// Calibration, as Lighthouse's docs/throttling.md ("Calibrating the CPU slowdown") prescribes: the default 4×
// multiplier turns a high-end desktop into the phone Lighthouse emulates (a moto g power 2022, its mobile preset);
// on a slower host the same 4× emulates a slower phone, and Lighthouse warns that the "tested device appears to
// have a slower CPU than Lighthouse expects" (core/gather/driver/environment.js, below a benchmarkIndex of 1000).
// The multiplier is then lowered according to the host's benchmarkIndex (Lighthouse's computeBenchmarkIndex page
// function, which every run measures just before loading the page: lhr.environment.benchmarkIndex). The target is
// DevTools' own calibration (front_end/panels/mobile_throttling/CalibrationController.ts in devtools-frontend):
// a benchmarkIndex of 264 for the low-tier phone, "like a Moto G Power 2022" (1000 for its mid-tier phone).
// DevTools bisects on a really throttled CPU because that throttling is not exactly proportional; Lighthouse's
// default simulated throttling multiplies every observed CPU task by the multiplier, so the emulated phone's index
// is the host's divided by it and the multiplier that emulates the target is hostIndex / 264. It is capped at
// Lighthouse's default 4 (never a faster phone than Lighthouse's default on its reference host) and is at least 1.
//
// Both tables come from the same page loads: with simulated throttling the gather phase loads the page unthrottled
// (the multiplier only scales the requestIdleCallback deadlines Lighthouse shims into the page), and the slowdown is
// applied when the metrics are simulated. Each run is gathered once (Lighthouse's -G, with the default settings)
// and audited twice (-A): as gathered (4×), and with the calibrated multiplier written into the saved settings.
//
// A third table audits the same loads with each main-thread task shortened to its thread CPU time
// (scripts/lighthouse-thread-time.ts): the simulation multiplies wall times, which a loaded host inflates several times
// (other processes hold the cores), so that table is what the page costs on an idle host. The first two are the
// figures Lighthouse itself reports; the goal is met when they meet it, on a quiet machine.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags } from "lighthouse";
import { type TraceEvent, toThreadTime } from "./lighthouse-thread-time";

const ALL_PAGES = ["/", "/about", "/api-docs", "/contact", "/scrapers/1", "/login", "/register"];
const PAGES = process.env.LIGHTHOUSE_PAGES
  ? process.env.LIGHTHOUSE_PAGES.split(",")
      .map((page) => page.trim())
      .filter(Boolean)
  : ALL_PAGES;
if (PAGES.length === 0 || PAGES.some((page) => !page.startsWith("/"))) {
  throw new Error("LIGHTHOUSE_PAGES must be comma-separated paths, each starting with /");
}
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
/** Lighthouse's default CPU slowdown (core/config/constants.js, mobileSlow4G.cpuSlowdownMultiplier). */
const DEFAULT_MULTIPLIER = 4;
/** DevTools' CalibrationController: the benchmarkIndex of the low-tier target phone (a moto g power 2022). */
const TARGET_BENCHMARK_INDEX = 264;

const base = process.env.LIGHTHOUSE_URL ?? "http://127.0.0.1:3000";
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const forcedMultiplier = process.env.LIGHTHOUSE_CPU_MULTIPLIER ? Number(process.env.LIGHTHOUSE_CPU_MULTIPLIER) : null;
if (forcedMultiplier !== null && !(forcedMultiplier > 0)) throw new Error("LIGHTHOUSE_CPU_MULTIPLIER must be a number > 0");
const saveDir = process.env.LIGHTHOUSE_SAVE_DIR;
const chromePath = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find(
  (candidate) => candidate && existsSync(candidate),
);

type Scores = Record<(typeof CATEGORIES)[number], number> & { lcp: number; cls: number; tbt: number };
type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

/** The CPU slowdown that makes this host emulate the target phone (see the top of this file). */
function calibratedMultiplier(benchmarkIndex: number): number {
  return Math.min(DEFAULT_MULTIPLIER, Math.max(1, benchmarkIndex / TARGET_BENCHMARK_INDEX));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function scores(lhr: Lhr): Scores {
  const { categories, audits } = lhr;
  // A run Lighthouse could not score (no paint, a protocol timeout…) has a null score, counted as 0 below: say why,
  // so that a 0 in a row is read as a failed run, not as the page's performance.
  if (lhr.runtimeError || categories.performance?.score == null) {
    const why = lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : "no performance score";
    console.error(`  ${lhr.finalDisplayedUrl}: run not scored (${why})${lhr.runWarnings.map((w) => `; ${w}`).join("")}`);
  }
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    "best-practices": score("best-practices"),
    seo: score("seo"),
    lcp: audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    cls: audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    tbt: audits["total-blocking-time"]?.numericValue ?? Number.NaN,
  };
}

const baseFlags: Flags = { output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] };

/** Loads the page once and keeps Lighthouse's artifacts (trace, network log, settings) in `dir`. */
async function gather(port: number, url: string, dir: string): Promise<void> {
  await lighthouse(url, { ...baseFlags, port, gatherMode: dir });
}

/** Audits the artifacts in `dir` with the given CPU slowdown. */
async function audit(url: string, dir: string, multiplier: number): Promise<Lhr> {
  const artifactsFile = path.join(dir, "artifacts.json");
  const artifacts = JSON.parse(readFileSync(artifactsFile, "utf8"));
  // Lighthouse refuses to audit with other settings than those gathered with; under simulated throttling the
  // multiplier is not applied while gathering (see the top of this file), so the saved settings take the new one.
  artifacts.settings.throttling.cpuSlowdownMultiplier = multiplier;
  writeFileSync(artifactsFile, JSON.stringify(artifacts));
  const result = await lighthouse(url, {
    ...baseFlags,
    auditMode: dir,
    throttling: { ...artifacts.settings.throttling, cpuSlowdownMultiplier: multiplier },
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  return result.lhr;
}

/** A copy of the gathered `dir` whose trace has every main-thread task at its thread CPU time; returns its path. */
function threadTimeCopy(dir: string): { dir: string; wall: number; thread: number } {
  const copy = `${dir}-thread-time`;
  cpSync(dir, copy, { recursive: true });
  const traceFile = path.join(copy, "defaultPass.trace.json");
  const trace = JSON.parse(readFileSync(traceFile, "utf8")) as { traceEvents: TraceEvent[] };
  const totals = toThreadTime(trace.traceEvents);
  writeFileSync(traceFile, JSON.stringify(trace));
  return { dir: copy, ...totals };
}

function printTable(title: string, rows: Array<[string, Scores[]]>): void {
  console.log(`\n${title}`);
  console.log("page            perf  a11y  best  seo   LCP ms   CLS     TBT ms   (perf of each run)");
  for (const [page, results] of rows) {
    const sorted = [...results].sort((a, b) => a.performance - b.performance);
    const row = sorted[Math.floor(sorted.length / 2)] as Scores;
    console.log(
      `${page.padEnd(15)} ${String(row.performance).padStart(4)}  ${String(row.accessibility).padStart(4)}  ${String(
        row["best-practices"],
      ).padStart(4)}  ${String(row.seo).padStart(3)}  ${row.lcp.toFixed(0).padStart(7)}  ${row.cls
        .toFixed(3)
        .padStart(6)}  ${row.tbt.toFixed(0).padStart(7)}   (${results.map((r) => r.performance).join(" ")})`,
    );
  }
}

const workDir = mkdtempSync(path.join(tmpdir(), "audit-lighthouse-"));
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"],
});
try {
  // One request per page first, so no measured load pays for a cold server cache.
  for (const page of PAGES) await fetch(new URL(page, base)).then((response) => response.arrayBuffer());

  const gathered: Array<{ page: string; dir: string; benchmarkIndex: number }> = [];
  for (const page of PAGES) {
    for (let run = 0; run < runs; run++) {
      const dir = path.join(workDir, `${gathered.length}`);
      await gather(chrome.port, new URL(page, base).toString(), dir);
      const { BenchmarkIndex } = JSON.parse(readFileSync(path.join(dir, "artifacts.json"), "utf8"));
      gathered.push({ page, dir, benchmarkIndex: Number(BenchmarkIndex) });
    }
  }

  const indexes = gathered.map((entry) => entry.benchmarkIndex);
  const hostIndex = median(indexes);
  const calibrated = calibratedMultiplier(hostIndex);
  const multiplier = forcedMultiplier ?? calibrated;
  console.log(`Lighthouse (mobile, simulated throttling), ${base}, median of ${runs} run(s) by performance`);
  console.log(
    `Host benchmarkIndex: median ${hostIndex.toFixed(0)} of ${indexes.length} runs (${Math.min(...indexes).toFixed(0)}–${Math.max(
      ...indexes,
    ).toFixed(0)}); Lighthouse expects at least 1000 for its default 4× (high-end desktop 1500–2000)`,
  );
  console.log(
    `Calibrated CPU slowdown: ${hostIndex.toFixed(0)} / ${TARGET_BENCHMARK_INDEX} (target phone) = ${(
      hostIndex / TARGET_BENCHMARK_INDEX
    ).toFixed(2)}, within [1, ${DEFAULT_MULTIPLIER}] → ${calibrated.toFixed(2)}×${
      forcedMultiplier === null ? "" : `; forced by LIGHTHOUSE_CPU_MULTIPLIER: ${forcedMultiplier}×`
    }`,
  );

  const byMultiplier = new Map<number, Map<string, Scores[]>>([
    [multiplier, new Map()],
    [DEFAULT_MULTIPLIER, new Map()],
  ]);
  const threadTimeRows = new Map<string, Scores[]>();
  let wallTotal = 0;
  let threadTotal = 0;
  const save = (lhr: Lhr, page: string, index: number, label: string) => {
    if (!saveDir) return;
    mkdirSync(saveDir, { recursive: true });
    const name = `${page === "/" ? "home" : page.slice(1).replaceAll("/", "-")}.run${index}.${label}.json`;
    writeFileSync(path.join(saveDir, name), JSON.stringify(lhr));
  };
  for (const [index, { page, dir }] of gathered.entries()) {
    const url = new URL(page, base).toString();
    const threadTime = threadTimeCopy(dir);
    wallTotal += threadTime.wall;
    threadTotal += threadTime.thread;
    for (const [slowdown, rows] of byMultiplier) {
      const lhr = await audit(url, dir, slowdown);
      rows.set(page, [...(rows.get(page) ?? []), scores(lhr)]);
      save(lhr, page, index, `cpu${slowdown.toFixed(2)}`);
    }
    const lhr = await audit(url, threadTime.dir, multiplier);
    threadTimeRows.set(page, [...(threadTimeRows.get(page) ?? []), scores(lhr)]);
    save(lhr, page, index, `cpu${multiplier.toFixed(2)}.thread-time`);
  }
  for (const [slowdown, rows] of byMultiplier) {
    const label =
      slowdown === DEFAULT_MULTIPLIER && slowdown !== multiplier
        ? `Lighthouse's default CPU slowdown ${DEFAULT_MULTIPLIER}×`
        : `CPU slowdown ${slowdown.toFixed(2)}× (${forcedMultiplier === null ? "calibrated" : "forced"}${
            slowdown === DEFAULT_MULTIPLIER ? ", the same as Lighthouse's default: one table" : ""
          })`;
    printTable(label, [...rows]);
  }
  printTable(
    `Main-thread tasks at their thread CPU time, CPU slowdown ${multiplier.toFixed(2)}× (the host's load taken out: tasks took ${(
      wallTotal / 1000
    ).toFixed(0)} ms of wall time and ${(threadTotal / 1000).toFixed(0)} ms of CPU over all loads)`,
    [...threadTimeRows],
  );
} finally {
  chrome.kill();
  rmSync(workDir, { recursive: true, force: true });
}
