import "server-only";
import { createAddressChecker } from "@/lib/infra/outbound/address-check";
import { pageFetcher } from "@/lib/infra/outbound/safe-fetch";
import { extractLinks } from "./links";
import { normalizeUrl } from "./normalize-url";
import { fetchRobotsTxt, robotsAllows } from "./robots";
import { DEFAULT_MAP_LIMIT, type MapRequest } from "./schema";
import { createScope } from "./scope";
import { sitemapRoots, walkSitemaps } from "./sitemaps";

/** Pages whose links a map reads at most (the start page first, then what it links to). */
export const MAP_LINK_PAGES = 5;
/** A map answers within this, with what it found by then. */
export const MAP_DEADLINE_MS = 20_000;

/**
 * A site's URLs, quickly, without scraping them: the sitemaps (robots.txt's Sitemap lines, /sitemap.xml; unless
 * `sitemap: "skip"`) and the links of the first MAP_LINK_PAGES pages (unless `sitemap: "only"`). The same host
 * (subdomains on request), normalised and deduplicated; robots.txt's disallowed paths and private addresses left
 * out and counted; `search` keeps URLs containing it (case-insensitive). Stops at `limit` (truncated) or the deadline.
 */
export async function mapSite(request: MapRequest) {
  const limit = request.limit ?? DEFAULT_MAP_LIMIT;
  const mode = request.sitemap ?? "include";
  const start = normalizeUrl(request.url);
  if (!start) throw new Error("unreachable: the schema checked the URL");
  const signal = AbortSignal.timeout(MAP_DEADLINE_MS);
  const fetcher = pageFetcher();
  const checker = createAddressChecker();
  const scope = createScope({ startUrl: start.url, allowSubdomains: request.include_subdomains ?? false, maxDepth: 1_000 });
  const origin = new URL(start.url).origin;
  const robots = await fetchRobotsTxt(origin, fetcher, { signal }).catch(() => null);
  const search = request.search?.toLowerCase();
  const seen = new Set<string>();
  const urls: string[] = [];
  const skipped = { robots: 0, off_host: 0, private_address: 0, duplicate: 0 };
  const sources = { sitemap: 0, links: 0 };
  let truncated = false;

  /** False once the map is full. */
  async function consider(href: string, base: string | undefined, source: keyof typeof sources): Promise<boolean> {
    if (urls.length >= limit) {
      truncated = true;
      return false;
    }
    const normalized = normalizeUrl(href, base);
    if (!normalized) return true;
    if (seen.has(normalized.key)) {
      skipped.duplicate++;
      return true;
    }
    seen.add(normalized.key);
    const url = new URL(normalized.url);
    if (!scope.check(url, 0).follow) {
      skipped.off_host++;
      return true;
    }
    if (robots && !robotsAllows(robots, url)) {
      skipped.robots++;
      return true;
    }
    if (!(await checker.check(url)).allowed) {
      skipped.private_address++;
      return true;
    }
    if (search && !normalized.url.toLowerCase().includes(search)) return true;
    urls.push(normalized.url);
    sources[source]++;
    return true;
  }

  await consider(start.url, undefined, "links");
  if (mode !== "skip") {
    const walk = walkSitemaps(sitemapRoots(origin, robots?.sitemaps ?? []), {
      fetcher,
      signal,
      allowFile: (url) => robots === null || robotsAllows(robots, url),
    });
    try {
      for await (const entry of walk.entries) if (!(await consider(entry.url, undefined, "sitemap"))) break;
    } catch {
      // The deadline, or a failure of the walk itself: answer what was found.
    }
  }
  if (mode !== "only") {
    const toRead = [start.url];
    for (let i = 0; i < toRead.length && i < MAP_LINK_PAGES && !truncated && !signal.aborted; i++) {
      const pageUrl = toRead[i] as string;
      let page: Awaited<ReturnType<typeof fetcher.fetchPage>>;
      try {
        page = await fetcher.fetchPage(pageUrl, { signal });
      } catch {
        continue;
      }
      const before = urls.length;
      for (const link of extractLinks(page.html, page.url).links) if (!(await consider(link, undefined, "links"))) break;
      for (const found of urls.slice(before)) if (toRead.length < MAP_LINK_PAGES) toRead.push(found);
    }
  }
  return { url: start.url, urls, count: urls.length, sources, skipped, truncated };
}
