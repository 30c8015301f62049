// How extraction quality is scored against a corpus's ground truth (docs/architecture.md, "Extraction
// quality"). Each metric compares one field of our item with the annotated value(s); the scores follow the
// public extraction benchmarks so our figures can be set beside theirs.
import { parseLocaleNumber } from "@/lib/scrapers/extract/numbers";

/** Absolute tolerance for a price to count as equal (the product benchmark compares decimals). */
export const PRICE_TOLERANCE = 0.005;

// Curly and straight quotes, apostrophes and the dashes – — - count as the same character (the corpus's
// scoring rules, /work/shared/corpus/README.md "Scoring these fields"): a page's typography is not a miss.
const SINGLE_QUOTES = /[\u2018\u2019\u201A\u201B\u02BC\u2032]/g;
const DOUBLE_QUOTES = /[\u201C\u201D\u201E\u201F\u2033]/g;
const DASHES = /[\u2010-\u2015\u2212]/g;

/** NFKC, quotes and dashes made straight, whitespace collapsed, case folded: how titles, authors and SKUs are compared. */
export function normalizeText(value: string): string {
  return value
    .normalize("NFKC")
    .replace(SINGLE_QUOTES, "'")
    .replace(DOUBLE_QUOTES, '"')
    .replace(DASHES, "-")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

/**
 * The numbers an annotated price may stand for: annotators copied prices as written, so "2.449" may be
 * a decimal or a thousands-grouped 2449; both readings are accepted.
 */
export function annotatedAmounts(annotated: string): number[] {
  const text = annotated.trim();
  const readings = [Number(text), parseLocaleNumber(text)];
  return [...new Set(readings.filter((value): value is number => value !== null && Number.isFinite(value)))];
}

export function priceMatches(predicted: number | null, acceptable: readonly string[]): boolean {
  if (predicted === null) return false;
  return acceptable.some((value) => annotatedAmounts(value).some((amount) => Math.abs(amount - predicted) <= PRICE_TOLERANCE));
}

export function exactMatches(predicted: string | null, acceptable: readonly string[]): boolean {
  if (!predicted) return false;
  const ours = normalizeText(predicted);
  return acceptable.some((value) => normalizeText(value) === ours);
}

/**
 * Every name of the expected author (split at ", ") appears in ours, in any order: "Jane Doe, John Roe"
 * is in "John Roe and Jane Doe". Any of the accepted forms may be the one that holds.
 */
export function authorMatches(predicted: string | null, forms: readonly string[]): boolean {
  if (!predicted) return false;
  const ours = normalizeText(predicted);
  return forms.some((form) => {
    const names = normalizeText(form)
      .split(", ")
      .map((name) => name.trim())
      .filter(Boolean);
    return names.length > 0 && names.every((name) => ours.includes(name));
  });
}

/** The calendar day a date or timestamp is written with (its leading YYYY-MM-DD, in its own offset); null when none. */
export function writtenDay(value: string): string | null {
  return /^\s*(\d{4}-\d{2}-\d{2})/.exec(value)?.[1] ?? null;
}

/**
 * The same day, at day precision as written: ours ("2016-05-14T11:04:00.000Z" is 2016-05-14) against the
 * expected value's and every accepted day (the corpus lists both days when the instant falls on another
 * day in UTC, or the page shows a second day for the same publication).
 */
export function dateMatches(predicted: string | null, accepted: readonly string[]): boolean {
  const ours = predicted ? writtenDay(predicted) : null;
  return ours !== null && accepted.some((value) => writtenDay(value) === ours);
}

/** Lower-cased words and numbers, every script: the body metric's tokens. */
export function tokens(text: string): string[] {
  return (
    text
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

export interface TokenScore {
  precision: number;
  recall: number;
  f1: number;
}

/** Bag-of-tokens precision and recall of our text against the expected one. */
export function tokenScore(predicted: string | null, expected: string): TokenScore {
  const ours = tokens(predicted ?? "");
  const theirs = tokens(expected);
  if (ours.length === 0 || theirs.length === 0) {
    const both = ours.length === 0 && theirs.length === 0;
    return { precision: both ? 1 : 0, recall: both ? 1 : 0, f1: both ? 1 : 0 };
  }
  const counts = new Map<string, number>();
  for (const token of theirs) counts.set(token, (counts.get(token) ?? 0) + 1);
  let common = 0;
  for (const token of ours) {
    const left = counts.get(token) ?? 0;
    if (left > 0) {
      common++;
      counts.set(token, left - 1);
    }
  }
  const precision = common / ours.length;
  const recall = common / theirs.length;
  return { precision, recall, f1: harmonic(precision, recall) };
}

export function harmonic(a: number, b: number): number {
  return a + b === 0 ? 0 : (2 * a * b) / (a + b);
}

/**
 * Price F1 as the product benchmark defines it: precision over the pages where we gave a price, recall
 * over the pages with an annotated price.
 */
export function priceF1(outcomes: readonly { predicted: boolean; correct: boolean }[]): TokenScore {
  const predicted = outcomes.filter((outcome) => outcome.predicted).length;
  const correct = outcomes.filter((outcome) => outcome.correct).length;
  const precision = predicted === 0 ? 0 : correct / predicted;
  const recall = outcomes.length === 0 ? 0 : correct / outcomes.length;
  return { precision, recall, f1: harmonic(precision, recall) };
}
