// Calibration of `_meta.probability` (lib/scrapers/extractors/confidence.ts) on a ground-truth corpus: every
// page is run through every kind's extractor, each (page, kind) pair labelled 1 when the page is one of the
// kind's pages, and a logistic model over the extraction's signals is fitted to those labels. The reliability
// table then sets predicted probabilities beside how often pages so rated really are the kind's.

import { decodeHtml } from "@/lib/infra/outbound/charset";
import { parsePage } from "@/lib/scrapers/extract/page";
import { type KindSignals, probabilityOf, SIGNAL_NAMES, WEIGHTS } from "@/lib/scrapers/extractors/confidence";
import { extractItems, isPageExtractor } from "@/lib/scrapers/extractors/extractor";
import { EXTRACTORS } from "@/lib/scrapers/extractors/index";
import { SCRAPER_KINDS, type ScraperKind } from "@/lib/scrapers/kinds";
import type { CorpusCase } from "./corpus";

/**
 * Corpus pages of the article category that are not articles, read one by one: podcast and video players,
 * a code repository, a course's landing page, a home page, a topic listing, and a car for sale (a product).
 */
export const NOT_ARTICLES: Record<string, ScraperKind | null> = {
  "article/metascraper-acast": null,
  "article/metascraper-github": null,
  "article/metascraper-learnnode": null,
  "article/metascraper-milanocittastato": null,
  "article/metascraper-qz": null,
  "article/metascraper-reactpodcast": null,
  "article/metascraper-teslahunt": "product",
  "article/metascraper-transistor": null,
  "article/metascraper-vimeo": null,
};

export interface Example {
  case: string;
  kind: ScraperKind;
  signals: KindSignals;
  /** 1 when the page is one of the kind's pages. */
  label: number;
}

/** The kind a corpus page really is, or null when it is none of the kinds. */
export function trueKind(entry: CorpusCase): ScraperKind | null {
  if (entry.name in NOT_ARTICLES) return NOT_ARTICLES[entry.name] ?? null;
  return entry.kind;
}

/** Every (page, kind) pair of the corpus with the extraction's signals and its label. */
export function collectExamples(cases: readonly CorpusCase[]): Example[] {
  const examples: Example[] = [];
  for (const entry of cases) {
    const html = decodeHtml(entry.html).text;
    const truth = trueKind(entry);
    for (const kind of SCRAPER_KINDS) {
      const extractor: object = EXTRACTORS[kind];
      // A kind read without the layered runner (Web Page) has no `_meta.probability` to calibrate.
      if (isPageExtractor(extractor)) continue;
      try {
        const { signals } = extractItems(extractor as never, parsePage(html, entry.url), {});
        examples.push({ case: entry.name, kind, signals, label: kind === truth ? 1 : 0 });
      } catch {
        // A page the engine refuses (page_too_complex) has no signals to learn from.
      }
    }
  }
  return examples;
}

export type Weights = typeof WEIGHTS;

const FEATURES = ["intercept", ...SIGNAL_NAMES] as const;

function features(signals: KindSignals): number[] {
  return [1, ...SIGNAL_NAMES.map((name) => signals[name])];
}

/**
 * L2-regularised logistic regression by Newton's method (iteratively reweighted least squares). `fixed`
 * weights are kept as given and enter as an offset: `listing` and `blocked`, which the corpus has (almost)
 * no example of (it holds detail pages only), keep the priors confidence.ts states.
 */
