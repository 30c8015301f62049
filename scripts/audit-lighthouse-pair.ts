// npm run audit:lighthouse:pair — compares two running builds with Lighthouse (mobile, performance only) on the
// same host load: their loads alternate (A B, then B A) page by page, so both see the same other processes.
// LIGHTHOUSE_PAIR: "nameA=urlA,nameB=urlB" (each build served by `npm start` on its own port); LIGHTHOUSE_RUNS:
// loads per page and build (default 2); LIGHTHOUSE_PAGES: comma-separated paths (default: the public pages);
// CHROMIUM_PATH as for audit:lighthouse. Each load is audited as gathered (wall time) and with every main-thread task
// at its thread CPU time (scripts/lighthouse-thread-time.ts), at Lighthouse's default 4× slowdown; the table gives
// the median performance, LCP and TBT per page, build and mode, and every run's performance.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags } from "lighthouse";
import { type TraceEvent, toThreadTime } from "./lighthouse-thread-time";

const builds = (process.env.LIGHTHOUSE_PAIR ?? "").split(",").map((entry) => {
  const [name, url] = entry.split("=");
  if (!name || !url) throw new Error('LIGHTHOUSE_PAIR must be "nameA=urlA,nameB=urlB"');
  return { name, url };
});
if (builds.length !== 2) throw new Error('LIGHTHOUSE_PAIR must name two builds: "nameA=urlA,nameB=urlB"');
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 2));
const pages = (process.env.LIGHTHOUSE_PAGES ?? "/,/about,/api-docs,/contact,/scrapers/1,/login,/register").split(",");
const chromePath = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find(
  (candidate) => candidate && existsSync(candidate),
);
const flags: Flags = { output: "json", logLevel: "error", onlyCategories: ["performance"] };

type Row = { performance: number; lcp: number; tbt: number };

function threadTimeCopy(dir: string): string {
  const copy = `${dir}-thread-time`;
  cpSync(dir, copy, { recursive: true });
  const traceFile = path.join(copy, "defaultPass.trace.json");
  const trace = JSON.parse(readFileSync(traceFile, "utf8")) as { traceEvents: TraceEvent[] };
  toThreadTime(trace.traceEvents);
  writeFileSync(traceFile, JSON.stringify(trace));
  return copy;
}

async function audit(url: string, dir: string): Promise<Row | null> {
  const result = await lighthouse(url, { ...flags, auditMode: dir });
  const lhr = result?.lhr;
  if (!lhr || lhr.runtimeError) return null;
  const { audits } = lhr;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    tbt: audits["total-blocking-time"]?.numericValue ?? Number.NaN,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

const workDir = mkdtempSync(path.join(tmpdir(), "audit-lighthouse-pair-"));
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"],
});
const gathered: Array<{ build: string; page: string; url: string; dir: string }> = [];
try {
  // One request per page and build first, so no measured load pays for a cold server cache.
  for (const { url } of builds) for (const page of pages) await fetch(new URL(page, url)).then((r) => r.arrayBuffer());
  for (let run = 0; run < runs; run++) {
    for (const page of pages) {
      for (const { name, url: base } of run % 2 ? [...builds].reverse() : builds) {
        const url = new URL(page, base).toString();
        const dir = path.join(workDir, `${gathered.length}`);
        await lighthouse(url, { ...flags, port: chrome.port, gatherMode: dir });
        gathered.push({ build: name, page, url, dir });
      }
    }
  }
} finally {
  chrome.kill();
}
try {
  const rows = new Map<string, Row[]>();
  for (const { build, page, url, dir } of gathered) {
    for (const [mode, auditDir] of [
      ["wall", dir],
      ["thread", threadTimeCopy(dir)],
    ] as const) {
      const row = await audit(url, auditDir);
      if (row) rows.set(`${page}|${mode}|${build}`, [...(rows.get(`${page}|${mode}|${build}`) ?? []), row]);
    }
  }
  console.log(`Lighthouse (mobile, simulated, 4×), ${runs} paired load(s) per page; median perf, LCP ms, TBT ms (runs)`);
  console.log(`page         mode    ${builds.map(({ name }) => name.padEnd(34)).join(" | ")}`);
  for (const page of pages) {
    for (const mode of ["wall", "thread"]) {
      const cells = builds.map(({ name }) => {
        const results = rows.get(`${page}|${mode}|${name}`) ?? [];
        if (!results.length) return "no run".padEnd(34);
        const perf = median(results.map((r) => r.performance));
        const lcp = Math.round(median(results.map((r) => r.lcp)));
        const tbt = Math.round(median(results.map((r) => r.tbt)));
        return `${String(perf).padStart(5)} ${String(lcp).padStart(5)} ${String(tbt).padStart(5)}  (${results
          .map((r) => r.performance)
          .join(" ")})`.padEnd(34);
      });
      console.log(`${page.padEnd(12)} ${mode.padEnd(7)} ${cells.join(" | ")}`);
    }
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
