import type { LookupAddress } from "node:dns";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ScrapeError } from "@/lib/infra/errors";
import { type FixtureServer, startFixtureServer } from "@/test/support/fixture-server";
import { type ResourceServer, startResourceServer } from "@/test/support/resource-server";
import { createPageFetcher, type FetchedResource, type PageFetcher, type Resolver, USER_AGENT } from "./safe-fetch";

// Host names the tests resolve themselves, so no test depends on real DNS.
const HOSTS: Record<string, string[]> = {
  "shop.example": ["127.0.0.1"],
  "intranet.example": ["10.0.0.7"],
  "router.example": ["192.168.1.1"],
  "mixed.example": ["93.184.215.14", "172.20.0.3"],
  "metadata.example": ["169.254.169.254"],
  "v6-loopback.example": ["::1"],
};

const resolve: Resolver = async (hostname) => {
  const addresses = HOSTS[hostname];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
  return addresses.map((address): LookupAddress => ({ address, family: address.includes(":") ? 6 : 4 }));
};

let site: FixtureServer;
let port: string;
let open: PageFetcher;
let strict: PageFetcher;

beforeAll(async () => {
  site = await startFixtureServer();
  port = new URL(site.url).port;
  open = createPageFetcher({ allowLoopback: true, resolve, timeoutMs: 2_000 });
  strict = createPageFetcher({ allowLoopback: false, resolve });
});

afterAll(async () => {
  await Promise.all([open.close(), strict.close()]);
  await site.close();
});

async function failure(promise: Promise<unknown>): Promise<ScrapeError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ScrapeError);
  return error as ScrapeError;
}

