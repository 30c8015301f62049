// bench:crawl's fixture server: serves the generated site (site.ts) on 127.0.0.1 for every host name and logs
// every request, so the bench can check from the server's side what each crawler asked for.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createSite, type Site } from "./site";

export interface LoggedRequest {
  /** The Host header, lowercased, without the port. */
  host: string;
  /** Path and query as requested. */
  path: string;
  status: number;
}

export interface SiteServer {
  site: Site;
  port: number;
  /** The requests since the last reset, in order. */
  log(): LoggedRequest[];
  reset(): void;
  close(): Promise<void>;
}

export async function startSiteServer(pages: number, port = 0): Promise<SiteServer> {
  let site: Site | undefined;
  let log: LoggedRequest[] = [];
  const server = createServer((request, response) => {
    const current = site as Site;
    const raw = request.url ?? "/";
    const { pathname } = new URL(raw, "http://x");
    const answer = (status: number, type: string, body: string | Buffer) => {
      log.push({ host: (request.headers.host ?? "").toLowerCase().replace(/:\d+$/, ""), path: raw, status });
      response.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(body) }).end(body);
    };
    if (pathname === "/robots.txt") return answer(200, "text/plain; charset=utf-8", current.robotsTxt());
    if (pathname === "/sitemap_index.xml") return answer(200, "application/xml", current.sitemapIndex());
    if (pathname === "/sitemaps/extra.txt") return answer(200, "text/plain", current.textSitemap());
    const child = /^\/sitemaps\/pages-(\d+)\.xml\.gz$/.exec(pathname);
    const gz = child ? current.sitemapChild(Number(child[1])) : null;
    if (gz) return answer(200, "application/gzip", gz);
    if (current.robotsExcluded(raw)) return answer(200, "text/html; charset=utf-8", current.excludedHtml(pathname));
    const id = current.pageOf(pathname);
    if (id === null) return answer(404, "text/html", "<!doctype html><title>Not found</title>");
    return answer(200, "text/html; charset=utf-8", current.html(id));
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actualPort = (server.address() as AddressInfo).port;
  site = createSite(pages, actualPort);
  return {
    site,
    port: actualPort,
    log: () => log,
    reset: () => {
      log = [];
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