export function fitWeights(
  examples: readonly Example[],
  { l2 = 1, fixed = { listing: WEIGHTS.listing, blocked: WEIGHTS.blocked } as Partial<Weights> } = {},
): Weights {
  const free = FEATURES.filter((name) => !(name in fixed));
  const index = free.map((name) => FEATURES.indexOf(name));
  let beta = free.map(() => 0);
  const offsetOf = (x: number[]) => FEATURES.reduce((sum, name, i) => sum + (fixed[name as keyof Weights] ?? 0) * (x[i] ?? 0), 0);
  const rows = examples.map((example) => {
    const x = features(example.signals);
    return { x: index.map((i) => x[i] ?? 0), offset: offsetOf(x), y: example.label };
  });
  for (let iteration = 0; iteration < 50; iteration++) {
    const size = beta.length;
    const gradient = beta.map((value, i) => (i === 0 ? 0 : l2 * value));
    const hessian = beta.map((_, i) => beta.map((__, j) => (i === j && i !== 0 ? l2 : 0)));
    for (const row of rows) {
      const p = 1 / (1 + Math.exp(-(row.offset + row.x.reduce((sum, value, i) => sum + value * (beta[i] ?? 0), 0))));
      const w = p * (1 - p);
      for (let i = 0; i < size; i++) {
        gradient[i] = (gradient[i] ?? 0) - (row.y - p) * (row.x[i] ?? 0);
        for (let j = 0; j < size; j++)
          (hessian[i] as number[])[j] = ((hessian[i] as number[])[j] ?? 0) + w * (row.x[i] ?? 0) * (row.x[j] ?? 0);
      }
    }
    const step = solve(hessian, gradient);
    beta = beta.map((value, i) => value - (step[i] ?? 0));
    if (Math.max(...step.map(Math.abs)) < 1e-8) break;
  }
  const weights = { ...WEIGHTS, ...fixed } as Weights;
  free.forEach((name, i) => {
    weights[name as keyof Weights] = Math.round((beta[i] ?? 0) * 100) / 100;
  });
  return weights;
}

/** Gaussian elimination with partial pivoting: the Newton step. */
function solve(matrix: number[][], vector: number[]): number[] {
  const n = vector.length;
  const a = matrix.map((row, i) => [...row, vector[i] ?? 0]);
  for (let column = 0; column < n; column++) {
    let pivot = column;
    for (let row = column + 1; row < n; row++)
      if (Math.abs(a[row]?.[column] ?? 0) > Math.abs(a[pivot]?.[column] ?? 0)) pivot = row;
    [a[column], a[pivot]] = [a[pivot] as number[], a[column] as number[]];
    const lead = a[column]?.[column] ?? 0;
    if (Math.abs(lead) < 1e-12) continue;
    for (let row = 0; row < n; row++) {
      if (row === column) continue;
      const factor = (a[row]?.[column] ?? 0) / lead;
      for (let k = column; k <= n; k++) (a[row] as number[])[k] = (a[row]?.[k] ?? 0) - factor * (a[column]?.[k] ?? 0);
    }
  }
  return a.map((row, i) => (Math.abs(row[i] ?? 0) < 1e-12 ? 0 : (row[n] ?? 0) / (row[i] ?? 1)));
}

export interface ReliabilityBin {
  from: number;
  to: number;
  pairs: number;
  /** Mean predicted probability in the bin. */
  predicted: number;
  /** Share of the bin's pairs that really are the kind's pages. */
  observed: number;
}

export interface Reliability {
  bins: ReliabilityBin[];
  /** Mean squared error of the probabilities. */
  brier: number;
  /** Expected calibration error: the pair-weighted mean gap between predicted and observed. */
  ece: number;
}

export function reliability(predictions: readonly { probability: number; label: number }[], binCount = 10): Reliability {
  const bins: ReliabilityBin[] = Array.from({ length: binCount }, (_, i) => ({
    from: i / binCount,
    to: (i + 1) / binCount,
    pairs: 0,
    predicted: 0,
    observed: 0,
  }));
  let brier = 0;
  for (const { probability, label } of predictions) {
    const bin = bins[Math.min(binCount - 1, Math.floor(probability * binCount))] as ReliabilityBin;
    bin.pairs++;
    bin.predicted += probability;
    bin.observed += label;
    brier += (probability - label) ** 2;
  }
  let gap = 0;
  for (const bin of bins) {
    if (bin.pairs === 0) continue;
    bin.predicted /= bin.pairs;
    bin.observed /= bin.pairs;
    gap += bin.pairs * Math.abs(bin.predicted - bin.observed);
  }
  const total = Math.max(1, predictions.length);
  return { bins, brier: brier / total, ece: gap / total };
}

/** Each pair's probability from weights fitted without its page's fold: how the model does on pages it did not see. */
export function crossValidated(examples: readonly Example[], folds = 5): { probability: number; label: number }[] {
  const pages = [...new Set(examples.map((example) => example.case))];
  const foldOf = new Map(pages.map((name, i) => [name, i % folds]));
  const predictions: { probability: number; label: number }[] = [];
  for (let fold = 0; fold < folds; fold++) {
    const weights = fitWeights(examples.filter((example) => foldOf.get(example.case) !== fold));
    for (const example of examples) {
      if (foldOf.get(example.case) === fold)
        predictions.push({ probability: probabilityOf(example.signals, weights), label: example.label });
    }
  }
  return predictions;
}