describe("fetching the fixture site", () => {
  it("fetches and decodes an HTML page", async () => {
    const page = await open.fetchPage(`${site.url}/product/jsonld.html`);
    expect(page.status).toBe(200);
    expect(page.url).toBe(`${site.url}/product/jsonld.html`);
    expect(page.contentType).toBe("text/html");
    expect(page.charset).toBe("utf-8");
    expect(page.html).toContain("Sonora Pro Wireless Headphones");
  });

  it.each(["gzip", "br", "deflate"])("decompresses a %s answer", async (encoding) => {
    const plain = await open.fetchPage(`${site.url}/product/microdata.html`);
    const compressed = await open.fetchPage(`${site.url}/product/microdata.html?encoding=${encoding}`);
    expect(compressed.html).toBe(plain.html);
    expect(compressed.html).toContain("Kaffeevollautomat Barista Deluxe");
  });

  it("decodes windows-1252 declared in a <meta> tag", async () => {
    const page = await open.fetchPage(`${site.url}/product/windows-1252.html`);
    expect(page.charset).toBe("windows-1252");
    expect(page.html).toContain("Crème-brûlée-Brenner „Flamme“");
    expect(page.html).toContain("49,95 €");
  });

  it("prefers the Content-Type charset, reading ISO-8859-1 as browsers do (windows-1252)", async () => {
    const page = await open.fetchPage(`${site.url}/product/windows-1252.html?charset=ISO-8859-1`);
    expect(page.charset).toBe("windows-1252");
    expect(page.html).toContain("49,95 €");
  });

  it("sends a browser-like User-Agent", () => {
    expect(USER_AGENT).toMatch(/^Mozilla\/5\.0 .+ Chrome\/\d+/);
  });

  it("follows up to five redirects and reports the final address", async () => {
    const page = await open.fetchPage(`${site.url}/redirect/5/product/plain.html`);
    expect(page.url).toBe(`${site.url}/product/plain.html`);
    expect(page.html).toContain("Trailblazer 45L Backpack");
  });

  it("refuses a sixth redirect and a redirect loop (502 too_many_redirects)", async () => {
    for (const path of ["/redirect/6/product/plain.html", "/redirect-loop"]) {
      const error = await failure(open.fetchPage(`${site.url}${path}`));
      expect(error.code).toBe("too_many_redirects");
    }
  });

  it("reports an error status as 502 upstream_error", async () => {
    const notFound = await failure(open.fetchPage(`${site.url}/status/404`));
    expect([notFound.code, notFound.message]).toEqual(["upstream_error", "The site answered 404 Not Found."]);
    const serverError = await failure(open.fetchPage(`${site.url}/status/503`));
    expect(serverError.message).toBe("The site answered 503 Service Unavailable.");
    const noLocation = await failure(open.fetchPage(`${site.url}/redirect-without-location`));
    expect(noLocation.code).toBe("upstream_error");
  });

  it("hands on the status and Retry-After as data (a crawl backs off on them), not only in the message", async () => {
    const throttled = await failure(open.fetchPage(`${site.url}/status/429?retry_after=7`));
    expect(throttled.details.upstream).toEqual({ status: 429, retryAfterSeconds: 7 });
    const down = await failure(open.fetchPage(`${site.url}/status/503`));
    expect(down.details.upstream).toEqual({ status: 503, retryAfterSeconds: null });
  });

  it("reports a corrupt or unknown Content-Encoding as 502 upstream_error", async () => {
    const corrupt = await failure(open.fetchPage(`${site.url}/product/plain.html?declare=gzip`));
    expect([corrupt.code, corrupt.message]).toEqual(["upstream_error", "The site sent a corrupt compressed answer."]);
    const unknown = await failure(open.fetchPage(`${site.url}/product/plain.html?declare=zstd`));
    expect([unknown.code, unknown.message]).toEqual(["upstream_error", "The site used an unsupported content encoding (zstd)."]);
  });

  it("times out a site that does not answer (504)", async () => {
    const error = await failure(open.fetchPage(`${site.url}/slow?ms=5000`));
    expect([error.code, error.message]).toEqual(["upstream_timeout", "The site did not answer within 2 seconds."]);
  });

  it("times out a body that stops arriving (504)", async () => {
    const error = await failure(open.fetchPage(`${site.url}/stall`));
    expect(error.code).toBe("upstream_timeout");
  });

  it("stops reading a page larger than the cap (422 too_large)", async () => {
    const error = await failure(open.fetchPage(`${site.url}/huge?mb=6`));
    expect([error.code, error.message]).toEqual(["too_large", "The page is larger than 5 MB."]);
  });

  it("applies the cap to the decompressed size and to a declared Content-Length", async () => {
    const small = createPageFetcher({ allowLoopback: true, maxBytes: 1024 });
    try {
      for (const path of ["/product/jsonld.html", "/product/jsonld.html?encoding=gzip"]) {
        const error = await failure(small.fetchPage(`${site.url}${path}`));
        expect([error.code, error.message]).toEqual(["too_large", "The page is larger than 1 KB."]);
      }
    } finally {
      await small.close();
    }
  });

  it("refuses answers that are not HTML (422 not_html)", async () => {
    for (const [path, message] of [
      ["/not-html", "The page is application/json, not HTML."],
      ["/image.png", "The page is image/png, not HTML."],
      ["/product/plain.html?type=text/plain", "The page is text/plain, not HTML."],
    ]) {
      const error = await failure(open.fetchPage(`${site.url}${path}`));
      expect([error.code, error.message]).toEqual(["not_html", message]);
    }
  });

  it("accepts an answer without Content-Type when it is HTML", async () => {
    const page = await open.fetchPage(`${site.url}/product/plain.html?type=`);
    expect(page.contentType).toBeNull();
    expect(page.html).toContain("Trailblazer");
  });

  it("accepts application/xhtml+xml", async () => {
    const page = await open.fetchPage(`${site.url}/product/plain.html?type=application/xhtml%2Bxml`);
    expect(page.contentType).toBe("application/xhtml+xml");
  });

  it.each([
    ["not a url", "The URL is not valid: give a full address starting with http:// or https://."],
    ["/relative/path", "The URL is not valid: give a full address starting with http:// or https://."],
    ["ftp://files.example/page.html", "Only http and https URLs can be scraped, not ftp."],
    ["file:///etc/passwd", "Only http and https URLs can be scraped, not file."],
    ["javascript:alert(1)", "Only http and https URLs can be scraped, not javascript."],
    ["http://user:secret@shop.example/", "URLs with a user name or password are not accepted."],
  ])("refuses the URL %s (400 invalid_url)", async (url, message) => {
    const error = await failure(open.fetchPage(url));
    expect([error.code, error.message]).toEqual(["invalid_url", message]);
  });

  it("reports a host that does not resolve or refuses connections as 502 upstream_unreachable", async () => {
    const unknown = await failure(open.fetchPage("http://no-such-host.example/"));
    expect([unknown.code, unknown.message]).toEqual(["upstream_unreachable", "The site could not be reached (ENOTFOUND)."]);
    const closed = await startFixtureServer();
    await closed.close();
    const refused = await failure(open.fetchPage(`${closed.url}/`));
    expect([refused.code, refused.message]).toEqual(["upstream_unreachable", "The site could not be reached (ECONNREFUSED)."]);
  });

  it("passes the caller's abort through as it is", async () => {
    const controller = new AbortController();
    const reason = new Error("run cancelled");
    const pending = open.fetchPage(`${site.url}/slow?ms=5000`, { signal: controller.signal });
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });

  it("reaches a named host through the checked address", async () => {
    const page = await open.fetchPage(`http://shop.example:${port}/product/plain.html`);
    expect(page.url).toBe(`http://shop.example:${port}/product/plain.html`);
    expect(page.html).toContain("Trailblazer");
  });
});

