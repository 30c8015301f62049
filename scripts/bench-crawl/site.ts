// The generated site bench:crawl crawls: PAGES allowed pages under one host, reached through links and a sitemap
// index with gzipped children, with the forms a crawler must see through (trailing slashes, utm tags, fragments,
// mixed-case hosts, relative links), robots.txt rules whose excluded paths are linked from every page, links to
// another host, and pages that only the sitemaps lead to. Everything is computed from the page number: nothing
// is stored per page, and the expected URL set is known by construction.
import zlib from "node:zlib";

export const SITE_HOST = "bench-site.test";
export const OTHER_HOST = "other-site.test";
const SECTIONS = ["products", "blog", "docs", "news", "help"] as const;
const WORDS = ["alpine", "harbor", "cobalt", "meadow", "quartz", "ember", "willow", "summit", "delta", "prism"] as const;
/** Children per page in the link tree: 10,000 pages are 4 levels deep. */
const FANOUT = 20;
/** Extra links per page to pseudo-random pages, each in one of the duplicate forms. */
const EXTRA_LINKS = 12;
/** Links per page to robots-excluded paths (each to another one of EXCLUDED_VARIANTS). */
const EXCLUDED_LINKS = 3;
const EXCLUDED_VARIANTS = 400;
/** Pages per gzipped child sitemap. */
const SITEMAP_CHUNK = 2_500;
/** The one allowed page under /private/ (robots.txt allows it by a longer rule). */
const PRESS_KIT = "/private/press-kit";

export interface Site {
  pages: number;
  /** http://bench-site.test:<port> */
  origin: string;
  /** The canonical path of page `id` (no trailing slash, no query). */
  pathOf(id: number): string;
  /** The page a request path names (ignoring a trailing slash and the query), or null. */
  pageOf(pathname: string): number | null;
  /** Whether robots.txt excludes the path (with query): the ground truth, written beside the rules. */
  robotsExcluded(pathAndQuery: string): boolean;
  /** Every allowed page's canonical URL: what a correct crawl fetches, exactly once each. */
  expectedUrls(): Set<string>;
  robotsTxt(): string;
  sitemapIndex(): string;
  /** The gzipped child sitemap `n` (0-based), or null. */
  sitemapChild(n: number): Buffer | null;
  /** A text sitemap repeating some pages in other spellings. */
  textSitemap(): string;
  html(id: number): string;
  /** A page answering a robots-excluded path, as the site would serve it (a crawler must never ask). */
  excludedHtml(pathname: string): string;
}

/** A fixed pseudo-random sequence (xorshift), so every run builds the same site. */
function mix(n: number): number {
  let x = (n + 0x9e3779b9) | 0;
  x ^= x << 13;
  x ^= x >>> 17;
  x ^= x << 5;
  return x >>> 0;
}

