import { parsePage } from "./extract/page";
import { EXTRACTORS, type ItemByKind } from "./extractors";
import { isPageExtractor, type KindExtractor, runExtractor } from "./extractors/extractor";
import type { ScraperKind } from "./kinds";
import type { BaseItem, ExtractOptions } from "./types";

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
  return extractFromPage(kind, parsePage(html, pageUrl), options);
}

/** extractFromHtml on a page parsed already (the thread parses once for the items and the formats). */
export function extractFromPage<K extends ScraperKind>(
  kind: K,
  page: ReturnType<typeof parsePage>,
  options: ExtractOptions = {},
): ItemByKind[K][] {
  const extractor: object = EXTRACTORS[kind];
  if (isPageExtractor<ItemByKind[K]>(extractor)) return extractor.extract(page, options);
  return runExtractor(extractor as KindExtractor<BaseItem>, page, options) as ItemByKind[K][];
}