describe("SSRF protection (loopback not allowed)", () => {
  it.each([
    ["loopback", () => `${site.url}/product/plain.html`, "127.0.0.1", "loopback address"],
    ["another loopback address", () => `http://127.8.9.10:${port}/`, "127.8.9.10", "loopback address"],
    ["IPv6 loopback", () => `http://[::1]:${port}/`, "::1", "loopback address"],
    ["IPv4-mapped IPv6 loopback", () => `http://[::ffff:127.0.0.1]:${port}/`, "::ffff:7f00:1", "loopback address"],
    ["decimal IPv4", () => `http://2130706433:${port}/`, "127.0.0.1", "loopback address"],
    ["octal IPv4", () => `http://0177.0.0.1:${port}/`, "127.0.0.1", "loopback address"],
    ["hexadecimal IPv4", () => `http://0x7f.0.0.1:${port}/`, "127.0.0.1", "loopback address"],
    ["10/8", () => "http://10.0.0.1/", "10.0.0.1", "private or reserved address"],
    ["172.16/12", () => "http://172.16.5.4:8080/", "172.16.5.4", "private or reserved address"],
    ["192.168/16", () => "https://192.168.0.1/admin", "192.168.0.1", "private or reserved address"],
    ["cloud metadata", () => "http://169.254.169.254/latest/meta-data/", "169.254.169.254", "private or reserved address"],
    ["IPv4-mapped private", () => "http://[::ffff:10.0.0.1]/", "::ffff:a00:1", "private or reserved address"],
    ["IPv6 unique local", () => "http://[fd00::1]/", "fd00::1", "private or reserved address"],
    ["unspecified", () => `http://0.0.0.0:${port}/`, "0.0.0.0", "private or reserved address"],
  ])("refuses %s (422 blocked_address)", async (_name, url, address, reason) => {
    const error = await failure(strict.fetchPage(url()));
    expect([error.code, error.message]).toEqual([
      "blocked_address",
      `The address ${address} is a ${reason} and cannot be scraped.`,
    ]);
  });

  it.each([
    ["shop.example", "127.0.0.1", "loopback address"],
    ["v6-loopback.example", "::1", "loopback address"],
    ["intranet.example", "10.0.0.7", "private or reserved address"],
    ["router.example", "192.168.1.1", "private or reserved address"],
    ["metadata.example", "169.254.169.254", "private or reserved address"],
    ["mixed.example", "172.20.0.3", "private or reserved address"],
  ])("refuses the name %s, which resolves to %s", async (host, address, reason) => {
    const error = await failure(strict.fetchPage(`http://${host}:${port}/product/plain.html`));
    expect([error.code, error.message]).toEqual([
      "blocked_address",
      `The address ${address} (${host}) is a ${reason} and cannot be scraped.`,
    ]);
  });

  it("refuses localhost through the system resolver", async () => {
    const system = createPageFetcher({ allowLoopback: false });
    try {
      const error = await failure(system.fetchPage(`http://localhost:${port}/product/plain.html`));
      expect(error.code).toBe("blocked_address");
    } finally {
      await system.close();
    }
  });

  it("checks every redirect hop: an allowed host redirecting to private addresses is refused", async () => {
    // shop.example (the fixture site) stands in for a public site, so this fetcher allows loopback;
    // every target below is private whatever that setting, and must be refused at its own hop.
    for (const [target, address] of [
      ["http://intranet.example/secrets", "10.0.0.7 (intranet.example)"],
      ["http://169.254.169.254/latest/meta-data/iam/", "169.254.169.254"],
      ["http://2886729729/", "172.16.0.1"],
      ["http://mixed.example/", "172.20.0.3 (mixed.example)"],
    ]) {
      const url = `http://shop.example:${port}/redirect-to?url=${encodeURIComponent(target as string)}`;
      const error = await failure(open.fetchPage(url));
      expect(error.code).toBe("blocked_address");
      expect(error.message).toContain(address);
    }
  });

  it("refuses a redirect to another scheme", async () => {
    const error = await failure(open.fetchPage(`${site.url}/redirect-to?url=${encodeURIComponent("file:///etc/passwd")}`));
    expect([error.code, error.message]).toEqual([
      "blocked_address",
      "The site redirected to an address that cannot be scraped (file:).",
    ]);
  });
});

