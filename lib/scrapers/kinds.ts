/**
 * What the engine can scrape: one extractor per kind (extractors/index.ts). The catalogue names a kind for each
 * scraper; the database stores it as text, checked against this list where it is read (scraperKindOf).
 */
export const SCRAPER_KINDS = ["product", "social_profile", "real_estate", "job", "news_article", "restaurant"] as const;

export type ScraperKind = (typeof SCRAPER_KINDS)[number];

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
  return (SCRAPER_KINDS as readonly string[]).includes(value);
}
