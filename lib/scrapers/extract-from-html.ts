import { parsePage } from "./extract/page";
import { EXTRACTORS } from "./extractors";
import { type KindExtractor, runExtractor } from "./extractors/extractor";
import type { ScraperKind } from "./kinds";
import type { ExtractOptions, ItemByKind, ScrapedItem } from "./types";

/**
 * Extracts the kind's items from HTML already in hand. Pure: parses once, fetches nothing. The extraction thread
 * (extraction/thread.ts) runs it, so this module must not import the fetcher: that would bundle undici and the
 * environment into every thread, which only ever extracts.
 */
export function extractFromHtml<K extends ScraperKind>(
  kind: K,
  html: string,
  pageUrl: string,
  options: ExtractOptions = {},
): ItemByKind[K][] {
  const page = parsePage(html, pageUrl);
  return runExtractor(EXTRACTORS[kind] as KindExtractor<ScrapedItem>, page, options) as ItemByKind[K][];
}
