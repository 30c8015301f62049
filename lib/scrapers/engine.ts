import { type PageFetcher, pageFetcher } from "@/lib/infra/outbound/safe-fetch";
import { parsePage } from "./extract/page";
import { EXTRACTORS } from "./extractors";
import { type KindExtractor, runExtractor } from "./extractors/extractor";
import type { ScraperKind } from "./kinds";
import type { ExtractOptions, ItemByKind, ScrapedItem } from "./types";

export interface ScrapeOptions extends ExtractOptions {
  signal?: AbortSignal;
  /** Defaults to the process-wide SSRF-safe fetcher configured from the environment. */
  fetcher?: PageFetcher;
}

/**
 * Fetches a page safely and extracts the kind's items from it. Throws ScrapeError (its code says why) when
 * the URL is unusable or the site fails; a page without any item gives [].
 */
export async function scrapePage<K extends ScraperKind>(
  kind: K,
  url: string,
  options: ScrapeOptions = {},
): Promise<ItemByKind[K][]> {
  const page = await (options.fetcher ?? pageFetcher()).fetchPage(url, { signal: options.signal });
  return extractFromHtml(kind, page.html, page.url, options);
}

/** Extracts the kind's items from HTML already in hand. Pure: parses once, fetches nothing. */
export function extractFromHtml<K extends ScraperKind>(
  kind: K,
  html: string,
  pageUrl: string,
  options: ExtractOptions = {},
): ItemByKind[K][] {
  const page = parsePage(html, pageUrl);
  return runExtractor(EXTRACTORS[kind] as KindExtractor<ScrapedItem>, page, options) as ItemByKind[K][];
}
