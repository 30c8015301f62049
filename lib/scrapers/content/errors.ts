import { ScrapeError } from "../errors";

/** A format past MAX_FORMAT_CHARS (lib/scrapers/limits.ts): too_large, as a page past the fetcher's cap is. */
export function formatTooLarge(format: string, max: number): ScrapeError {
  const megabytes = Math.round(max / (1024 * 1024));
  return new ScrapeError("too_large", `The page's ${format} would be longer than ${megabytes} million characters.`);
}
