import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPageFetcher, type PageFetcher } from "@/lib/infra/outbound/safe-fetch";
import { type ResourceServer, startResourceServer } from "@/test/support/resource-server";
import {
  MAX_SITEMAP_BYTES,
  MAX_SITEMAP_URLS,
  parseSitemap,
  type SitemapEntry,
  type SitemapWalkOptions,
  sitemapRoots,
  walkSitemaps,
} from "./sitemaps";
import { CRAWLER_USER_AGENT } from "./user-agent";

const XML = { "content-type": "application/xml" };
const GZIP = { "content-type": "application/gzip" };

function urlset(urls: string[], extra = ""): string {
  const entries = urls.map((url) => `<url><loc>${url}</loc></url>`).join("");
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries}${extra}</urlset>`;
}

function index(children: string[]): string {
  const entries = children.map((url) => `<sitemap><loc>${url}</loc></sitemap>`).join("");
  return `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries}</sitemapindex>`;
}

async function* chunks(data: string | Buffer, size = 1000): AsyncGenerator<Buffer> {
  const buffer = Buffer.from(data);
  for (let at = 0; at < buffer.byteLength; at += size) yield buffer.subarray(at, at + size);
}

async function all<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

const SITEMAP = "https://shop.example/sitemap.xml";

describe("parsing one sitemap", () => {
  it("reads a urlset: locations, lastmod as ISO instants, entities, relative locations; ignores extension <loc>s", async () => {
    const xml = `<?xml version="1.0"?>
      <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
        <url><loc> https://shop.example/a?x=1&amp;y=2 </loc><lastmod>2024-05-01</lastmod>
          <image:image><image:loc>https://cdn.example/a.jpg</image:loc></image:image></url>
        <url><loc>/relative</loc><lastmod>2024-05-02T10:00:00+02:00</lastmod><changefreq>daily</changefreq></url>
        <url><loc>ftp://shop.example/no</loc></url>
        <url><lastmod>not a date</lastmod><loc>https://shop.example/b</loc></url>
      </urlset>`;
    const parsed = await parseSitemap(chunks(xml, 37), SITEMAP);
    expect(parsed.kind).toBe("urlset");
    expect(parsed.urls).toEqual<SitemapEntry[]>([
      { url: "https://shop.example/a?x=1&y=2", lastmod: "2024-05-01T00:00:00.000Z" },
      { url: "https://shop.example/relative", lastmod: "2024-05-02T08:00:00.000Z" },
      { url: "https://shop.example/b", lastmod: null },
    ]);
    expect([parsed.invalid, parsed.truncated, parsed.error]).toEqual([1, false, undefined]);
  });

  it("reads an index (also with a namespace prefix) as child sitemaps", async () => {
    const prefixed = `<sm:sitemapindex xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"><sm:sitemap><sm:loc>https://shop.example/a.xml</sm:loc><sm:lastmod>2024-01-01</sm:lastmod></sm:sitemap></sm:sitemapindex>`;
    const parsed = await parseSitemap(chunks(prefixed), SITEMAP);
    expect([parsed.kind, parsed.urls, parsed.sitemaps]).toEqual([
      "index",
      [],
      [{ url: "https://shop.example/a.xml", lastmod: "2024-01-01T00:00:00.000Z" }],
    ]);
  });

  it("reads a gzipped file whatever it is called, and a text sitemap", async () => {
    const gz = await parseSitemap(chunks(zlib.gzipSync(urlset(["https://shop.example/g"]))), SITEMAP);
    expect(gz.urls.map((entry) => entry.url)).toEqual(["https://shop.example/g"]);
    const text = await parseSitemap(
      chunks("\uFEFFhttps://shop.example/1\r\n\n  https://shop.example/2  \nnot a url\nhttps://shop.example/3", 7),
      SITEMAP,
    );
    expect([text.kind, text.urls.map((entry) => entry.url), text.invalid]).toEqual([
      "text",
      ["https://shop.example/1", "https://shop.example/2", "https://shop.example/3"],
      1,
    ]);
  });

  it("reads RSS and Atom feeds", async () => {
    const rss = `<rss version="2.0"><channel><link>https://shop.example/</link><item><link>https://shop.example/post-1</link><pubDate>Wed, 01 May 2024 10:00:00 GMT</pubDate></item></channel></rss>`;
    expect((await parseSitemap(chunks(rss), SITEMAP)).urls).toEqual([
      { url: "https://shop.example/post-1", lastmod: "2024-05-01T10:00:00.000Z" },
    ]);
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom"><link href="https://shop.example/"/><entry><link rel="edit" href="https://shop.example/edit"/><link href="https://shop.example/post-2"/><updated>2024-05-03T00:00:00Z</updated></entry></feed>`;
    expect((await parseSitemap(chunks(atom), SITEMAP)).urls).toEqual([
      { url: "https://shop.example/post-2", lastmod: "2024-05-03T00:00:00.000Z" },
    ]);
  });

  it(`keeps at most ${MAX_SITEMAP_URLS} URLs of a file and says it was cut`, async () => {
    const urls = Array.from({ length: MAX_SITEMAP_URLS + 10 }, (_, i) => `https://shop.example/p/${i}`);
    const parsed = await parseSitemap(chunks(urlset(urls), 64 * 1024), SITEMAP);
    expect([parsed.urls.length, parsed.truncated]).toEqual([MAX_SITEMAP_URLS, true]);
    expect(parsed.urls.at(-1)?.url).toBe(`https://shop.example/p/${MAX_SITEMAP_URLS - 1}`);
  });

  it("stops inflating a decompression bomb at 50 MB", async () => {
    // 64 MB of XML comment inflates from about 64 KB of gzip.
    const bomb = zlib.gzipSync(
      Buffer.concat([
        Buffer.from(urlset(["https://shop.example/first"]).replace("</urlset>", "<!--")),
        Buffer.alloc(64 * 1024 * 1024, 0x20),
      ]),
      {
        level: 9,
      },
    );
    expect(bomb.byteLength).toBeLessThan(200 * 1024);
    const parsed = await parseSitemap(chunks(bomb, 16 * 1024), SITEMAP);
    expect(parsed.truncated).toBe(true);
    expect(parsed.error).toBe(
      `The sitemap is larger than ${MAX_SITEMAP_BYTES / 1024 / 1024} MB uncompressed; the rest was not read.`,
    );
    expect(parsed.urls.map((entry) => entry.url)).toEqual(["https://shop.example/first"]);
  });

  it("reports corrupt gzip, keeps what came before broken XML, and reads an empty body as nothing", async () => {
    const corrupt = Buffer.concat([
      zlib.gzipSync(urlset(["https://shop.example/x"])).subarray(0, 12),
      Buffer.from("garbage!garbage!"),
    ]);
    expect((await parseSitemap(chunks(corrupt), SITEMAP)).error).toBe("The sitemap's gzip data is corrupt.");
    const broken = await parseSitemap(
      chunks('<urlset><url><loc>https://shop.example/ok</loc></url><url><loc>https://shop.exa<<<"'),
      SITEMAP,
    );
    expect(broken.urls.map((entry) => entry.url)).toEqual(["https://shop.example/ok"]);
    expect(await parseSitemap(chunks(""), SITEMAP)).toMatchObject({ kind: "unknown", urls: [] });
  });
});

