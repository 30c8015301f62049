import { dehydrate, HydrationBoundary, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { apiPath } from "@/client/contract";
import type { ScraperDto } from "@/lib/catalogue/dto";
import { listScrapers } from "@/lib/catalogue/queries";
import { CATALOGUE } from "@/lib/catalogue/seed-data";
import { SAMPLE_SCRAPER_COUNT, SCRAPER_SKELETON_COUNT } from "@/lib/config/site";
import { ScraperList } from "./scraper-list";

/**
 * The home page's catalogue as the server renders it, with the browser cache in each state it can be in: filled on
 * the server (the usual case), not yet loaded (the server's load failed and the browser fetches), or empty.
 */
function render(prepare: (server: QueryClient) => void): string {
  const server = new QueryClient();
  prepare(server);
  const tree: ReactElement = createElement(
    QueryClientProvider,
    { client: new QueryClient() },
    createElement(
      HydrationBoundary,
      { state: dehydrate(server, { shouldDehydrateQuery: () => true }) },
      createElement(ScraperList),
    ),
  );
  return renderToString(tree);
}

const count = (html: string, needle: string) => html.split(needle).length - 1;

describe("ScraperList", () => {
  it("renders the catalogue handed over by the server: every name, description and link in the HTML", async () => {
    const scrapers = await listScrapers();
    const html = render((server) => server.setQueryData([apiPath("/api/scrapers")], scrapers));
    for (const scraper of scrapers) {
      expect(html).toContain(`href="/scrapers/${scraper.id}"`);
      expect(html).toContain(scraper.name);
      expect(html).toContain(scraper.description.replaceAll("'", "&#x27;"));
    }
    expect(html).not.toContain("scraper-card-skeleton");
  });

  it(`shows ${SCRAPER_SKELETON_COUNT} skeleton cards while the browser fetches the list`, () => {
    const html = render(() => {});
    expect(count(html, 'data-testid="scraper-card-skeleton"')).toBe(SCRAPER_SKELETON_COUNT);
    expect(html).toContain("Loading scrapers…");
  });

  it("shows the six sample cards when the list is empty", () => {
    const html = render((server) => server.setQueryData<ScraperDto[]>([apiPath("/api/scrapers")], []));
    const names = [...html.matchAll(/<h3[^>]*>([^<]*)<\/h3>/g)].map((match) => match[1]);
    expect(names).toEqual([
      "E-commerce Product Scraper",
      "Social Media Profiles",
      "Real Estate Listings",
      "Job Listings Scraper",
      "News Article Extractor",
      "Restaurant Directory",
    ]);
    for (const index of CATALOGUE.keys()) {
      expect(html.includes(`href="/scrapers/${index + 1}"`)).toBe(index < SAMPLE_SCRAPER_COUNT);
    }
  });
});