describe("sending a request (webhooks)", () => {
  const post = { method: "POST" as const, headers: { "content-type": "application/json" }, body: '{"id":"evt_1"}' };

  it("POSTs to a named host through the checked address and answers the status", async () => {
    expect(await open.send(`http://shop.example:${port}/status/200?send=named`, post)).toBe(200);
    expect(await open.send(`${site.url}/status/500`, post)).toBe(500);
    expect(site.received()).toContain("/status/200?send=named");
  });

  it("does not follow a redirect: the 3xx is the answer", async () => {
    const target = `/status/200?send=${Date.now()}`;
    expect(await open.send(`${site.url}/redirect-to?url=${encodeURIComponent(target)}`, post)).toBe(302);
    expect(site.received()).not.toContain(target);
  });

  it("refuses private addresses, named or literal, before anything is sent", async () => {
    for (const [url, address] of [
      [`http://intranet.example:${port}/hook`, "10.0.0.7 (intranet.example)"],
      [`http://shop.example:${port}/hook`, "127.0.0.1 (shop.example)"],
      ["http://169.254.169.254/hook", "169.254.169.254"],
    ]) {
      const error = await failure(strict.send(url as string, post));
      expect(error.code).toBe("blocked_address");
      expect(error.message).toContain(address);
    }
  });

  it("resolves the host once, for the check and the connection alike (no DNS rebinding in between)", async () => {
    // A name that answers a checked public-enough address first, then a private one: only the first is used.
    let lookups = 0;
    const flipping = createPageFetcher({
      allowLoopback: true,
      resolve: async () => {
        lookups++;
        return [{ address: lookups === 1 ? "127.0.0.1" : "10.0.0.7", family: 4 }];
      },
    });
    try {
      expect(await flipping.send(`http://rebind.example:${port}/status/204`, post)).toBe(204);
      expect(lookups).toBe(1);
    } finally {
      await flipping.close();
    }
  });
});

