// bench:crawl's site against the crawl modules: its ground truth (robotsExcluded, pathOf) and what robots.ts,
// normalize-url.ts and sitemaps.ts make of its robots.txt, links and sitemaps must agree, or the bench's
// checks would judge a crawler by a site that says something else than it serves.
import { Parser } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { normalizeUrl } from "@/lib/crawls/normalize-url";
import { parseRobotsTxt, robotsAllows } from "@/lib/crawls/robots";
import { parseSitemap } from "@/lib/crawls/sitemaps";
import { createSite, SITE_HOST } from "./site";

const PAGES = 600;
const site = createSite(PAGES, 5299);

function links(html: string): string[] {
  const hrefs: string[] = [];
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === "a" && attributes.href) hrefs.push(attributes.href);
    },
  });
  parser.end(html);
  return hrefs;
}

async function* once(data: string | Buffer): AsyncGenerator<Buffer> {
  yield Buffer.from(data);
}

describe("bench:crawl's generated site", () => {
  const robots = parseRobotsTxt(site.robotsTxt(), undefined, `${site.origin}/robots.txt`);

  it("names every page once, by a path that maps back to it", () => {
    const paths = new Set(Array.from({ length: PAGES }, (_, id) => site.pathOf(id)));
    expect(paths.size).toBe(PAGES);
    for (let id = 0; id < PAGES; id++) expect(site.pageOf(site.pathOf(id))).toBe(id);
    expect(site.expectedUrls().size).toBe(PAGES);
  });

  // A small site too: below EXCLUDED_VARIANTS pages, an excluded link's page can be the press kit.
  it.each([site, createSite(300, 5299)])(
    "robots.ts reads its robots.txt as the site's ground truth says, for every link of every page (%#)",
    (site) => {
      expect(robots.sitemaps).toEqual([`${site.origin}/sitemap_index.xml`]);
      let excluded = 0;
      for (let id = 0; id < site.pages; id++) {
        const base = new URL(`${site.origin}${site.pathOf(id)}`);
        for (const href of links(site.html(id))) {
          const url = normalizeUrl(href, base);
          if (!url || new URL(url.url).hostname !== SITE_HOST) continue;
          const parsed = new URL(url.url);
          const truth = site.robotsExcluded(`${parsed.pathname}${parsed.search}`);
          expect(robotsAllows(robots, parsed), url.url).toBe(!truth);
          if (truth) excluded++;
        }
        expect(robotsAllows(robots, base)).toBe(true);
      }
      expect(excluded).toBeGreaterThan(site.pages);
    },
  );

  it("every spelling of a page in its links and sitemaps, from either spelling of the linking page, folds to the page's one key", async () => {
    const keys = new Set<string>();
    const fold = (href: string, base: string) => {
      const url = normalizeUrl(href, base);
      if (!url || new URL(url.url).hostname !== SITE_HOST) return;
      const parsed = new URL(url.url);
      if (site.robotsExcluded(`${parsed.pathname}${parsed.search}`)) return;
      const id = site.pageOf(parsed.pathname);
      expect(id, href).not.toBeNull();
      expect(url.key).toBe(normalizeUrl(`${site.origin}${site.pathOf(id as number)}`)?.key);
      keys.add(url.key);
    };
    for (let id = 0; id < PAGES; id++) {
      // From both spellings a crawler may fetch the page by (its links and sitemaps give both).
      const base = `${site.origin}${site.pathOf(id)}`;
      for (const href of links(site.html(id))) fold(href, base);
      if (id !== 0) for (const href of links(site.html(id))) fold(href, `${base}/`);
    }
    const index = await parseSitemap(once(site.sitemapIndex()), `${site.origin}/sitemap_index.xml`);
    expect(index.kind).toBe("index");
    for (const child of index.sitemaps) {
      const match = /pages-(\d+)\.xml\.gz$/.exec(child.url);
      const body = match ? site.sitemapChild(Number(match[1])) : site.textSitemap();
      const parsed = await parseSitemap(once(body ?? ""), child.url);
      for (const entry of parsed.urls) fold(entry.url, child.url);
    }
    const expected = new Set([...site.expectedUrls()].map((url) => normalizeUrl(url)?.key));
    expect(keys).toEqual(expected);
  });
});
