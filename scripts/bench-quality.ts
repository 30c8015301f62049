// npm run bench:quality -- <corpus-dir> [category…] [--cases=<regex>] [--out=<summary.json>] [--compare=<old.json>] [--misses=<n>] [--calibrate]
// Scores the engine's extraction against a ground-truth corpus (see lib/scrapers/quality): per field the
// score and the cases that miss, the scores per source of the ground truth, then pages/s. --cases keeps the
// cases whose name ("product/peb-…") matches; --out writes the JSON summary; --compare prints a before/after
// table against an earlier summary. --calibrate fits `_meta.probability`'s weights on the corpus and prints
// them with the reliability table of the shipped weights and of cross-validated ones.
import { readFileSync, writeFileSync } from "node:fs";
import { probabilityOf, SIGNAL_NAMES, WEIGHTS } from "@/lib/scrapers/extractors/confidence";
import { collectExamples, crossValidated, fitWeights, type Reliability, reliability } from "@/lib/scrapers/quality/calibration";
import { loadCorpus, type QualitySummary, scoreCorpus } from "@/lib/scrapers/quality/corpus";

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

if (args.includes("--calibrate")) {
  const examples = collectExamples(loadCorpus(corpus, categories, cases ? new RegExp(cases) : undefined));
  const positives = examples.filter((example) => example.label === 1).length;
  console.log(`\ncalibration: ${examples.length} (page, kind) pairs, ${positives} of them the page's own kind`);
  const fitted = fitWeights(examples);
  console.log(`fitted weights: ${JSON.stringify(fitted)}`);
  console.log(`shipped weights: ${JSON.stringify(WEIGHTS)}`);
  const table = (title: string, result: Reliability) => {
    console.log(`\n${title}: Brier ${result.brier.toFixed(4)}, ECE ${result.ece.toFixed(4)}`);
    console.log("predicted   pairs   mean predicted   observed");
    for (const bin of result.bins) {
      if (bin.pairs === 0) continue;
      console.log(
        `${bin.from.toFixed(1)}–${bin.to.toFixed(1)}  ${String(bin.pairs).padStart(7)}   ${bin.predicted.toFixed(3).padStart(14)}   ${bin.observed.toFixed(3).padStart(8)}`,
      );
    }
  };
  const shipped = examples.map((example) => ({ probability: probabilityOf(example.signals), label: example.label }));
  table("shipped weights, every pair", shipped.length ? reliability(shipped) : reliability([]));
  table("5-fold cross-validated (weights fitted without the page's fold)", reliability(crossValidated(examples)));
  // Which signals the pages of each kind show, to read the weights by.
  console.log(`\nkind           label  pairs  ${SIGNAL_NAMES.join("  ")}  mean probability`);
  for (const kind of new Set(examples.map((example) => example.kind))) {
    for (const label of [1, 0]) {
      const group = examples.filter((example) => example.kind === kind && example.label === label);
      if (group.length === 0) continue;
      const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
      const signals = SIGNAL_NAMES.map((name) =>
        mean(group.map((example) => example.signals[name]))
          .toFixed(2)
          .padStart(name.length),
      );
      const probability = mean(group.map((example) => probabilityOf(example.signals)));
      console.log(
        `${kind.padEnd(14)} ${label}  ${String(group.length).padStart(6)}  ${signals.join("  ")}  ${probability.toFixed(3)}`,
      );
    }
  }
}
