import { createHash } from "node:crypto";
import { get, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { connect } from "node:net";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { METHOD_PROBE_HEADER } from "@/lib/http/edge-probe";
import { parseTrustProxy, type TrustProxy } from "@/lib/infra/trust-proxy";
import { PAGE_ORIGIN_PLACEHOLDER } from "@/lib/seo/page-origin";
import { createEdgeServer, type EdgeHandler } from "./edge";

// The edge in front of a small handler standing in for Next: it answers what it saw, so each test can check what
// the edge let through and how. The real app behind the real edge is covered by the fuzz suite and e2e.
type Seen = { method?: string; headers: IncomingMessage["headers"] };
const HTML =
  '<!DOCTYPE html><html><head><script src="/a.js"></script><script>self.x=1</script></head><body><script>self.y=2</script></body></html>';

/** A page naming the placeholder origin in its head and in the RSC payload inlined for hydration, as Next renders it. */
const ORIGIN_HTML = `<!DOCTYPE html><html><head><link rel="canonical" href="${PAGE_ORIGIN_PLACEHOLDER}/about"/></head><body><script>self.__next_f.push([1,"{\\"href\\":\\"${PAGE_ORIGIN_PLACEHOLDER}/about\\"}"])</script></body></html>`;
const ORIGIN_PAGE_ETAG = '"v1"';

async function nextStandIn(req: IncomingMessage, res: ServerResponse) {
  const seen: Seen = { method: req.method, headers: req.headers };
  if (req.url?.startsWith("/origin-page")) {
    // Next's ETag handling: a matching If-None-Match gets a 304 naming the tag.
    if (req.headers["if-none-match"] === ORIGIN_PAGE_ETAG) {
      res.writeHead(304, { ETag: ORIGIN_PAGE_ETAG });
      res.end();
      return;
    }
    const gzip = req.url.includes("gzip");
    const body = gzip ? gzipSync(ORIGIN_HTML) : Buffer.from(ORIGIN_HTML);
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("ETag", ORIGIN_PAGE_ETAG);
    if (gzip) res.setHeader("Content-Encoding", "gzip");
    else res.setHeader("Content-Length", body.length);
    res.write(body.subarray(0, 20));
    res.end(body.subarray(20));
    return;
  }
  if (req.url?.startsWith("/page")) {
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    const gzip = req.url.includes("gzip");
    if (gzip) res.setHeader("Content-Encoding", "gzip");
    const body = gzip ? gzipSync(HTML) : Buffer.from(HTML);
    // Streamed in pieces, the way Next writes a page.
    res.flushHeaders();
    res.write(body.subarray(0, 10));
    res.end(body.subarray(10));
    return;
  }
  if (req.url === "/not-modified") {
    // Next's answer to a browser revalidating a stored page with If-None-Match.
    res.writeHead(304, { ETag: '"page"' });
    res.end();
    return;
  }
  if (req.url === "/asset") {
    // Wraps write and end after the edge did, as Next's compression does: the wrappers must stay in the path.
    const write = res.write as (chunk: string) => boolean;
    const end = res.end as (chunk: string) => ServerResponse;
    res.write = ((chunk: string) => write.call(res, chunk.toUpperCase())) as typeof res.write;
    res.end = ((chunk: string) => end.call(res, chunk.toUpperCase())) as typeof res.end;
    res.setHeader("Content-Type", "text/javascript");
    res.write("abc");
    res.end("def");
    return;
  }
  if (req.method === "OPTIONS" && req.headers[METHOD_PROBE_HEADER]) {
    res.writeHead(405, { Allow: "GET, POST", "Content-Type": "application/json" });
    res.end(JSON.stringify({ code: "method_not_allowed", seen }));
    return;
  }
  res.writeHead(200, { "Content-Type": "application/json" });
  res.end(JSON.stringify(seen));
}

let server: Server | undefined;

async function start(
  trustProxy: TrustProxy = parseTrustProxy(""),
  handlers: EdgeHandler[] = [],
  origin?: string,
): Promise<string> {
  server = createEdgeServer({ next: nextStandIn, trustProxy, handlers, origin, onError: () => {} });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return `http://127.0.0.1:${address.port}`;
}

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** Sends raw bytes, for requests fetch() refuses to send. */
function raw(base: string, request: string): Promise<string> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1", () => socket.write(request));
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
    });
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

