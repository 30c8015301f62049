// npm run audit:lighthouse — Lighthouse (mobile, its default) on the public pages of a running server; prints the
// scores per page. LIGHTHOUSE_URL: the server (default http://127.0.0.1:3000, start it with `npm start`);
// LIGHTHOUSE_RUNS: runs per page, the median performance run is reported (default 3); CHROMIUM_PATH: the browser
// (default Debian's /usr/bin/chromium). Figures depend on the machine: run it on a quiet one.
import { existsSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const PAGES = ["/", "/about", "/api-docs", "/contact", "/scrapers/1", "/login", "/register"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

const base = process.env.LIGHTHOUSE_URL ?? "http://127.0.0.1:3000";
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const chromePath = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find(
  (candidate) => candidate && existsSync(candidate),
);

type Scores = Record<(typeof CATEGORIES)[number], number> & { lcp: number; cls: number; tbt: number };

async function audit(port: number, url: string): Promise<Scores> {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
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

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"],
});
try {
  console.log(`Lighthouse (mobile), ${base}, median of ${runs} run(s) by performance`);
  console.log("page            perf  a11y  best  seo   LCP ms   CLS     TBT ms");
  for (const page of PAGES) {
    const results: Scores[] = [];
    for (let run = 0; run < runs; run++) results.push(await audit(chrome.port, new URL(page, base).toString()));
    results.sort((a, b) => a.performance - b.performance);
    const median = results[Math.floor(results.length / 2)] as Scores;
    console.log(
      `${page.padEnd(15)} ${String(median.performance).padStart(4)}  ${String(median.accessibility).padStart(4)}  ${String(
        median["best-practices"],
      ).padStart(4)}  ${String(median.seo).padStart(3)}  ${median.lcp.toFixed(0).padStart(7)}  ${median.cls
        .toFixed(3)
        .padStart(6)}  ${median.tbt.toFixed(0).padStart(7)}`,
    );
  }
} finally {
  chrome.kill();
}
