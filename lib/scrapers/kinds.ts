import { SCRAPER_ITEMS } from "./item-schema";

/**
 * What the engine can scrape: the kinds of SCRAPER_ITEMS (item-schema.ts), each with one extractor
 * (extractors/index.ts). The catalogue names a kind for each scraper; the database stores it as text, checked against
 * this list where it is read (scraperKindOf).
 */
export type ScraperKind = keyof typeof SCRAPER_ITEMS;

export const SCRAPER_KINDS = Object.keys(SCRAPER_ITEMS) as ScraperKind[];

/**
 * A kind as the database stores it (text: the list is the code's, so a new kind needs no migration). The seed is the
 * only writer and takes ScraperKinds; anything else is corrupt data, not input.
 */
export function scraperKindOf(stored: string): ScraperKind {
  if (!isScraperKind(stored)) throw new Error(`Unknown scraper kind in the database: ${JSON.stringify(stored)}`);
  return stored;
}

/** For names read from outside the type system (folder names, command lines). */
export function isScraperKind(value: string): value is ScraperKind {
  return Object.hasOwn(SCRAPER_ITEMS, value);
}
