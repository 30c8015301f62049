// npm run bench:extract-page [-- --page=<kind>/<file>.html] [--only=parse,product,…] [--rounds=<n>] [--batch=<n>]
//   [--against=<git-ref-or-checkout-dir>]
// The fixed CPU cost of one extraction on a small page: the page `npm run bench:hot` has its "app run" rows
// scrape (test/fixtures/sites/product/jsonld.html, ~4 KB) through every kind's extractor, in a loop, in µs of
// CPU per page (process.cpuUsage, steadier than wall-clock on a shared machine). "parse" is parsePage alone
// (cheerio + DOM index + the structured-data layers); each kind's row is the whole extractFromHtml. Rounds
// alternate between the rows (and between the engines with --against), and each row prints the median round.
// Profile it with: node --import tsx --conditions=react-server --cpu-prof scripts/bench-extract-page.ts
import { readFileSync } from "node:fs";
import path from "node:path";
import { decodeHtml } from "@/lib/infra/outbound/charset";
import { extractFromHtml } from "@/lib/scrapers/engine";
import { parsePage } from "@/lib/scrapers/extract/page";
import { SCRAPER_KINDS, type ScraperKind } from "@/lib/scrapers/kinds";
import { FIXTURE_SITES } from "@/test/support/fixture-server";
import { otherCheckout } from "./bench/other-checkout";

const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const pageName = option("page") ?? "product/jsonld.html";
const rounds = Number(option("rounds") ?? 15);
/** Extractions per row per round. */
const batch = Number(option("batch") ?? 200);
const against = option("against");

const bytes = readFileSync(path.join(FIXTURE_SITES, pageName));
const html = decodeHtml(bytes).text;
const url = `https://fixtures.example/${pageName}`;

interface Engine {
  label: string;
  extract: typeof extractFromHtml;
  parse: typeof parsePage;
}
type RowName = "parse" | ScraperKind;
const only = option("only")?.split(",");
const rows = (["parse", ...SCRAPER_KINDS] as RowName[]).filter((row) => !only || only.includes(row));

function run(engine: Engine, row: RowName): void {
  if (row === "parse") engine.parse(html, url);
  else engine.extract(row, html, url, { includeReviews: true });
}

/** CPU µs per page over one batch. */
function measure(engine: Engine, row: RowName): number {
  const before = process.cpuUsage();
  for (let i = 0; i < batch; i++) run(engine, row);
  const { user, system } = process.cpuUsage(before);
  return (user + system) / batch;
}

const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const engines: Engine[] = [{ label: "this checkout", extract: extractFromHtml, parse: parsePage }];
let cleanup = () => {};
if (against) {
  const other = await otherCheckout(against);
  cleanup = other.cleanup;
  const engine = (await other.load("lib/scrapers/engine.ts")) as { extractFromHtml: typeof extractFromHtml };
  const page = (await other.load("lib/scrapers/extract/page.ts")) as { parsePage: typeof parsePage };
  engines.push({ label: `against ${against}`, extract: engine.extractFromHtml, parse: page.parsePage });
}

try {
  console.log(
    `Page ${pageName} (${(bytes.byteLength / 1024).toFixed(1)} KB), ${rounds} rounds × ${batch} extractions per row, Node ${process.version}`,
  );
  // Warm-up: JIT, selector caches, lazily built tables.
  for (const engine of engines) for (const row of rows) for (let i = 0; i < 100; i++) run(engine, row);
  const samples = new Map<string, number[]>();
  for (let round = 0; round < rounds; round++) {
    for (const row of rows) {
      for (const engine of engines) {
        const key = `${engine.label}\0${row}`;
        samples.set(key, [...(samples.get(key) ?? []), measure(engine, row)]);
      }
    }
  }
  const header = engines.map((engine) => engine.label.padStart(22)).join("");
  console.log(`${"µs CPU per page (median)".padEnd(26)}${header}${engines.length === 2 ? "    change" : ""}`);
  for (const row of rows) {
    const figures = engines.map((engine) => median(samples.get(`${engine.label}\0${row}`) ?? []));
    const change = figures.length === 2 ? `  ${(((figures[0] ?? 0) / (figures[1] ?? 1) - 1) * 100).toFixed(1).padStart(7)}%` : "";
    console.log(`  ${row.padEnd(24)}${figures.map((figure) => figure.toFixed(0).padStart(22)).join("")}${change}`);
  }
} finally {
  cleanup();
}