describe("fetching a resource that is not a page (robots.txt, sitemaps)", () => {
  let files: ResourceServer;
  const text = { accept: ["text/plain"] } as const;
  const xml = { accept: ["application/xml", "text/xml", "application/gzip"] } as const;

  beforeAll(async () => {
    files = await startResourceServer();
    files.serve("/robots.txt", {
      headers: { "content-type": "text/plain; charset=utf-8" },
      body: "User-agent: *\nDisallow: /private\n",
    });
    files.serve("/sitemap.xml", { headers: { "content-type": "application/xml" }, body: "<urlset></urlset>" });
    files.serve("/sitemap.xml.gz", { headers: { "content-type": "application/gzip" }, body: zlib.gzipSync("<urlset></urlset>") });
    files.serve("/compressed.txt", {
      headers: { "content-type": "text/plain", "content-encoding": "gzip" },
      body: zlib.gzipSync("x".repeat(10_000)),
    });
    files.serve("/untyped", { body: "no type at all" });
    files.serve("/page.html", { headers: { "content-type": "text/html" }, body: "<!doctype html><p>a page</p>" });
    files.serve("/moved", { status: 301, headers: { location: "/robots.txt" } });
    files.serve("/gone", { status: 404, headers: { "content-type": "text/html" }, body: "<h1>Not here</h1>" });
    files.serve("/broken", { status: 503, body: "down" });
    files.serve("/big", { headers: { "content-type": "text/plain" }, body: "a".repeat(64 * 1024) });
    files.serve("/endless", async (_request, response) => {
      // A 10 MB text body in 64 KB writes: the reader must stop at its cap and hang up.
      response.writeHead(200, { "content-type": "text/plain" });
      const chunk = `${"Disallow: /x\n".repeat(4681)}\n`;
      for (let i = 0; i < 160 && !response.destroyed; i++) {
        if (!response.write(chunk)) {
          await new Promise((resolve) => {
            response.once("drain", resolve);
            response.once("close", resolve);
          });
        }
      }
      response.end();
    });
  });
  afterAll(() => files.close());

  it("reads a text/plain answer whole, with its status and media type, sending the given User-Agent", async () => {
    const robots = await open.fetchResource(`${files.url}/robots.txt`, { ...text, userAgent: "ScrapeDeckTest/1.0" });
    expect([robots.status, robots.mediaType, robots.truncated]).toEqual([200, "text/plain", false]);
    expect(robots.body.toString()).toBe("User-agent: *\nDisallow: /private\n");
    expect(files.requests().at(-1)?.userAgent).toBe("ScrapeDeckTest/1.0");
  });

  it("accepts the listed media types, whole types (text/*) and an answer without a Content-Type", async () => {
    expect((await open.fetchResource(`${files.url}/sitemap.xml`, xml)).body.toString()).toBe("<urlset></urlset>");
    const gzipped = await open.fetchResource(`${files.url}/sitemap.xml.gz`, xml);
    expect(zlib.gunzipSync(gzipped.body).toString()).toBe("<urlset></urlset>");
    expect((await open.fetchResource(`${files.url}/page.html`, { accept: ["text/*"] })).mediaType).toBe("text/html");
    expect((await open.fetchResource(`${files.url}/untyped`, text)).body.toString()).toBe("no type at all");
  });

  it("refuses a media type that was not asked for (502 upstream_error)", async () => {
    const error = await failure(open.fetchResource(`${files.url}/page.html`, text));
    expect([error.code, error.message]).toEqual(["upstream_error", "The site answered text/html, not text/plain."]);
  });

  it("answers an error status instead of throwing, with an empty body, and follows redirects", async () => {
    const gone = await open.fetchResource(`${files.url}/gone`, text);
    expect([gone.status, gone.body.byteLength]).toEqual([404, 0]);
    expect((await open.fetchResource(`${files.url}/broken`, text)).status).toBe(503);
    const moved = await open.fetchResource(`${files.url}/moved`, text);
    expect([moved.status, moved.url]).toEqual([200, `${files.url}/robots.txt`]);
  });

  it("caps the decoded body: too_large by default, or the first maxBytes with truncate", async () => {
    const error = await failure(open.fetchResource(`${files.url}/big`, { ...text, maxBytes: 1000 }));
    expect([error.code, error.message]).toEqual(["too_large", "The page is larger than 1 KB."]);
    const cut = await open.fetchResource(`${files.url}/big`, { ...text, maxBytes: 1000, overflow: "truncate" });
    expect([cut.body.byteLength, cut.truncated]).toEqual([1000, true]);
    const inflated = await failure(open.fetchResource(`${files.url}/compressed.txt`, { ...text, maxBytes: 5000 }));
    expect(inflated.code).toBe("too_large");
  });

  it("reads 500 KiB of a 10 MB answer and hangs up on the rest", async () => {
    const head: FetchedResource = await open.fetchResource(`${files.url}/endless`, {
      ...text,
      maxBytes: 500 * 1024,
      overflow: "truncate",
    });
    expect([head.body.byteLength, head.truncated]).toEqual([500 * 1024, true]);
    expect(head.body.toString("latin1").startsWith("Disallow: /x\n")).toBe(true);
  });

  it("streams the body to a reader that may stop early", async () => {
    const opened = await open.openResource(`${files.url}/endless`, { ...text, maxBytes: 20 * 1024 * 1024 });
    let read = 0;
    for await (const chunk of opened.body) {
      read += chunk.byteLength;
      if (read > 100_000) break;
    }
    expect(read).toBeGreaterThan(100_000);
    expect(read).toBeLessThan(1024 * 1024);
    expect(opened.truncated).toBe(false);
  });

  it("keeps the address checks: private and loopback addresses are refused before anything is sent", async () => {
    const before = files.requests().length;
    const error = await failure(strict.fetchResource(`${files.url}/robots.txt`, text));
    expect(error.code).toBe("blocked_address");
    const named = await failure(strict.openResource(`http://intranet.example:${files.port}/sitemap.xml`, xml));
    expect(named.message).toContain("10.0.0.7 (intranet.example)");
    expect(files.requests().length).toBe(before);
  });
});

