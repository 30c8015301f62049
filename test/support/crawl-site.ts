// A small web site for crawl tests, generated: robots.txt rules, a sitemap index that lists itself, duplicate URL
// forms, links to private addresses and other hosts, and traps (an endless calendar, a page of 10,000 links, a
// robots.txt of 10 MB on request). Logs every request path, so a test can tell what was never asked for.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

export interface CrawlSite {
  /** http://127.0.0.1:<port> (no trailing slash). */
  url: string;
  /** Paths (with their query) requested so far, in order. */
  requested(): string[];
  close(): Promise<void>;
}

export interface CrawlSiteOptions {
  /** robots.txt of this many MB (rules first, then comment lines); 0: a small one. */
  robotsMb?: number;
  /** Every page answers after this many ms (a crawl to cancel mid-way). */
  pageDelayMs?: number;
  /** These paths answer 429 with `Retry-After: 1` the first time they are asked for (a crawl that backs off once). */
  throttleOnce?: readonly string[];
}

const page = (title: string, links: string[]) =>
  `<!doctype html><html><head><title>${title}</title><meta name="description" content="${title} page"></head><body><article><h1>${title}</h1><p>${title} is a page of the crawl fixture site with enough words to be read as an article body by the extractor.</p>${links.map((href) => `<a href="${href}">${href}</a>`).join(" ")}</article></body></html>`;

const ROBOTS = "User-agent: *\nDisallow: /private/\n\nUser-agent: OtherBot\nDisallow: /\n";

export async function startCrawlSite(options: CrawlSiteOptions = {}): Promise<CrawlSite> {
  const log: string[] = [];
  const server = createServer(async (req, res) => {
    const path = req.url ?? "/";
    log.push(path);
    const url = new URL(path, "http://site.test");
    const origin = `http://${req.headers.host}`;
    const html = (body: string) => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(body);
    if (url.pathname === "/robots.txt") {
      const text = `${ROBOTS}Sitemap: ${origin}/sitemap.xml\n`;
      if (!options.robotsMb) return res.writeHead(200, { "content-type": "text/plain" }).end(text);
      res.writeHead(200, { "content-type": "text/plain" });
      res.write(text);
      const line = `# ${"x".repeat(1022)}\n`;
      for (let i = 0; i < options.robotsMb * 1024; i++)
        if (!res.write(line)) await new Promise((resolve) => res.once("drain", resolve));
      return res.end();
    }
    if (url.pathname === "/sitemap.xml") {
      // An index listing itself (a loop) and the pages' sitemap.
      return res
        .writeHead(200, { "content-type": "application/xml" })
        .end(
          `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/sitemap.xml</loc></sitemap><sitemap><loc>${origin}/sitemap-pages.xml</loc></sitemap></sitemapindex>`,
        );
    }
    if (url.pathname === "/sitemap-pages.xml") {
      return res
        .writeHead(200, { "content-type": "application/xml" })
        .end(
          `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/from-sitemap</loc></url><url><loc>${origin}/a</loc></url><url><loc>${origin}/private/in-sitemap</loc></url></urlset>`,
        );
    }
    if (options.pageDelayMs) await sleep(options.pageDelayMs);
    if (options.throttleOnce?.includes(url.pathname) && log.filter((asked) => asked === path).length === 1) {
      return res.writeHead(429, { "content-type": "text/html", "retry-after": "1" }).end("<h1>Slow down</h1>");
    }
    switch (url.pathname) {
      case "/":
        return html(
          page("Home", [
            "/a",
            "/b",
            "/a?utm_source=newsletter",
            "/a#section",
            "/private/secret",
            "http://10.0.0.1/admin",
            "http://192.168.1.1/",
            "https://elsewhere.example/",
            "/calendar?year=2026&month=1",
            "mailto:someone@example.com",
          ]),
        );
      case "/a":
        return html(page("A", ["/b", "/c", "/"]));
      case "/b":
        return html(page("B", ["/", "/a/"]));
      case "/c":
        return html(page("C", []));
      case "/from-sitemap":
        return html(page("From the sitemap", []));
      case "/calendar": {
        // Every month links to the next one, forever.
        const year = Number(url.searchParams.get("year"));
        const month = Number(url.searchParams.get("month"));
        const next = month === 12 ? `year=${year + 1}&month=1` : `year=${year}&month=${month + 1}`;
        return html(page(`Calendar ${year}-${month}`, [`/calendar?${next}`]));
      }
      case "/many":
        return html(
          page(
            "Many",
            Array.from({ length: 10_000 }, (_, i) => `/item/${i}`),
          ),
        );
      default:
        if (url.pathname.startsWith("/item/")) return html(page(`Item ${url.pathname.slice(6)}`, []));
        if (url.pathname.startsWith("/private/")) return html(page("Private", []));
        return res.writeHead(404, { "content-type": "text/html" }).end("<h1>Not found</h1>");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requested: () => [...log],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
