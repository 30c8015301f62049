import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { apiPath } from "@/client/contract";
import { SAMPLE_RUN_RESPONSE } from "@/components/marketing/run-sample";
import { ScraperDetail } from "@/components/marketing/scraper-detail";
import { JsonLd } from "@/components/site/json-ld";
import { PrefetchedQuery } from "@/components/site/prefetched-query";
import { getScraper, listScraperIds } from "@/lib/catalogue/queries";
import { routeId } from "@/lib/infra/route-id";
import { pageMetadata } from "@/lib/seo/metadata";
import { loadForPage } from "@/lib/seo/page-load";
import { scraperJsonLd } from "@/lib/seo/structured-data";
import { metadata as missingScraperMetadata } from "./not-found";

type Props = { params: Promise<{ id: string }> };

/** Like the home page: in the HTML, rendered again at most every five minutes or when the catalogue changes. */
export const revalidate = 300;

/** Every scraper page is rendered at build time; a scraper added later is rendered on its first visit. */
export async function generateStaticParams(): Promise<Array<{ id: string }>> {
  return ((await loadForPage("catalogue ids", listScraperIds)) ?? []).map((id) => ({ id: String(id) }));
}

/**
 * One lookup per render, shared by the metadata and the page: the full scraper, which also fills the browser's
 * cache. Unknown ids are a real 404. "unavailable" (the database failed) leaves the decision to the browser's own
 * fetch, which shows Scraper Not Found on a load error (docs/product.md#scraper-detail).
 */
const lookUp = cache(async (rawId: string) => {
  const id = routeId(rawId);
  if (id === 0) return "missing" as const;
  const scraper = await loadForPage(`scraper ${id}`, () => getScraper(id));
  if (scraper === undefined) return "unavailable" as const;
  return scraper ?? ("missing" as const);
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const scraper = await lookUp((await params).id);
  if (scraper === "missing") return missingScraperMetadata;
  if (scraper === "unavailable") return { title: "Scraper", description: "A ScrapeDeck scraper." };
  return pageMetadata({ title: scraper.name, description: scraper.description, path: `/scrapers/${scraper.id}` });
}

export default async function ScraperPage({ params }: Props) {
  const { id } = await params;
  const scraper = await lookUp(id);
  if (scraper === "missing") notFound();
  const loaded = scraper === "unavailable" ? undefined : scraper;
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <PrefetchedQuery path={apiPath("/api/scrapers/{id}", { id: routeId(id) })} data={loaded}>
        <ScraperDetail id={routeId(id)} sampleResponse={SAMPLE_RUN_RESPONSE} />
      </PrefetchedQuery>
      {loaded ? <JsonLd data={scraperJsonLd(loaded)} /> : null}
    </main>
  );
}
