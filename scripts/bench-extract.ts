// npm run bench:extract [-- --seconds=<n>] — pages per second through the extractors alone (parse + every
// layer, no network) over the whole fixture set, each page with its own kind's extractor. Wall-clock and
// CPU figures are both printed: on a shared machine the CPU one is the steadier measure.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { extractFromHtml } from "../lib/scrapers/engine";
import { decodeHtml } from "../lib/scrapers/fetch/charset";
import { isScraperKind, type ScraperKind } from "../lib/scrapers/kinds";
import { FIXTURE_SITES } from "../test/support/fixture-server";

const seconds = Number(process.argv.find((arg) => arg.startsWith("--seconds="))?.split("=")[1] ?? 5);

// The fixture folders are named after the kinds; any other folder is not a kind's pages.
const pages = readdirSync(FIXTURE_SITES)
  .filter(isScraperKind)
  .flatMap((kind) =>
    readdirSync(path.join(FIXTURE_SITES, kind))
      .filter((file) => file.endsWith(".html"))
      .map((file) => {
        const bytes = readFileSync(path.join(FIXTURE_SITES, kind, file));
        return {
          kind,
          html: decodeHtml(bytes).text,
          bytes: bytes.byteLength,
          url: `https://fixtures.example/${kind}/${file}`,
        };
      }),
  );
const setBytes = pages.reduce((sum, page) => sum + page.bytes, 0);

const extract = (page: (typeof pages)[number]) => extractFromHtml(page.kind, page.html, page.url, { includeReviews: true });
for (const page of pages) extract(page); // warm-up: JIT, selector caches

const perKind = new Map<ScraperKind, { pages: number; ms: number }>();
let passes = 0;
const cpuBefore = process.cpuUsage();
const started = performance.now();
while (performance.now() - started < seconds * 1000) {
  for (const page of pages) {
    const before = performance.now();
    extract(page);
    const stats = perKind.get(page.kind) ?? { pages: 0, ms: 0 };
    stats.pages++;
    stats.ms += performance.now() - before;
    perKind.set(page.kind, stats);
  }
  passes++;
}
const wall = (performance.now() - started) / 1000;
const { user, system } = process.cpuUsage(cpuBefore);
const cpu = (user + system) / 1e6;
const total = passes * pages.length;
const rate = (per: number) => (total / per).toFixed(0);
const megabytes = (per: number) => ((passes * setBytes) / per / 1024 / 1024).toFixed(1);

console.log(
  `Fixture set: ${pages.length} pages, ${(setBytes / 1024).toFixed(0)} KB, ${perKind.size} kinds; Node ${process.version}`,
);
console.log(`${total} extractions (${passes} passes) in ${wall.toFixed(1)} s wall, ${cpu.toFixed(1)} s CPU`);
console.log(
  `Wall: ${rate(wall)} pages/s (${megabytes(wall)} MB/s)   CPU: ${rate(cpu)} pages per CPU-second (${megabytes(cpu)} MB/s)`,
);
for (const [kind, stats] of [...perKind].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(
    `  ${kind.padEnd(14)} ${(stats.pages / (stats.ms / 1000)).toFixed(0).padStart(6)} pages/s  ${(stats.ms / stats.pages).toFixed(2)} ms/page (wall)`,
  );
}
