// The fixture site for one test file, and a scrape of one of its pages.
import { afterAll, beforeAll } from "vitest";
import { scrapePage } from "@/lib/scrapers/engine";
import type { ItemByKind } from "@/lib/scrapers/extractors";
import type { ScraperKind } from "@/lib/scrapers/kinds";
import type { ExtractOptions } from "@/lib/scrapers/types";
import { type FixtureServer, startFixtureServer } from "./fixture-server";

export function fixtureSite(): { url: (path: string) => string } {
  let site: FixtureServer | undefined;
  beforeAll(async () => {
    site = await startFixtureServer();
  });
  afterAll(async () => {
    await site?.close();
  });
  return {
    url: (path) => {
      if (!site) throw new Error("the fixture site is not started yet");
      return `${site.url}/${path.replace(/^\//, "")}`;
    },
  };
}

/** Scrapes a fixture page over real HTTP, typed as the kind's items. */
export function scraper<K extends ScraperKind>(kind: K, site: { url: (path: string) => string }) {
  return (path: string, options?: ExtractOptions): Promise<ItemByKind[K][]> =>
    scrapePage(kind, site.url(path.includes("/") ? path : `${kind}/${path}`), options);
}

/** An item as the fixtures' expectations list its fields: `_meta` (confidence and sources, tested on its own) left out. */
export function withoutMeta<T>(item: T): Omit<T, "_meta"> {
  const { _meta: _confidence, ...fields } = item as T & { _meta?: unknown };
  return fields;
}

/** scraper(), each item without its `_meta`. */
export function fieldScraper<K extends ScraperKind>(kind: K, site: { url: (path: string) => string }) {
  const scrape = scraper(kind, site);
  return async (path: string, options?: ExtractOptions) => (await scrape(path, options)).map(withoutMeta);
}