describe("the edge server", () => {
  it("puts the security headers on every answer, and HSTS only over https", async () => {
    const base = await start();
    const res = await fetch(`${base}/api/x`);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("permissions-policy")).toContain("camera=()");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.has("strict-transport-security")).toBe(false);
  });

  it("gives HTML pages a CSP naming the hash of each inline script, compressed or not", async () => {
    const base = await start();
    for (const path of ["/page", "/page-gzip"]) {
      const res = await fetch(`${base}${path}`);
      expect(await res.text()).toBe(HTML);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("script-src 'self' 'sha256-");
      // sha256 of "self.x=1" and "self.y=2"; the script with a src needs none.
      expect(csp.match(/'sha256-/g)).toHaveLength(2);
      expect(csp).not.toContain("unsafe-eval");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    }
  });

  it("sends a compressed page with Brotli to a browser that takes it, and with gzip to one that does not", async () => {
    const base = await start(undefined, [], "https://scrapes.example");
    const load = (acceptEncoding: string) =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        get(`${base}/origin-page-gzip`, { headers: { "Accept-Encoding": acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }));
        }).on("error", reject);
      });
    const expected = ORIGIN_HTML.replaceAll(PAGE_ORIGIN_PLACEHOLDER, "https://scrapes.example");
    const brotli = await load("gzip, deflate, br, zstd");
    expect(brotli.encoding).toBe("br");
    expect(brotliDecompressSync(brotli.body).toString()).toBe(expected);
    for (const acceptEncoding of ["gzip, deflate", "gzip, br;q=0"]) {
      const gzip = await load(acceptEncoding);
      expect(gzip.encoding).toBe("gzip");
      expect(gunzipSync(gzip.body).toString()).toBe(expected);
    }
  });

  it("sends a 304 without a CSP, so the browser keeps the policy stored with the page it revalidated", async () => {
    const base = await start();
    const res = await fetch(`${base}/not-modified`, { headers: { "If-None-Match": '"page"' } });
    expect(res.status).toBe(304);
    expect(res.headers.get("content-security-policy")).toBeNull();
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("puts the runtime origin in place of the placeholder, in the HTML and the inlined payload, hashed as sent", async () => {
    const origin = "https://scrapes.example:8443";
    const base = await start(undefined, [], origin);
    for (const path of ["/origin-page", "/origin-page-gzip"]) {
      const res = await fetch(`${base}${path}`);
      const html = await res.text();
      expect(html).toBe(ORIGIN_HTML.replaceAll(PAGE_ORIGIN_PLACEHOLDER, origin));
      expect(html).toContain(`<link rel="canonical" href="${origin}/about"/>`);
      if (path === "/origin-page") expect(res.headers.get("content-length")).toBe(String(Buffer.byteLength(html)));
      const script = /<script>(.*?)<\/script>/.exec(html)?.[1] ?? "";
      const hash = createHash("sha256").update(script).digest("base64");
      expect(res.headers.get("content-security-policy")).toContain(`'sha256-${hash}'`);
    }
  });

  it("tags a page with its origin, and revalidates that tag", async () => {
    const base = await start(undefined, [], "https://scrapes.example");
    const page = await fetch(`${base}/origin-page`);
    const etag = page.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"v1-o[\w-]+"$/);
    const again = await fetch(`${base}/origin-page`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    // The same build under another APP_URL sent another body under another tag: it does not revalidate here.
    const other = await fetch(`${base}/origin-page`, { headers: { "If-None-Match": '"v1-oanother"' } });
    expect(other.status).toBe(200);
  });

  it("passes answers that are not HTML through untouched, wrappers added after the edge's included", async () => {
    const base = await start();
    const res = await fetch(`${base}/asset`);
    expect(await res.text()).toBe("ABCDEF");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
  });

  it("answers a path with malformed percent-encoding 400 JSON under /api, and text elsewhere", async () => {
    const base = await start();
    const api = await fetch(`${base}/api/licenses/%ff`);
    expect(api.status).toBe(400);
    expect(api.headers.get("cache-control")).toBe("no-store");
    expect(await api.json()).toMatchObject({ code: "malformed_request", request_id: expect.any(String) });
    expect((await fetch(`${base}/licenses/%E0%A4%A`)).status).toBe(400);
  });

  it("answers an API path with a trailing slash with a JSON redirect to the path without it", async () => {
    const base = await start();
    const res = await fetch(`${base}/api/keys/?page=2`, { redirect: "manual" });
    expect(res.status).toBe(308);
    expect(res.headers.get("location")).toBe("/api/keys?page=2");
    expect(await res.json()).toMatchObject({ location: "/api/keys?page=2" });
    const doubled = await raw(base, "GET //api//keys HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    expect(doubled).toMatch(/^HTTP\/1.1 308/);
    expect(doubled).toContain("Location: /api/keys\r\n");
  });

  it("answers an API path with encoded dot segments 400 JSON: Next would resolve it out of /api", async () => {
    const answer = await raw(await start(), "GET /api/%2e%2e/login HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1.1 400/);
    expect(answer).toContain('"code":"malformed_request"');
  });

  it("closes, without a second answer, a connection whose request left bytes the parser cannot read", async () => {
    const body = "x".repeat(200_000);
    const answer = await raw(
      await start(),
      `DELETE /api/%ff HTTP/1.1\r\nHost: x\r\nContent-Length: ${body.length}\r\n\r\n${body}GARBAGE / HTTP/1.1\r\n\r\n`,
    );
    expect(answer.match(/HTTP\/1.1 /g)).toHaveLength(1);
  });

  it("sends methods the route kit does not know to the route as its method probe", async () => {
    const base = await start();
    for (const method of ["TRACE", "PROPFIND"]) {
      const answer = await raw(base, `${method} /api/keys HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(answer).toMatch(/^HTTP\/1.1 405/);
      expect(answer).toMatch(/allow: GET, POST/i);
      expect(answer).toContain('"method":"OPTIONS"');
    }
  });

  it("answers a method node cannot parse 405 JSON with the route's Allow", async () => {
    const base = await start();
    const answer = await raw(base, "FOO /api/keys HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1.1 405/);
    expect(answer).toMatch(/Allow: GET, POST/);
    expect(answer).toContain('"code":"method_not_allowed"');
  });

  it("answers an unparsable request under /api 400 JSON", async () => {
    const answer = await raw(await start(), "GET /api/keys HTTP/1.1\r\nHo st: x\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1.1 400/);
    expect(answer).toContain('"code":"malformed_request"');
  });

  it("never lets a client send the probe header or pose as a proxy it does not trust", async () => {
    const base = await start();
    const res = await fetch(`${base}/api/x`, {
      headers: {
        [METHOD_PROBE_HEADER]: "guess",
        "x-forwarded-for": "6.6.6.6",
        "x-forwarded-host": "evil.example",
        "x-forwarded-proto": "https",
      },
    });
    const seen: Seen = await res.json();
    expect(seen.method).toBe("GET");
    expect(seen.headers[METHOD_PROBE_HEADER]).toBeUndefined();
    expect(seen.headers["x-forwarded-for"]).toBe("127.0.0.1");
    expect(seen.headers["x-forwarded-host"]).toBe(new URL(base).host);
    expect(seen.headers["x-forwarded-proto"]).toBe("http");
  });

  it("believes a trusted proxy, and sends HSTS when it says the client used https", async () => {
    const base = await start(parseTrustProxy("127.0.0.1"));
    const res = await fetch(`${base}/api/x`, {
      headers: { "x-forwarded-for": "6.6.6.6, 198.51.100.7", "x-forwarded-host": "app.example", "x-forwarded-proto": "https" },
    });
    const seen: Seen = await res.json();
    expect(seen.headers["x-forwarded-for"]).toBe("198.51.100.7");
    expect(seen.headers["x-forwarded-host"]).toBe("app.example");
    expect(res.headers.get("strict-transport-security")).toContain("max-age=");
  });

  it("tries its handlers in order before Next; one answers or passes", async () => {
    const calls: string[] = [];
    const passes: EdgeHandler = () => {
      calls.push("passes");
      return false;
    };
    const answers: EdgeHandler = ({ res, pathname, client }) => {
      calls.push("answers");
      if (pathname !== "/api/fast") return false;
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ fast: true, ip: client.ip }));
      return true;
    };
    const base = await start(parseTrustProxy(""), [passes, answers]);
    expect(await (await fetch(`${base}/api/fast`)).json()).toEqual({ fast: true, ip: "127.0.0.1" });
    const fast = await fetch(`${base}/api/fast`);
    expect(fast.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await (await fetch(`${base}/api/slow`)).json()).method).toBe("GET");
    expect(calls).toEqual(["passes", "answers", "passes", "answers", "passes", "answers"]);
  });

  it("answers a failing handler 500 JSON under /api", async () => {
    const base = await start(parseTrustProxy(""), [
      () => {
        throw new Error("boom");
      },
    ]);
    const res = await fetch(`${base}/api/x`);
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ code: "internal_error" });
  });
});
