import { ScrapeError } from "@/lib/infra/errors";

/** A format past MAX_FORMAT_CHARS (lib/scrapers/limits.ts): too_large, as a page past the fetcher's cap is. */
export function formatTooLarge(format: string, max: number): ScrapeError {
  const millions = Math.round(max / 1_000_000);
  return new ScrapeError("too_large", `The page's ${format} would be longer than ${millions} million characters.`);
}
