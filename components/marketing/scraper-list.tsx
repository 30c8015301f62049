"use client";

import { useApi } from "@/client/use-api";
import { Skeleton } from "@/components/ui/skeleton";
import { CATALOGUE } from "@/lib/catalogue/seed-data";
import { SAMPLE_SCRAPER_COUNT, SCRAPER_SKELETON_COUNT } from "@/lib/config/site";
import { ScraperCard, type ScraperCardData } from "./scraper-card";

/** docs/product.md#home: shown when the list is empty or could not be loaded — the spec's six, as seeded, numbered 1–6. */
const SAMPLE_SCRAPERS: readonly ScraperCardData[] = CATALOGUE.slice(0, SAMPLE_SCRAPER_COUNT).map((entry, index) => ({
  id: index + 1,
  name: entry.name,
  description: entry.description,
  popularity: entry.popularity,
  users: entry.baseUsers,
  updated: "recently",
}));

const GRID = "grid gap-6 sm:grid-cols-2 lg:grid-cols-3";

export function ScraperList() {
  // The query key is the API path the server prefetches (components/site/prefetched-query.tsx).
  const { data, isPending, isError } = useApi("/api/scrapers");

  if (isPending) {
    return (
      <div aria-busy="true">
        <p role="status" className="sr-only">
          Loading scrapers…
        </p>
        <div className={GRID}>
          {Array.from({ length: SCRAPER_SKELETON_COUNT }, (_, index) => (
            <div key={index} data-testid="scraper-card-skeleton" className="rounded-xl border border-slate-200 p-6">
              <Skeleton className="h-6 w-2/3" />
              <Skeleton className="mt-4 h-4 w-full" />
              <Skeleton className="mt-2 h-4 w-5/6" />
              <Skeleton className="mt-6 h-4 w-1/2" />
            </div>
          ))}
        </div>
      </div>
    );
  }

  const scrapers: readonly ScraperCardData[] = !isError && data && data.length > 0 ? data : SAMPLE_SCRAPERS;
  return (
    <ul className={GRID}>
      {scrapers.map((scraper) => (
        <ScraperCard key={scraper.id} scraper={scraper} />
      ))}
    </ul>
  );
}
