import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_URL_LENGTH, normalizeUrl } from "./normalize-url";

const url = (input: string, base?: string) => normalizeUrl(input, base)?.url;
const key = (input: string, base?: string) => normalizeUrl(input, base)?.key;

describe("normalising a URL for the frontier", () => {
  it.each([
    ["HTTPS://Shop.EXAMPLE.com/Products", "https://shop.example.com/Products"],
    ["http://shop.example.com:80/a", "http://shop.example.com/a"],
    ["https://shop.example.com:443/a", "https://shop.example.com/a"],
    ["https://shop.example.com:8443/a", "https://shop.example.com:8443/a"],
    ["https://shop.example.com./a", "https://shop.example.com/a"],
    ["https://shop.example.com", "https://shop.example.com/"],
    ["https://shop.example.com/a/./b/../c", "https://shop.example.com/a/c"],
    ["https://shop.example.com/a#reviews", "https://shop.example.com/a"],
    ["https://shop.example.com/a?", "https://shop.example.com/a"],
    ["https://shop.example.com/a?b=2&a=1&&c=3", "https://shop.example.com/a?a=1&b=2&c=3"],
    ["https://shop.example.com/a?tag=2&tag=1", "https://shop.example.com/a?tag=2&tag=1"],
    ["https://shop.example.com/a?utm_source=x&id=7&UTM_Campaign=y&gclid=z&fbclid=w", "https://shop.example.com/a?id=7"],
    ["https://shop.example.com/a?utm_source=news", "https://shop.example.com/a"],
    ["https://shop.example.com/%7Euser/%61%2fb", "https://shop.example.com/~user/a%2Fb"],
    ["https://shop.example.com/caf%c3%a9", "https://shop.example.com/caf%C3%A9"],
    ["https://shop.example.com/café", "https://shop.example.com/caf%C3%A9"],
    ["https://shop.example.com/a b", "https://shop.example.com/a%20b"],
    ["https://shop.example.com/q?s=a+b&t=a%20b", "https://shop.example.com/q?s=a+b&t=a%20b"],
    ["https://Bücher.example/", "https://xn--bcher-kva.example/"],
    ["https://shop.example.com/cart;jsessionid=ABC123/view", "https://shop.example.com/cart/view"],
    ["https://shop.example.com/cart;v=2", "https://shop.example.com/cart;v=2"],
    ["https://shop.example.com/p?PHPSESSID=abc&id=1", "https://shop.example.com/p?id=1"],
  ])("%s → %s", (input, expected) => {
    expect(url(input)).toBe(expected);
  });

  it("keeps the trailing slash in the URL to fetch but not in the key", () => {
    expect(normalizeUrl("https://shop.example.com/docs/")).toEqual({
      url: "https://shop.example.com/docs/",
      key: "https://shop.example.com/docs",
    });
    expect(key("https://shop.example.com/docs//?a=1")).toBe("https://shop.example.com/docs?a=1");
    expect(key("https://shop.example.com/")).toBe("https://shop.example.com/");
  });

  it("resolves relative links against the page", () => {
    expect(url("../b?x=1#top", "https://shop.example.com/a/c/d")).toBe("https://shop.example.com/a/b?x=1");
    expect(url("//cdn.example.com/x", "https://shop.example.com/")).toBe("https://cdn.example.com/x");
  });

  it("drops the query altogether with ignoreQueryParameters", () => {
    expect(normalizeUrl("https://shop.example.com/list?page=2", undefined, { ignoreQueryParameters: true })?.url).toBe(
      "https://shop.example.com/list",
    );
  });

  it.each([
    ["mailto:team@example.com"],
    ["javascript:void(0)"],
    ["ftp://files.example.com/a"],
    ["data:text/html,hi"],
    ["https://user:pass@shop.example.com/"],
    ["http://"],
    ["not a url"],
    [`https://shop.example.com/${"a".repeat(MAX_URL_LENGTH)}`],
  ])("answers null for what a crawl does not fetch: %#", (input) => {
    expect(normalizeUrl(input)).toBeNull();
  });
});

