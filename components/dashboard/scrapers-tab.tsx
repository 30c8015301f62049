"use client";

import { apiPath } from "@/client/contract";
import { useApi } from "@/client/use-api";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState, LoadError, LoadingRows } from "@/components/ui/list-states";
import { PLANS, planIncludes } from "@/lib/config/plans";
import { SCRAPER_SKELETON_COUNT } from "@/lib/config/site";

/**
 * docs/product.md#available-scrapers-tab: name and description of each scraper, with a Run Scraper link opening its run
 * endpoint.
 */
export function ScrapersTab() {
  const scrapers = useApi("/api/scrapers");
  // The usage summary above the tabs reads the same query, so the user's plan costs no extra call.
  const plan = useApi("/api/usage").data?.plan;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Available Scrapers</CardTitle>
      </CardHeader>
      <CardContent>
        {scrapers.isPending ? (
          <LoadingRows label="Loading scrapers" count={SCRAPER_SKELETON_COUNT} rowClassName="h-20 w-full" />
        ) : scrapers.isError ? (
          <LoadError what="scrapers" error={scrapers.error} onRetry={() => scrapers.refetch()} />
        ) : scrapers.data.length === 0 ? (
          <EmptyState title="No scrapers available" />
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Scrapers">
            {scrapers.data.map((scraper) => (
              <li key={scraper.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <h3 className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    {scraper.name}
                    {plan && !planIncludes(plan, scraper.required_plan) ? (
                      <Badge variant="blue">Requires {PLANS[scraper.required_plan].name}</Badge>
                    ) : null}
                  </h3>
                  <p className="text-sm text-slate-600">{scraper.description}</p>
                </div>
                <a
                  href={apiPath("/api/scrapers/{id}/run", { id: scraper.id })}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Run Scraper: ${scraper.name} (opens in a new tab)`}
                  className={buttonClasses("outline", "sm", "shrink-0")}
                >
                  Run Scraper
                </a>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