describe("walking a site's sitemaps", () => {
  let site: ResourceServer;
  let fetcher: PageFetcher;
  let walk: (roots: string[], options?: Partial<SitemapWalkOptions>) => ReturnType<typeof walkSitemaps>;

  beforeAll(async () => {
    site = await startResourceServer();
    fetcher = createPageFetcher({ allowLoopback: true, timeoutMs: 5_000 });
    walk = (roots, options = {}) => walkSitemaps(roots, { fetcher, ...options });
    const at = (path: string) => `${site.url}${path}`;
    site.serve("/sitemap_index.xml", {
      headers: XML,
      body: index([
        at("/sitemaps/a.xml.gz"),
        at("/sitemaps/b.xml.gz"),
        at("/sitemaps/c.txt"),
        at("/sitemap_index.xml"),
        at("/missing.xml"),
        at("/broken.xml"),
        at("/nested.xml"),
      ]),
    });
    site.serve("/sitemaps/a.xml.gz", { headers: GZIP, body: zlib.gzipSync(urlset([at("/a1"), at("/a2")])) });
    site.serve("/sitemaps/b.xml.gz", {
      headers: { "content-type": "application/octet-stream" },
      body: zlib.gzipSync(urlset([at("/b1")])),
    });
    site.serve("/sitemaps/c.txt", { headers: { "content-type": "text/plain" }, body: `${at("/c1")}\n${at("/c2")}\n` });
    site.serve("/broken.xml", { status: 500, body: "oops" });
    // An index that lists the top index again (a loop) and one more level of index (allowed once).
    site.serve("/nested.xml", { headers: XML, body: index([at("/sitemap_index.xml"), at("/deeper.xml")]) });
    site.serve("/deeper.xml", { headers: XML, body: index([at("/deepest.xml")]) });
    site.serve("/deepest.xml", { headers: XML, body: urlset([at("/too-deep")]) });
    site.serve("/page.html", { headers: { "content-type": "text/html" }, body: "<!doctype html><p>not a sitemap</p>" });
  });
  afterAll(async () => {
    await fetcher.close();
    await site.close();
  });

  it("follows an index to gzipped, octet-stream and text children, counting loops, missing and failed files", async () => {
    const { entries, stats } = walk([`${site.url}/sitemap_index.xml`]);
    const found = await all(entries);
    expect(found.map((entry) => entry.url.slice(site.url.length))).toEqual(["/a1", "/a2", "/b1", "/c1", "/c2"]);
    expect(found[0]?.sitemap).toBe(`${site.url}/sitemaps/a.xml.gz`);
    expect(stats).toMatchObject({ files: 6, missing: 1, failed: 1, loops: 2, skipped: 1, truncated: 0 });
    expect(stats.errors).toEqual([{ sitemap: `${site.url}/broken.xml`, error: "The sitemap answered 500." }]);
    expect(site.requests().filter((request) => request.path === "/sitemap_index.xml")).toHaveLength(1);
    expect(site.requests().at(-1)?.userAgent).toBe(CRAWLER_USER_AGENT);
  });

  it("fetches no further file once its reader stops", async () => {
    const before = site.requests().length;
    const { entries } = walk([`${site.url}/sitemap_index.xml`]);
    for await (const entry of entries) {
      expect(entry.url).toBe(`${site.url}/a1`);
      break;
    }
    expect(
      site
        .requests()
        .slice(before)
        .map((request) => request.path),
    ).toEqual(["/sitemap_index.xml", "/sitemaps/a.xml.gz"]);
  });

  it("stops at maxFiles, and skips files allowFile refuses (robots.txt)", async () => {
    const capped = walk([`${site.url}/sitemap_index.xml`], { maxFiles: 2 });
    expect((await all(capped.entries)).map((entry) => entry.url.slice(site.url.length))).toEqual(["/a1", "/a2"]);
    expect(capped.stats.skipped).toBe(5);
    const refused = walk([`${site.url}/sitemap_index.xml`], { allowFile: (url) => !url.pathname.startsWith("/sitemaps/") });
    expect((await all(refused.entries)).length).toBe(0);
    expect(refused.stats.skipped).toBe(4);
  });

  it("counts an HTML page where a sitemap should be, and a private address, as failed", async () => {
    const html = walk([`${site.url}/page.html`]);
    expect(await all(html.entries)).toEqual([]);
    expect(html.stats.failed).toBe(1);
    const strict = createPageFetcher({ allowLoopback: false });
    try {
      const before = site.requests().length;
      const blocked = walkSitemaps([`${site.url}/sitemap_index.xml`], { fetcher: strict });
      expect(await all(blocked.entries)).toEqual([]);
      expect(blocked.stats.failed).toBe(1);
      expect(blocked.stats.errors[0]?.error).toContain("loopback address");
      expect(site.requests().length).toBe(before);
    } finally {
      await strict.close();
    }
  });

  it("finds the roots: robots.txt's Sitemap lines, then /sitemap.xml, each once", () => {
    expect(sitemapRoots("https://shop.example", ["https://shop.example/sm.xml", "https://SHOP.example/sitemap.xml#x"])).toEqual([
      "https://shop.example/sm.xml",
      "https://SHOP.example/sitemap.xml#x",
    ]);
    expect(sitemapRoots("https://shop.example/deep/page")).toEqual(["https://shop.example/sitemap.xml"]);
  });
});
