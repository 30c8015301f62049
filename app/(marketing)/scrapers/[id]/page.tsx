import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { ScraperDetail } from "@/components/marketing/scraper-detail";
import { getScraperHeading } from "@/lib/catalogue/queries";
import { log } from "@/lib/log";
import { pageMetadata } from "@/lib/metadata";
import { routeId } from "@/lib/route-id";

type Props = { params: Promise<{ id: string }> };

/**
 * One primary-key lookup per request, shared by the metadata and the page: it gives the tab and link previews
 * the scraper's name and answers unknown ids with a real 404. "unavailable" (the database failed) leaves the
 * decision to the page's own fetch, which shows Scraper Not Found on a load error (docs/product.md#scraper-detail).
 */
const lookUp = cache(async (rawId: string) => {
  const id = routeId(rawId);
  if (id === 0) return "missing" as const;
  try {
    return (await getScraperHeading(id)) ?? ("missing" as const);
  } catch (error) {
    log.error({ err: error, scraperId: id }, "scraper page lookup failed");
    return "unavailable" as const;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const scraper = await lookUp((await params).id);
  if (scraper === "missing") return { title: "Scraper Not Found", description: "This scraper does not exist." };
  if (scraper === "unavailable") return { title: "Scraper", description: "A ScrapeDeck scraper." };
  return pageMetadata({ title: scraper.name, description: scraper.description, path: `/scrapers/${scraper.id}` });
}

export default async function ScraperPage({ params }: Props) {
  const { id } = await params;
  if ((await lookUp(id)) === "missing") notFound();
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <ScraperDetail id={routeId(id)} />
    </main>
  );
}
