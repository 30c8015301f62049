// A local web site for scraper tests: the pages in test/fixtures/sites plus the misbehaviours real sites
// have (redirects, errors, slow and huge answers, compression, other charsets, non-HTML answers).
// Listens on 127.0.0.1 on a free port; the scraper reaches it only with SCRAPER_ALLOW_LOOPBACK.
import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import zlib from "node:zlib";
import { HOSTILE_PAGES } from "./hostile-pages";

export const FIXTURE_SITES = path.join(import.meta.dirname, "..", "fixtures", "sites");

export interface FixtureServer {
  /** http://127.0.0.1:<port> (no trailing slash). */
  url: string;
  /** The paths (with their query) of the requests received so far. */
  received(): string[];
  /** The paths (with their query) of the requests whose client hung up before the answer was sent whole. */
  abandoned(): string[];
  close(): Promise<void>;
}

/**
 * Routes:
 * - /<kind>/<page>.html: a fixture page, text/html without a charset (pages declare theirs);
 *   ?charset=<label> adds it to Content-Type, ?encoding=gzip|br|deflate compresses it,
 *   ?type=<media type> overrides Content-Type, ?type= sends none, ?declare=<coding> claims a
 *   Content-Encoding the body does not have.
 * - /redirect/<n>/<path>: n hops of 302 before <path>; /redirect-to?url=<absolute url>: one 302 there;
 *   /redirect-loop: redirects to itself forever; /redirect-without-location: a 302 with no Location.
 * - /status/<code>: that status with a small HTML body.
 * - /slow?ms=<n>: headers only after n ms (default 10 s); /stall: headers and half a page, then silence.
 * - /huge?mb=<n>: an HTML page of n MB (default 6), streamed.
 * - /not-html: JSON; /image.png: a PNG.
 * - /hostile/<name>?n=<size>: a pathological page of hostile-pages.ts (deep-dom, deep-json-ld, big-text, many-cards,
 *   and the content formats' huge-article, big-table, many-links, deep-list, spanned-table, long-base-links).
 * - /changing?every=<ms>: a product page (JSON-LD) whose price changes every <ms> (default 10 s), for monitors.
 */
