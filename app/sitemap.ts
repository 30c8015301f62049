import type { MetadataRoute } from "next";
import { legalLinks, site } from "@/lib/config/site";

const PAGES: ReadonlyArray<{ path: string; priority: number }> = [
  { path: "/", priority: 1 },
  { path: "/api-docs", priority: 0.9 },
  { path: "/about", priority: 0.6 },
  { path: "/contact", priority: 0.6 },
  ...legalLinks.map((link) => ({ path: link.href, priority: 0.3 })),
];

/** The public, indexable pages (scraper pages render in the browser and are reached from the home page). */
export default function sitemap(): MetadataRoute.Sitemap {
  return PAGES.map((page) => ({ url: new URL(page.path, site.url).toString(), priority: page.priority }));
}
