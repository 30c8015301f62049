// How extraction quality is scored against a corpus's ground truth (docs/architecture.md, "Extraction
// quality"). Each metric compares one field of our item with the annotated value(s); the scores follow the
// public extraction benchmarks so our figures can be set beside theirs.
import { parseLocaleNumber } from "@/lib/scrapers/extract/numbers";

/** Absolute tolerance for a price to count as equal (the product benchmark compares decimals). */
export const PRICE_TOLERANCE = 0.005;

/** NFKC, whitespace collapsed, case folded: how titles and SKUs are compared. */
export function normalizeText(value: string): string {
  return value.normalize("NFKC").replace(/\s+/g, " ").trim().toLowerCase();
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

/** The expected author's name is contained in ours ("Jane Doe" in "Jane Doe, John Roe"). */
export function authorMatches(predicted: string | null, expected: string): boolean {
  if (!predicted) return false;
  return normalizeText(predicted).includes(normalizeText(expected));
}

/** The UTC calendar day of an ISO date or timestamp; null when unreadable. */
export function calendarDay(value: string): string | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
}

/** Earliest and latest UTC offsets in use: a date without a time is that day somewhere in this range. */
const ZONE_HOURS = { east: 14, west: 12 };

/**
 * Same calendar day. Two timestamps compare by UTC day; a date without a time (as pages print it, in
 * their own zone) matches a timestamp that falls on that day in some time zone.
 */
export function dateMatches(predicted: string | null, expected: string): boolean {
  if (!predicted) return false;
  const ours = calendarDay(predicted);
  const theirs = calendarDay(expected);
  if (ours === null || theirs === null) return false;
  if (ours === theirs) return true;
  const dateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
  const [day, instant] = dateOnly(predicted) ? [predicted, expected] : dateOnly(expected) ? [expected, predicted] : [null, null];
  if (!day || !instant || dateOnly(instant)) return false;
  const start = Date.parse(`${day}T00:00:00Z`) - ZONE_HOURS.east * 3_600_000;
  const end = Date.parse(`${day}T24:00:00Z`) + ZONE_HOURS.west * 3_600_000;
  const at = Date.parse(instant);
  return at >= start && at < end;
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
