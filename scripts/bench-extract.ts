// npm run bench:extract [-- --seconds=<n>] — pages per second through the extractors alone (parse +
// every layer, no network) over the whole fixture set, each page with its own kind's extractor.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { extractFromHtml } from "../lib/scrapers/engine";
import { decodeHtml } from "../lib/scrapers/fetch/charset";
import type { ScraperKind } from "../lib/scrapers/types";
import { FIXTURE_SITES } from "../test/fixture-server";

const seconds = Number(process.argv.find((arg) => arg.startsWith("--seconds="))?.split("=")[1] ?? 5);

const pages = readdirSync(FIXTURE_SITES).flatMap((kind) =>
  readdirSync(path.join(FIXTURE_SITES, kind))
    .filter((file) => file.endsWith(".html"))
    .map((file) => {
      const bytes = readFileSync(path.join(FIXTURE_SITES, kind, file));
      return {
        kind: kind as ScraperKind,
        html: decodeHtml(bytes).text,
        bytes: bytes.byteLength,
        url: `https://fixtures.example/${kind}/${file}`,
      };
    }),
);

const runPass = () => {
  for (const page of pages) extractFromHtml(page.kind, page.html, page.url, { includeReviews: true });
};

runPass(); // warm-up: JIT, lazy module state
const perKind = new Map<ScraperKind, { pages: number; ms: number }>();
let passes = 0;
const started = performance.now();
while (performance.now() - started < seconds * 1000) {
  for (const page of pages) {
    const before = performance.now();
    extractFromHtml(page.kind, page.html, page.url, { includeReviews: true });
    const stats = perKind.get(page.kind) ?? { pages: 0, ms: 0 };
    stats.pages++;
    stats.ms += performance.now() - before;
    perKind.set(page.kind, stats);
  }
  passes++;
}
const elapsed = (performance.now() - started) / 1000;
const total = passes * pages.length;
const bytes = pages.reduce((sum, page) => sum + page.bytes, 0) * passes;

console.log(
  `Fixture set: ${pages.length} pages, ${(bytes / passes / 1024).toFixed(0)} KB, ${perKind.size} kinds (Node ${process.version})`,
);
console.log(
  `${total} extractions in ${elapsed.toFixed(1)} s: ${(total / elapsed).toFixed(0)} pages/s, ${(bytes / elapsed / 1024 / 1024).toFixed(1)} MB/s`,
);
for (const [kind, stats] of [...perKind].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(
    `  ${kind.padEnd(14)} ${(stats.pages / (stats.ms / 1000)).toFixed(0).padStart(6)} pages/s  ${(stats.ms / stats.pages).toFixed(2)} ms/page`,
  );
}
