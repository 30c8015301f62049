import { ScraperNotFound } from "@/components/marketing/scraper-not-found";

/** Ids that are malformed or name no scraper: the scraper page's own not-found text, with a 404 status. */
export default function ScraperNotFoundPage() {
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <ScraperNotFound />
    </main>
  );
}
