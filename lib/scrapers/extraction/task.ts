import type { ScrapeErrorCode } from "@/lib/infra/errors";
import type { RunOptions, RunOutputs } from "@/lib/scrapers/run-options";

/** What the extraction thread receives: the fetched page, never a URL to fetch. */
export interface ExtractionTask {
  kind: string;
  html: string;
  /** The address the page came from, after redirects: relative links resolve against it. */
  url: string;
  includeReviews: boolean;
  /** What the run was asked beyond its URL (lib/scrapers/run-options.ts): the outputs to make beside the items. */
  options?: RunOptions;
}

/**
 * What it sends back: the items as JSON text, made in the thread, so that the main thread neither clones the items
 * out of the message nor stringifies them to record them. `code` is null for a failure the engine did not expect
 * (a bug).
 */
export type ExtractionResult =
  | { ok: true; json: string; count: number; outputs: RunOutputs | null }
  | { ok: false; code: ScrapeErrorCode | null; message: string };
