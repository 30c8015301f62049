// Runs a ground-truth corpus (layout `<category>/<case>/source.html, expected.json, meta.json`) through the
// engine and scores each annotated field. Used by `npm run bench:quality`; no network, no server.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { decodeHtml } from "@/lib/infra/outbound/charset";
import { extractFromHtml } from "@/lib/scrapers/engine";
import { isScraperKind, type ScraperKind } from "@/lib/scrapers/kinds";
import {
  authorMatches,
  dateMatches,
  exactMatches,
  harmonic,
  priceF1,
  priceMatches,
  type TokenScore,
  tokenScore,
} from "./metrics";

/** Corpus categories that are not named after a kind. */
const CATEGORY_KINDS: Record<string, ScraperKind> = { article: "news_article" };

type Metric = "price" | "exact" | "author" | "date" | "tokens";

/** A scored field: where the annotation is (expected.json) and where our value is (the item). */
interface FieldSpec {
  name: string;
  expected: string;
  ours: string;
  metric: Metric;
}

const FIELDS: FieldSpec[] = [
  { name: "price", expected: "price", ours: "price", metric: "price" },
  { name: "availability", expected: "availability", ours: "availability", metric: "exact" },
  { name: "sku", expected: "sku", ours: "sku", metric: "exact" },
  { name: "title", expected: "title", ours: "title", metric: "exact" },
  { name: "author", expected: "author", ours: "author", metric: "author" },
  { name: "date", expected: "datePublished", ours: "published_at", metric: "date" },
  { name: "body", expected: "articleBody", ours: "body", metric: "tokens" },
];

/** How many of the slowest pages the summary names. */
const SLOWEST = 5;

/** A page-level body F1 below this is listed as a miss. */
const BODY_MISS_BELOW = 0.9;

export interface CorpusCase {
  category: string;
  name: string;
  kind: ScraperKind;
  /** Where the case and its ground truth come from (meta.json source_key: peb, postlight, …). */
  source: string;
  html: Uint8Array;
  url: string;
  expected: Record<string, unknown>;
  /** Every accepted value per field when the annotators gave several (meta.json acceptable_values). */
  acceptable: Record<string, string[]>;
}

export interface Miss {
  case: string;
  expected: string;
  got: string | null;
  score?: number;
}

export interface FieldScore {
  /** The headline figure: F1 for price and body, the share of exact matches otherwise. */
  score: number;
  cases: number;
  precision?: number;
  recall?: number;
  misses: Miss[];
}

export interface QualitySummary {
  corpus: string;
  categories: string[];
  pages: number;
  fields: Record<string, FieldScore>;
  /** The same scores per source of the ground truth (misses left out: they are in `fields`). */
  sources: Record<string, Record<string, Omit<FieldScore, "misses"> & { missed: number }>>;
  /** Extraction only (decode + parse + extract), summed over the pages. */
  seconds: number;
  pagesPerSecond: number;
  errors: { case: string; message: string }[];
  /** The pages that took longest, for spotting slow paths. */
  slowest: { case: string; ms: number; kb: number }[];
}

/** The corpus's cases in `categories` (all when empty) whose name ("product/peb-…") matches `only`, when given. */
export function loadCorpus(dir: string, categories: readonly string[] = [], only?: RegExp): CorpusCase[] {
  const wanted = categories.length > 0 ? categories : readdirSync(dir).filter((name) => existsSync(path.join(dir, name, "")));
  const cases: CorpusCase[] = [];
  for (const category of wanted) {
    const kind = CATEGORY_KINDS[category] ?? (isScraperKind(category) ? category : null);
    const folder = path.join(dir, category);
    if (!kind || !existsSync(folder)) continue;
    for (const name of readdirSync(folder).sort()) {
      const caseDir = path.join(folder, name);
      const source = path.join(caseDir, "source.html");
      if (!existsSync(source) || (only && !only.test(`${category}/${name}`))) continue;
      const expected = readJson(path.join(caseDir, "expected.json"));
      const meta = readJson(path.join(caseDir, "meta.json"));
      cases.push({
        category,
        name: `${category}/${name}`,
        kind,
        source: typeof meta.source_key === "string" ? meta.source_key : "unknown",
        html: readFileSync(source),
        url: pageUrl(expected, meta),
        expected,
        acceptable: (meta.acceptable_values as Record<string, string[]> | null) ?? {},
      });
    }
  }
  return cases;
}

function readJson(file: string): Record<string, unknown> {
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>) : {};
}

/** The page's own address, as the engine would have fetched it: relative links resolve against it. */
function pageUrl(expected: Record<string, unknown>, meta: Record<string, unknown>): string {
  const candidates = [meta.page_url, expected.url, Array.isArray(meta.hosts) ? `https://${meta.hosts[0]}/` : null];
  for (const candidate of candidates) {
    if (typeof candidate === "string" && URL.canParse(candidate)) return candidate;
  }
  return "https://corpus.invalid/";
}

