import type { MetadataRoute } from "next";
import { listScraperIds } from "@/lib/catalogue/queries";
import { legalLinks } from "@/lib/config/site";
import { env } from "@/lib/infra/env";
import { loadForPage } from "@/lib/seo/page-load";

// Read per request: addresses come from the APP_URL the server runs with, not the one it was built with.
export const dynamic = "force-dynamic";

const PAGES: ReadonlyArray<{ path: string; priority: number }> = [
  { path: "/", priority: 1 },
  { path: "/api-docs", priority: 0.9 },
  { path: "/about", priority: 0.6 },
  { path: "/contact", priority: 0.6 },
  ...legalLinks.map((link) => ({ path: link.href, priority: 0.3 })),
];

/** The public, indexable pages, the server-rendered scraper pages included. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const scraperIds = (await loadForPage("sitemap scraper ids", listScraperIds)) ?? [];
  const pages = [...PAGES, ...scraperIds.map((id) => ({ path: `/scrapers/${id}`, priority: 0.8 }))];
  return pages.map((page) => ({ url: new URL(page.path, env.APP_URL).toString(), priority: page.priority }));
}
