import type { Metadata } from "next";
import { ScraperNotFound } from "@/components/marketing/scraper-not-found";

/**
 * The same title as the page's own metadata for a missing scraper. That one reaches an ISR render of an unknown id
 * only in the streamed payload, so the server HTML kept the site's default title until the client applied it.
 */
export const metadata: Metadata = { title: "Scraper Not Found", description: "This scraper does not exist." };

/** Ids that are malformed or name no scraper: the scraper page's own not-found text, with a 404 status. */
export default function ScraperNotFoundPage() {
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <ScraperNotFound />
    </main>
  );
}