interface Outcome {
  source: string;
  correct: boolean;
  predicted: boolean;
  tokens?: TokenScore;
  miss: Miss;
}

export function scoreCorpus(corpus: string, cases: readonly CorpusCase[]): QualitySummary {
  const outcomes = new Map<string, Outcome[]>();
  const errors: QualitySummary["errors"] = [];
  let seconds = 0;
  const timings: QualitySummary["slowest"] = [];
  for (const entry of cases) {
    const started = performance.now();
    let item: Record<string, unknown> = {};
    try {
      const html = decodeHtml(entry.html).text;
      item = (extractFromHtml(entry.kind, html, entry.url)[0] as Record<string, unknown> | undefined) ?? {};
    } catch (error) {
      errors.push({ case: entry.name, message: error instanceof Error ? error.message : String(error) });
    }
    const ms = performance.now() - started;
    seconds += ms / 1000;
    timings.push({ case: entry.name, ms: Math.round(ms), kb: Math.round(entry.html.byteLength / 1024) });
    for (const field of FIELDS) {
      const expected = entry.expected[field.expected];
      if (typeof expected !== "string" || !expected.trim()) continue;
      const ours = item[field.ours];
      const got = ours === null || ours === undefined ? null : String(ours);
      // The annotated value and every other form the ground truth accepts.
      const accepted = [...new Set([expected, ...(entry.acceptable[field.expected] ?? [])])];
      const outcome = judge(field.metric, ours, got, expected, accepted);
      const list = outcomes.get(field.name) ?? [];
      list.push({
        ...outcome,
        source: entry.source,
        miss: { case: entry.name, expected: clip(expected), got: got && clip(got), score: outcome.tokens?.f1 },
      });
      outcomes.set(field.name, list);
    }
  }
  const fields: Record<string, FieldScore> = {};
  const sources: QualitySummary["sources"] = {};
  for (const field of FIELDS) {
    const list = outcomes.get(field.name);
    if (!list) continue;
    fields[field.name] = fieldScore(field.metric, list);
    for (const source of new Set(list.map((outcome) => outcome.source))) {
      const { misses, ...score } = fieldScore(
        field.metric,
        list.filter((outcome) => outcome.source === source),
      );
      sources[source] ??= {};
      (sources[source] as Record<string, unknown>)[field.name] = { ...score, missed: misses.length };
    }
  }
  return {
    corpus,
    categories: [...new Set(cases.map((entry) => entry.category))],
    pages: cases.length,
    fields,
    sources,
    seconds,
    pagesPerSecond: seconds > 0 ? cases.length / seconds : 0,
    errors,
    slowest: timings.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST),
  };
}

/** A field's headline score over some outcomes: price F1, body token F1 of the mean P and R, else the share right. */
function fieldScore(metric: Metric, list: readonly Outcome[]): FieldScore {
  const misses = list.filter((outcome) => !outcome.correct).map((outcome) => outcome.miss);
  if (metric === "price") {
    const score = priceF1(list);
    return { score: score.f1, precision: score.precision, recall: score.recall, cases: list.length, misses };
  }
  if (metric === "tokens") {
    const precision = mean(list.map((outcome) => outcome.tokens?.precision ?? 0));
    const recall = mean(list.map((outcome) => outcome.tokens?.recall ?? 0));
    return { score: harmonic(precision, recall), precision, recall, cases: list.length, misses };
  }
  return { score: list.filter((outcome) => outcome.correct).length / list.length, cases: list.length, misses };
}

function judge(
  metric: Metric,
  ours: unknown,
  got: string | null,
  expected: string,
  accepted: string[],
): { correct: boolean; predicted: boolean; tokens?: TokenScore } {
  switch (metric) {
    case "price": {
      const amount = typeof ours === "number" ? ours : null;
      return { predicted: amount !== null, correct: priceMatches(amount, accepted) };
    }
    case "exact":
      return { predicted: got !== null, correct: exactMatches(got, accepted) };
    case "author":
      return { predicted: got !== null, correct: authorMatches(got, accepted) };
    case "date":
      return { predicted: got !== null, correct: dateMatches(got, accepted) };
    case "tokens": {
      const tokens = tokenScore(got, expected);
      return { predicted: got !== null, correct: tokens.f1 >= BODY_MISS_BELOW, tokens };
    }
  }
}

function mean(list: number[]): number {
  return list.length === 0 ? 0 : list.reduce((sum, value) => sum + value, 0) / list.length;
}

function clip(text: string, length = 90): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > length ? `${line.slice(0, length - 1)}…` : line;
}
