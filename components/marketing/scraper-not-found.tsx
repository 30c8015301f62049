import { ButtonLink } from "@/components/ui/button";

/** docs/product.md#scraper-detail: an invalid or unknown id, or a load error. */
export function ScraperNotFound() {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight">Scraper Not Found</h1>
      <p className="mt-4 text-lg text-slate-600">The scraper you're looking for doesn't exist or has been removed.</p>
      <ButtonLink href="/#scrapers" className="mt-8">
        Browse All Scrapers
      </ButtonLink>
    </div>
  );
}
