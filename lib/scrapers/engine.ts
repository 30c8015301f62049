import { type PageFetcher, pageFetcher } from "@/lib/infra/outbound/safe-fetch";
import { extractFromHtml } from "./extract-from-html";
import type { ItemByKind } from "./extractors";
import type { ScraperKind } from "./kinds";
import type { ExtractOptions } from "./types";

export { extractFromHtml };

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
  return extractFromHtml(kind, page.html, page.url, { ...options, fetched: { url, statusCode: page.status } });
}