describe("fetching a browser page's request (fetchForBrowser)", () => {
  const get = { method: "GET", headers: { accept: "*/*" }, destination: "subresource" as const };

  it("answers a redirect with its checked target instead of following it", async () => {
    const target = `/product/plain.html?hop=${Date.now()}`;
    const answer = await open.fetchForBrowser(`${site.url}/redirect-to?url=${encodeURIComponent(target)}`, get);
    expect(answer.status).toBe(302);
    expect(answer.redirectTo?.href).toBe(`${site.url}${target}`);
    expect(site.received()).not.toContain(target);
    const error = await failure(
      open.fetchForBrowser(`${site.url}/redirect-to?url=${encodeURIComponent("file:///etc/passwd")}`, get),
    );
    expect(error.code).toBe("blocked_address");
  });

  it("answers any status with its body, decoded, without the headers of the encoding", async () => {
    const notFound = await open.fetchForBrowser(`${site.url}/status/404`, get);
    expect([notFound.status, notFound.body.toString()]).toEqual([404, "<!doctype html><title>404</title><h1>Error 404</h1>"]);
    const compressed = await open.fetchForBrowser(`${site.url}/product/microdata.html?encoding=br`, get);
    expect(compressed.body.toString()).toContain("Kaffeevollautomat Barista Deluxe");
    expect(compressed.headers["content-encoding"]).toBeUndefined();
    expect(compressed.headers["content-length"]).toBeUndefined();
    expect(compressed.headers["content-type"]).toBe("text/html");
  });

  it("lets a subresource be anything but audio and video, and a document only HTML", async () => {
    expect((await open.fetchForBrowser(`${site.url}/image.png`, get)).headers["content-type"]).toBe("image/png");
    const video = await failure(open.fetchForBrowser(`${site.url}/product/plain.html?type=video/mp4`, get));
    expect([video.code, video.message]).toEqual(["not_html", "The resource is video/mp4."]);
    const json = await failure(open.fetchForBrowser(`${site.url}/not-html`, { ...get, destination: "document" }));
    expect([json.code, json.message]).toEqual(["not_html", "The page is application/json."]);
    const untyped = await open.fetchForBrowser(`${site.url}/product/plain.html?type=`, { ...get, destination: "document" });
    expect(untyped.body.toString()).toContain("Trailblazer");
  });

  it("caps each answer, and every answer of a page together through their shared budget", async () => {
    const single = await failure(open.fetchForBrowser(`${site.url}/product/jsonld.html`, { ...get, maxBytes: 1024 }));
    expect([single.code, single.message]).toEqual(["too_large", "The page is larger than 1 KB."]);
    const { body } = await open.fetchForBrowser(`${site.url}/product/jsonld.html`, get);
    const budget = { limit: Math.floor(body.byteLength * 1.5), used: 0 };
    await open.fetchForBrowser(`${site.url}/product/jsonld.html`, { ...get, budget });
    const second = await failure(open.fetchForBrowser(`${site.url}/product/jsonld.html?again`, { ...get, budget }));
    expect([second.code, second.message]).toEqual([
      "too_large",
      `The page and what it loads are larger than ${Math.round(budget.limit / 1024)} KB.`,
    ]);
    expect(budget.used).toBeGreaterThan(budget.limit);
  });

  it("sends the page's method and body, and refuses methods that fetch nothing", async () => {
    const post = await open.fetchForBrowser(`${site.url}/status/201`, { ...get, method: "POST", body: Buffer.from('{"a":1}') });
    expect(post.status).toBe(201);
    const connect = await failure(open.fetchForBrowser(`${site.url}/`, { ...get, method: "TRACE" }));
    expect([connect.code, connect.message]).toEqual(["invalid_url", "The method TRACE is not allowed."]);
  });

  it("refuses private addresses, named or literal, with the fetcher's checks", async () => {
    for (const [url, address] of [
      [`http://intranet.example:${port}/app.js`, "10.0.0.7 (intranet.example)"],
      [`http://metadata.example/latest/meta-data/`, "169.254.169.254 (metadata.example)"],
      [`http://[::ffff:10.0.0.1]/x.png`, "::ffff:a00:1"],
    ]) {
      const error = await failure(strict.fetchForBrowser(url as string, get));
      expect(error.code).toBe("blocked_address");
      expect(error.message).toContain(address);
    }
    expect((await failure(strict.fetchForBrowser(`${site.url}/product/plain.html`, get))).code).toBe("blocked_address");
  });
});