// URLs with the noise the frontier must see through: host case, ports, fragments, tracking tags, query order.
const segment = fc.stringMatching(/^[a-zA-Z0-9][a-zA-Z0-9._~-]{0,6}$/);
const param = fc.tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,4}$/), fc.stringMatching(/^[a-zA-Z0-9]{0,5}$/));
const page = fc.record({
  https: fc.boolean(),
  host: fc.stringMatching(/^[a-z][a-z0-9-]{0,8}\.(com|org|de)$/),
  path: fc.array(segment, { maxLength: 4 }),
  slash: fc.boolean(),
  params: fc.uniqueArray(param, { selector: ([name]) => name, maxLength: 4 }),
});
type Page = typeof page extends fc.Arbitrary<infer T> ? T : never;

function spell(p: Page, noise: { upper?: boolean; port?: boolean; fragment?: string; tracking?: boolean; reverse?: boolean }) {
  const host = noise.upper ? p.host.toUpperCase() : p.host;
  const port = noise.port ? (p.https ? ":443" : ":80") : "";
  const path = `/${p.path.join("/")}${p.slash && p.path.length > 0 ? "/" : ""}`;
  const params = p.params.map(([name, value]) => `${name}=${value}`);
  if (noise.tracking) params.splice(params.length >> 1, 0, "utm_source=newsletter", "fbclid=abc123");
  if (noise.reverse) params.reverse();
  const query = params.length > 0 ? `?${params.join("&")}` : "";
  return `${p.https ? "https" : "http"}://${host}${port}${path}${query}${noise.fragment ? `#${noise.fragment}` : ""}`;
}

describe("properties", () => {
  it("is idempotent, for the URL and the key", () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (input) => {
        const once = normalizeUrl(input);
        if (!once) return;
        expect(normalizeUrl(once.url)).toEqual(once);
        expect(normalizeUrl(once.key)?.key).toBe(once.key);
      }),
    );
  });

  it("sees through host case, default ports, fragments, tracking tags and query order", () => {
    fc.assert(
      fc.property(page, fc.boolean(), fc.boolean(), fc.string({ maxLength: 6 }), fc.boolean(), fc.boolean(), (p, ...noise) => {
        const [upper, port, fragment, tracking, reverse] = noise;
        const plain = normalizeUrl(spell(p, {}));
        const noisy = normalizeUrl(spell(p, { upper, port, fragment, tracking, reverse }));
        expect(noisy).toEqual(plain);
      }),
    );
  });

  it("one key for a page with and without its trailing slash", () => {
    fc.assert(
      fc.property(page, (p) => {
        expect(key(spell({ ...p, slash: true }, {}))).toBe(key(spell({ ...p, slash: false }, {})));
      }),
    );
  });

  it("escaping unreserved characters of the path changes nothing", () => {
    fc.assert(
      fc.property(page, fc.array(fc.boolean(), { minLength: 1 }), (p, mask) => {
        const escaped = {
          ...p,
          path: p.path.map((part) =>
            [...part].map((char, i) => (mask[i % mask.length] ? `%${char.charCodeAt(0).toString(16)}` : char)).join(""),
          ),
        };
        expect(normalizeUrl(spell(escaped, {}))).toEqual(normalizeUrl(spell(p, {})));
      }),
    );
  });

  it("keeps the page: same origin, same path, and the parsed result is the result", () => {
    fc.assert(
      fc.property(page, (p) => {
        const input = new URL(spell(p, {}));
        const result = normalizeUrl(input) as { url: string };
        const output = new URL(result.url);
        expect([output.origin, output.pathname]).toEqual([input.origin, input.pathname]);
        expect(output.href).toBe(result.url);
      }),
    );
  });
});