/** `port` 0 (the default) takes a free one; benchmarks pass one of their own. */
export async function startFixtureServer(port = 0): Promise<FixtureServer> {
  const received: string[] = [];
  const abandoned: string[] = [];
  const server = createServer((request, response) => {
    received.push(request.url ?? "");
    response.on("close", () => {
      if (!response.writableFinished) abandoned.push(request.url ?? "");
    });
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain" });
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: () => [...received],
    abandoned: () => [...abandoned],
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? "/", "http://fixture.local");
  const { pathname, searchParams } = url;

  const redirect = /^\/redirect\/(\d+)\/(.*)$/.exec(pathname);
  if (redirect) {
    const hops = Number(redirect[1]);
    const target = hops > 1 ? `/redirect/${hops - 1}/${redirect[2]}` : `/${redirect[2]}`;
    response.writeHead(302, { location: `${target}${url.search}` }).end();
    return;
  }
  if (pathname === "/redirect-to") {
    response.writeHead(302, { location: searchParams.get("url") ?? "/" }).end();
    return;
  }
  if (pathname === "/redirect-loop") {
    response.writeHead(302, { location: "/redirect-loop" }).end();
    return;
  }
  if (pathname === "/redirect-without-location") {
    response.writeHead(302).end();
    return;
  }
  const status = /^\/status\/(\d{3})$/.exec(pathname);
  if (status) {
    const retryAfter = searchParams.get("retry_after");
    response.writeHead(Number(status[1]), {
      "content-type": "text/html; charset=utf-8",
      ...(retryAfter !== null ? { "retry-after": retryAfter } : {}),
    });
    response.end(`<!doctype html><title>${status[1]}</title><h1>Error ${status[1]}</h1>`);
    return;
  }
  if (pathname === "/slow") {
    await sleep(Number(searchParams.get("ms") ?? 10_000), undefined, { ref: false });
    if (!response.destroyed) response.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><h1>Finally</h1>");
    return;
  }
  if (pathname === "/stall") {
    response.writeHead(200, { "content-type": "text/html" });
    response.write("<!doctype html><html><head><title>Stalled</title></head><body><p>Half a page");
    return;
  }
  if (pathname === "/huge") {
    await streamHugePage(response, Number(searchParams.get("mb") ?? 6));
    return;
  }
  const hostile = /^\/hostile\/([\w-]+)$/.exec(pathname);
  const page = hostile ? HOSTILE_PAGES[hostile[1] as string] : undefined;
  if (page) {
    const size = Number(searchParams.get("n") ?? page.defaultSize);
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page.make(size));
    return;
  }
  if (pathname === "/changing") {
    // The price is the time in steps of `every`: two checks a step apart see a change, within one step none.
    const step = Math.max(1, Number(searchParams.get("every") ?? 10_000));
    const price = (10 + (Math.floor(Date.now() / step) % 90)).toFixed(2);
    const data = {
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Changing Lamp",
      sku: "CH-1",
      offers: { "@type": "Offer", price, priceCurrency: "USD" },
    };
    response
      .writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end(
        `<!doctype html><html><head><title>Changing Lamp</title><script type="application/ld+json">${JSON.stringify(data)}</script></head><body><h1>Changing Lamp</h1><p class="price">$${price}</p></body></html>`,
      );
    return;
  }
  if (pathname === "/not-html") {
    response.writeHead(200, { "content-type": "application/json" }).end('{"name":"Not a page"}');
    return;
  }
  if (pathname === "/image.png") {
    response.writeHead(200, { "content-type": "image/png" }).end(Buffer.from("89504e470d0a1a0a", "hex"));
    return;
  }
  await serveFixture(pathname, searchParams, response);
}

async function serveFixture(pathname: string, params: URLSearchParams, response: ServerResponse): Promise<void> {
  const file = path.normalize(path.join(FIXTURE_SITES, decodeURIComponent(pathname)));
  if (!file.startsWith(FIXTURE_SITES + path.sep) || !file.endsWith(".html")) {
    response.writeHead(404, { "content-type": "text/html" }).end("<!doctype html><h1>Not found</h1>");
    return;
  }
  let body: Buffer;
  try {
    body = await readFile(file);
  } catch {
    response.writeHead(404, { "content-type": "text/html" }).end("<!doctype html><h1>Not found</h1>");
    return;
  }
  const headers: Record<string, string> = {};
  const type = params.has("type") ? params.get("type") : "text/html";
  if (type) headers["content-type"] = params.has("charset") ? `${type}; charset=${params.get("charset")}` : type;
  const encoding = params.get("encoding");
  if (encoding) {
    headers["content-encoding"] = encoding;
    body = encoding === "gzip" ? zlib.gzipSync(body) : encoding === "br" ? zlib.brotliCompressSync(body) : zlib.deflateSync(body);
  }
  const declared = params.get("declare");
  if (declared) headers["content-encoding"] = declared;
  headers["content-length"] = String(body.byteLength);
  response.writeHead(200, headers).end(body);
}

async function streamHugePage(response: ServerResponse, megabytes: number): Promise<void> {
  response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  response.write("<!doctype html><html><head><title>Huge</title></head><body>");
  const chunk = `<p>${"All work and no play makes a very large page. ".repeat(1300)}</p>\n`;
  const chunks = Math.ceil((megabytes * 1024 * 1024) / chunk.length);
  for (let i = 0; i < chunks && !response.destroyed; i++) {
    if (!response.write(chunk)) {
      await new Promise((resolve) => {
        response.once("drain", resolve);
        response.once("close", resolve);
      });
    }
  }
  response.end("</body></html>");
}
