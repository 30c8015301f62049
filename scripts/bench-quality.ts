// npm run bench:quality -- <corpus-dir> [category…] [--cases=<regex>] [--out=<summary.json>] [--compare=<old.json>] [--misses=<n>]
// Scores the engine's extraction against a ground-truth corpus (see lib/scrapers/quality): per field the
// score and the cases that miss, the scores per source of the ground truth, then pages/s. --cases keeps the
// cases whose name ("product/peb-…") matches; --out writes the JSON summary; --compare prints a before/after
// table against an earlier summary.
import { readFileSync, writeFileSync } from "node:fs";
import { loadCorpus, type QualitySummary, scoreCorpus } from "../lib/scrapers/quality/corpus";

const args = process.argv.slice(2);
const option = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const positional = args.filter((arg) => !arg.startsWith("--"));
const [corpus, ...categories] = positional;
if (!corpus) {
  console.error(
    "usage: npm run bench:quality -- <corpus-dir> [category…] [--cases=regex] [--out=file.json] [--compare=old.json] [--misses=n]",
  );
  process.exit(2);
}
const missLimit = Number(option("misses") ?? 15);

const cases = option("cases");
const summary = scoreCorpus(corpus, loadCorpus(corpus, categories, cases ? new RegExp(cases) : undefined));
const percent = (value: number | undefined) => (value === undefined ? "    -" : `${(value * 100).toFixed(1).padStart(5)}`);

for (const [name, field] of Object.entries(summary.fields)) {
  const detail = field.precision !== undefined ? ` (P ${percent(field.precision)} R ${percent(field.recall)})` : "";
  console.log(`\n${name}: ${percent(field.score)}${detail} on ${field.cases} pages, ${field.misses.length} misses`);
  for (const miss of field.misses.slice(0, missLimit)) {
    const score = miss.score !== undefined ? ` [F1 ${percent(miss.score)}]` : "";
    console.log(`  ${miss.case}${score}\n    want: ${miss.expected}\n    got:  ${miss.got ?? "(none)"}`);
  }
  if (field.misses.length > missLimit) console.log(`  … ${field.misses.length - missLimit} more (--misses=<n>)`);
}
for (const error of summary.errors) console.log(`ERROR ${error.case}: ${error.message}`);

console.log(
  `\n${summary.pages} pages in ${summary.seconds.toFixed(2)} s of extraction: ${summary.pagesPerSecond.toFixed(0)} pages/s`,
);
console.log(`slowest: ${summary.slowest.map((page) => `${page.case} ${page.ms} ms (${page.kb} KB)`).join(", ")}`);
console.log(`field          score  pages`);
for (const [name, field] of Object.entries(summary.fields))
  console.log(`${name.padEnd(12)} ${percent(field.score)}  ${field.cases}`);

// Per source: "score/pages" for every field the source annotates.
const fieldNames = Object.keys(summary.fields);
console.log(`\n${"source".padEnd(12)} ${fieldNames.map((name) => name.padStart(13)).join("")}`);
for (const [source, scores] of Object.entries(summary.sources)) {
  const cells = fieldNames.map((name) => {
    const score = scores[name];
    return (score ? `${percent(score.score).trim()}/${score.cases}` : "-").padStart(13);
  });
  console.log(`${source.padEnd(12)} ${cells.join("")}`);
}

const out = option("out");
if (out) writeFileSync(out, `${JSON.stringify(summary, null, 2)}\n`);

const compare = option("compare");
if (compare) {
  const before = JSON.parse(readFileSync(compare, "utf8")) as QualitySummary;
  console.log(`\nfield         before   after   change`);
  const names = new Set([...Object.keys(before.fields), ...Object.keys(summary.fields)]);
  for (const name of names) {
    const old = before.fields[name]?.score;
    const now = summary.fields[name]?.score;
    const change = old !== undefined && now !== undefined ? `${now >= old ? "+" : ""}${((now - old) * 100).toFixed(1)}` : "";
    console.log(`${name.padEnd(12)} ${percent(old)}   ${percent(now)}   ${change}`);
  }
  console.log(
    `${"pages/s".padEnd(12)} ${before.pagesPerSecond.toFixed(0).padStart(5)}   ${summary.pagesPerSecond.toFixed(0).padStart(5)}`,
  );
}
