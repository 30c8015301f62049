/**
 * What the engine can scrape: one extractor per kind (extractors/index.ts). The catalogue names a kind for each
 * scraper, and the database's ScraperKind enum (prisma/schema.prisma) holds the same values.
 */
export const SCRAPER_KINDS = ["product", "social_profile", "real_estate", "job", "news_article", "restaurant"] as const;

export type ScraperKind = (typeof SCRAPER_KINDS)[number];

/** For names read from outside the type system (folder names, command lines). */
export function isScraperKind(value: string): value is ScraperKind {
  return (SCRAPER_KINDS as readonly string[]).includes(value);
}
