// npm run bench:extract [-- --seconds=<n>] [--against=<git-ref-or-checkout-dir>] — pages per second through
// the extractors alone (parse + every layer, no network) over the whole fixture set, each page with its own
// kind's extractor. Wall-clock and CPU figures are both printed: on a shared machine the CPU one is the
// steadier measure. With --against, the other engine (a git ref checked out into a temporary worktree, or a
// checkout directory) runs the same pages in alternating rounds in this process, so both see the same load,
// and both rates are printed side by side.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { decodeHtml } from "@/lib/infra/outbound/charset";
import { extractFromHtml } from "@/lib/scrapers/engine";
import { isScraperKind, type ScraperKind } from "@/lib/scrapers/kinds";
import { FIXTURE_SITES } from "@/test/support/fixture-server";
import { otherCheckout } from "./bench/other-checkout";

const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const seconds = Number(option("seconds") ?? 5);
const against = option("against");

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

type Extract = typeof extractFromHtml;
interface Tally {
  passes: number;
  wall: number;
  cpu: number;
  perKind: Map<ScraperKind, { pages: number; ms: number }>;
}

const newTally = (): Tally => ({ passes: 0, wall: 0, cpu: 0, perKind: new Map() });

/** One pass over every page, added to the tally. */
function pass(extract: Extract, tally: Tally): void {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (const page of pages) {
    const before = performance.now();
    extract(page.kind, page.html, page.url, { includeReviews: true });
    const stats = tally.perKind.get(page.kind) ?? { pages: 0, ms: 0 };
    stats.pages++;
    stats.ms += performance.now() - before;
    tally.perKind.set(page.kind, stats);
  }
  tally.wall += (performance.now() - started) / 1000;
  const { user, system } = process.cpuUsage(cpuBefore);
  tally.cpu += (user + system) / 1e6;
  tally.passes++;
}

function report(label: string, tally: Tally): void {
  const total = tally.passes * pages.length;
  const rate = (per: number) => (total / per).toFixed(0);
  const megabytes = (per: number) => ((tally.passes * setBytes) / per / 1024 / 1024).toFixed(1);
  console.log(
    `${label}: ${total} extractions (${tally.passes} passes) in ${tally.wall.toFixed(1)} s wall, ${tally.cpu.toFixed(1)} s CPU`,
  );
  console.log(
    `  Wall: ${rate(tally.wall)} pages/s (${megabytes(tally.wall)} MB/s)   CPU: ${rate(tally.cpu)} pages per CPU-second (${megabytes(tally.cpu)} MB/s)`,
  );
  for (const [kind, stats] of [...tally.perKind].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(
      `    ${kind.padEnd(14)} ${(stats.pages / (stats.ms / 1000)).toFixed(0).padStart(6)} pages/s  ${(stats.ms / stats.pages).toFixed(2)} ms/page (wall)`,
    );
  }
}

/** The other engine: a checkout directory as it is, or a git ref checked out into a temporary worktree. */
async function otherEngine(spec: string): Promise<{ extract: Extract; label: string; cleanup: () => void }> {
  const other = await otherCheckout(spec);
  const module = (await other.load("lib/scrapers/engine.ts")) as { extractFromHtml: Extract };
  return { extract: module.extractFromHtml, label: `against ${spec}`, cleanup: other.cleanup };
}

console.log(`Fixture set: ${pages.length} pages, ${(setBytes / 1024).toFixed(0)} KB, Node ${process.version}`);
const engines: { label: string; extract: Extract; tally: Tally }[] = [
  { label: "this checkout", extract: extractFromHtml, tally: newTally() },
];
let cleanup = () => {};
if (against) {
  const other = await otherEngine(against);
  cleanup = other.cleanup;
  engines.push({ label: other.label, extract: other.extract, tally: newTally() });
}
try {
  for (const engine of engines) pass(engine.extract, newTally()); // warm-up: JIT, selector caches
  const started = performance.now();
  // Alternating passes: both engines see the same machine load.
  while (performance.now() - started < seconds * 1000 * engines.length) {
    for (const engine of engines) pass(engine.extract, engine.tally);
  }
  for (const engine of engines) report(engine.label, engine.tally);
  if (engines.length === 2) {
    const [mine, theirs] = engines.map((engine) => (engine.tally.passes * pages.length) / engine.tally.cpu);
    console.log(
      `CPU pages/s: this checkout ${mine?.toFixed(0)} vs ${against} ${theirs?.toFixed(0)} (${(((mine ?? 0) / (theirs ?? 1) - 1) * 100).toFixed(1)}%)`,
    );
  }
} finally {
  cleanup();
}
