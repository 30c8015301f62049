import type { ScrapeErrorCode } from "@/lib/errors";
import type { ScrapedItem } from "@/lib/scrapers/types";

/** What the extraction thread receives: the fetched page, never a URL to fetch. */
export interface ExtractionTask {
  kind: string;
  html: string;
  /** The address the page came from, after redirects: relative links resolve against it. */
  url: string;
  includeReviews: boolean;
}

/** What it sends back. `code` is null for a failure the engine did not expect (a bug). */
export type ExtractionResult = { ok: true; items: ScrapedItem[] } | { ok: false; code: ScrapeErrorCode | null; message: string };