export function createSite(pages: number, port: number): Site {
  const origin = `http://${SITE_HOST}:${port}`;
  const lastPage = pages - 1;
  // Every tenth page (from 7) is linked by no page: only the sitemaps lead to it (and through it, to its subtree).
  const orphan = (id: number) => id % 10 === 7;

  const pathOf = (id: number): string => {
    if (id === 0) return "/";
    if (id === lastPage) return PRESS_KIT;
    const section = SECTIONS[id % SECTIONS.length] as string;
    return `/${section}/${WORDS[mix(id) % WORDS.length]}-${id}`;
  };

  const pageOf = (pathname: string): number | null => {
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
    if (path === "/") return 0;
    if (path === PRESS_KIT) return lastPage;
    const match = /^\/([a-z]+)\/([a-z]+)-(\d+)$/.exec(path);
    if (!match) return null;
    const id = Number(match[3]);
    return id > 0 && id < lastPage && pathOf(id) === path ? id : null;
  };

  const robotsExcluded = (pathAndQuery: string): boolean => {
    const [path = "", query = ""] = pathAndQuery.split("?");
    // The press kit's Allow is the longest rule that matches it, whatever its query: allowed (RFC 9309 2.2.2).
    if (path.startsWith(PRESS_KIT)) return false;
    if (path.startsWith("/private/")) return true;
    if (/(^|&)sort=/.test(query)) return true;
    return path.endsWith(".pdf");
  };

  /** One spelling of page `id`'s URL, chosen by `form`: the duplicates a crawler must fold into one. */
  const spelling = (id: number, form: number, from: number): string => {
    const path = pathOf(id);
    switch (form % 7) {
      case 0:
        return path;
      case 1:
        return path === "/" ? "/" : `${path}/`;
      case 2:
        return `${path}?utm_source=bench&utm_medium=link&utm_campaign=c${from % 7}`;
      case 3:
        return `${path}#section-${form % 5}`;
      case 4:
        return `http://Bench-Site.TEST:${port}${path}`;
      case 5:
        return `${origin}${path}?utm_content=footer#reviews`;
      default:
        // Relative to the linking page, with one more ../ than a page one directory deep needs: dot segments
        // stop at the root, so it resolves to the same page from either spelling of the linking page (with or
        // without its trailing slash), as a site's relative links must to be right at all.
        return from === 0 || from === lastPage ? path : `../..${path}`;
    }
  };

  /** A page for an excluded ?sort= link: never the press kit, whose Allow would win and make the link a page. */
  const sortedPage = (variant: number) => Math.max(1, Math.min(variant, lastPage - 1));

  const links = (id: number): string[] => {
    const out: string[] = [];
    for (let child = id * FANOUT + 1; child <= id * FANOUT + FANOUT && child < pages; child++) {
      if (!orphan(child)) out.push(spelling(child, mix(child + id), id));
    }
    for (let i = 0; i < EXTRA_LINKS; i++) {
      const target = mix(id * 31 + i) % pages;
      if (!orphan(target)) out.push(spelling(target, mix(id + i * 7), id));
    }
    if (id !== lastPage && id % 50 === 0) out.push(PRESS_KIT);
    for (let i = 0; i < EXCLUDED_LINKS; i++) {
      const variant = mix(id * 13 + i) % EXCLUDED_VARIANTS;
      out.push(
        [`/private/report-${variant}`, `${pathOf(sortedPage(variant))}?sort=price-${variant}`, `/docs/manual-${variant}.pdf`][
          i
        ] as string,
      );
    }
    out.push(`http://${OTHER_HOST}:${port}/from-${id}`, "#top", "mailto:shop@bench-site.test", "javascript:void(0)");
    return out;
  };

  return {
    pages,
    origin,
    pathOf,
    pageOf,
    robotsExcluded,
    expectedUrls: () => new Set(Array.from({ length: pages }, (_, id) => `${origin}${pathOf(id)}`)),
    robotsTxt: () =>
      [
        "# bench:crawl's site",
        "User-agent: *",
        "Disallow: /private/",
        `Allow: ${PRESS_KIT}`,
        "Disallow: /*?sort=",
        "Disallow: /*&sort=",
        "Disallow: /*.pdf$",
        "",
        "User-agent: SomeOtherBot",
        "Disallow: /",
        "",
        `Sitemap: ${origin}/sitemap_index.xml`,
        "",
      ].join("\n"),
    sitemapIndex: () => {
      const children = Math.ceil(pages / SITEMAP_CHUNK);
      const entries = Array.from(
        { length: children },
        (_, n) => `<sitemap><loc>${origin}/sitemaps/pages-${n}.xml.gz</loc><lastmod>2024-05-01</lastmod></sitemap>`,
      );
      // The text sitemap, and the index listing itself (a loop a crawler must not follow twice).
      entries.push(
        `<sitemap><loc>${origin}/sitemaps/extra.txt</loc></sitemap>`,
        `<sitemap><loc>${origin}/sitemap_index.xml</loc></sitemap>`,
      );
      return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join("")}</sitemapindex>`;
    },
    sitemapChild: (n) => {
      const from = n * SITEMAP_CHUNK;
      if (n < 0 || from >= pages) return null;
      const entries: string[] = [];
      for (let id = from; id < Math.min(pages, from + SITEMAP_CHUNK); id++) {
        // Most pages in canonical form; some with a trailing slash or a utm tag, as CMSs write them.
        const loc =
          id % 9 === 4
            ? `${origin}${pathOf(id)}/`
            : id % 9 === 5
              ? `${origin}${pathOf(id)}?utm_source=sitemap`
              : `${origin}${pathOf(id)}`;
        entries.push(
          `<url><loc>${loc.replace(/&/g, "&amp;")}</loc><lastmod>2024-04-${String((id % 28) + 1).padStart(2, "0")}</lastmod></url>`,
        );
      }
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join("\n")}</urlset>`;
      return zlib.gzipSync(xml);
    },
    textSitemap: () =>
      Array.from({ length: Math.min(100, pages) }, (_, i) => {
        const id = mix(i) % pages;
        return `http://BENCH-SITE.test:${port}${pathOf(id)}${i % 2 ? "#x" : ""}`;
      }).join("\n"),
    html: (id) => {
      const title = `${WORDS[mix(id) % WORDS.length]} page ${id}`;
      const anchors = links(id)
        .map(
          (href, i) => `<li><a href="${href.replace(/&/g, "&amp;")}"${i % 9 === 0 ? ' rel="nofollow"' : ""}>Link ${i}</a></li>`,
        )
        .join("\n");
      const paragraph = `<p>${WORDS.map((word, i) => `${word} ${mix(id + i) % 1000}`).join(" ")}. This page is part of bench:crawl's generated site.</p>`;
      return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><header><a href="/">Home</a></header><main><h1>${title}</h1>${paragraph.repeat(8)}<ul>${anchors}</ul></main><footer><a href="${pathOf(Math.min(5, lastPage))}#faq">Help</a></footer></body></html>`;
    },
    excludedHtml: (pathname) => `<!doctype html><title>Excluded</title><p>${pathname} is excluded by robots.txt.</p>`,
  };
}
