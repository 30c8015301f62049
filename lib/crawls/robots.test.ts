import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPageFetcher, type PageFetcher } from "@/lib/infra/outbound/safe-fetch";
import { type ResourceServer, startResourceServer } from "@/test/support/resource-server";
import {
  fetchRobotsTxt,
  MAX_CRAWL_DELAY_MS,
  normalizePath,
  normalizePattern,
  parseRobotsTxt,
  patternMatches,
  ROBOTS_MAX_BYTES,
  robotsAllows,
} from "./robots";
import { CRAWLER_USER_AGENT, ROBOTS_PRODUCT_TOKEN } from "./user-agent";

const SITE = "https://www.example.com";

/** Whether `agent` may fetch `path` under `robots`. */
function allowed(robots: string, agent: string, path: string): boolean {
  return robotsAllows(parseRobotsTxt(robots, agent), `${SITE}${path}`);
}

describe("RFC 9309's examples", () => {
  // Section 5.1.
  const simple = [
    "User-Agent: *",
    "Disallow: *.gif$",
    "Disallow: /example/",
    "Allow: /publications/",
    "",
    "User-Agent: foobot",
    "Disallow:/",
    "Allow:/example/page.html",
    "Allow:/example/allowed.gif",
    "",
    "User-Agent: barbot",
    "User-Agent: bazbot",
    "Disallow: /example/page.html",
    "",
    "User-Agent: quxbot",
    "",
    "EOF",
  ].join("\n");

  it("5.1: foobot may fetch only page.html and allowed.gif under /example/", () => {
    expect(allowed(simple, "foobot", "/example/page.html")).toBe(true);
    expect(allowed(simple, "foobot", "/example/allowed.gif")).toBe(true);
    expect(allowed(simple, "foobot", "/example/other.html")).toBe(false);
    expect(allowed(simple, "foobot", "/publications/")).toBe(false);
  });

  it("5.1: barbot and bazbot share a group and do not fall back to *", () => {
    for (const agent of ["barbot", "bazbot"]) {
      expect(allowed(simple, agent, "/example/page.html")).toBe(false);
      expect(allowed(simple, agent, "/example/other.html")).toBe(true);
      expect(allowed(simple, agent, "/picture.gif")).toBe(true);
    }
  });

  it("5.1: quxbot's empty group allows everything; others get the * group", () => {
    expect(allowed(simple, "quxbot", "/example/page.html")).toBe(true);
    expect(allowed(simple, "otherbot", "/example/page.html")).toBe(false);
    expect(allowed(simple, "otherbot", "/images/a.gif")).toBe(false);
    expect(allowed(simple, "otherbot", "/images/a.gif?x")).toBe(true);
    expect(allowed(simple, "otherbot", "/publications/")).toBe(true);
  });

  it("5.2: the longest match wins", () => {
    const robots = "User-Agent: foobot\nAllow: /example/page/\nDisallow: /example/page/disallowed.gif\n";
    expect(allowed(robots, "foobot", "/example/page/")).toBe(true);
    expect(allowed(robots, "foobot", "/example/page/ok.gif")).toBe(true);
    expect(allowed(robots, "foobot", "/example/page/disallowed.gif")).toBe(false);
  });

  it("2.2.1: groups naming the same agent are combined; product tokens match case-insensitively", () => {
    const robots = "user-agent: ExampleBot\ndisallow: /foo\ndisallow: /bar\n\nuser-agent: ExampleBot\ndisallow: /baz\n";
    for (const path of ["/foo", "/bar", "/baz"]) expect(allowed(robots, "examplebot", path)).toBe(false);
    expect(allowed(robots, "EXAMPLEBOT", "/qux")).toBe(true);
    expect(allowed("User-agent: ExampleBot/1.2\nDisallow: /", "examplebot", "/a")).toBe(false);
  });

  it("2.2.2: an Allow and a Disallow of the same length: the Allow wins", () => {
    expect(allowed("User-agent: *\nDisallow: /page\nAllow: /page\n", "x", "/page")).toBe(true);
    expect(allowed("User-agent: *\nAllow: /page\nDisallow: /page\n", "x", "/page")).toBe(true);
  });

  it.each([
    ["/foo/bar?baz=quz", "/foo/bar?baz=quz"],
    ["/foo/bar?baz=https://foo.bar", "/foo/bar?baz=https://foo.bar"],
    ["/foo/bar?baz=https%3A%2F%2Ffoo.bar", "/foo/bar?baz=https%3A%2F%2Ffoo.bar"],
    ["/foo/bar/ツ", "/foo/bar/%E3%83%84"],
    ["/foo/bar/%E3%83%84", "/foo/bar/%E3%83%84"],
    ["/foo/bar/%e3%83%84", "/foo/bar/ツ"],
    ["/foo/bar/%62%61%7A", "/foo/bar/baz"],
    ["/foo/bar/baz", "/foo/bar/%62%61%7A"],
  ])("2.2.2 percent-encoding: the rule %s matches the URL path %s", (pattern, path) => {
    expect(allowed(`User-agent: *\nDisallow: ${pattern}`, "x", path)).toBe(false);
  });

  it("2.2.3: %2A and %24 in a rule are a literal * and $, bare ones a wildcard and the end", () => {
    const star = "User-agent: *\nDisallow: /path/file-with-a-%2A.html";
    expect(allowed(star, "x", "/path/file-with-a-*.html")).toBe(false);
    expect(allowed(star, "x", "/path/file-with-a-%2A.html")).toBe(false);
    expect(allowed(star, "x", "/path/file-with-a-x.html")).toBe(true);
    const dollar = "User-agent: *\nDisallow: /path/foo-%24";
    expect(allowed(dollar, "x", "/path/foo-$")).toBe(false);
    expect(allowed(dollar, "x", "/path/foo-x")).toBe(true);
    const end = "User-agent: *\nDisallow: /exact$";
    expect(allowed(end, "x", "/exact")).toBe(false);
    expect(allowed(end, "x", "/exact/more")).toBe(true);
  });

  it("2.2.2: /robots.txt itself is always allowed", () => {
    expect(allowed("User-agent: *\nDisallow: /", "x", "/robots.txt")).toBe(true);
  });

  it("2.3.1.5: a malformed line is skipped, not the file; rules outside any group are ignored", () => {
    const robots = "Disallow: /orphan\nUser-agent: *\nthis line means nothing\nDisallow /no-colon\nDisallow: /private\n";
    expect(allowed(robots, "x", "/orphan")).toBe(true);
    expect(allowed(robots, "x", "/no-colon")).toBe(true);
    expect(allowed(robots, "x", "/private/a")).toBe(false);
  });
});

describe("parsing for ScrapeDeck", () => {
  it("uses the group naming our product token, else *", () => {
    const robots = `User-agent: *\nDisallow: /\n\nUser-agent: ${ROBOTS_PRODUCT_TOKEN.toUpperCase()}\nDisallow: /admin\n`;
    const parsed = parseRobotsTxt(robots);
    expect(robotsAllows(parsed, `${SITE}/products`)).toBe(true);
    expect(robotsAllows(parsed, `${SITE}/admin/users`)).toBe(false);
    expect(robotsAllows(parseRobotsTxt("User-agent: *\nDisallow: /"), `${SITE}/products`)).toBe(false);
  });

  it("does not match the browser names our User-Agent string also carries", () => {
    const robots = "User-agent: Mozilla\nUser-agent: Chrome\nDisallow: /\n";
    expect(robotsAllows(parseRobotsTxt(robots), `${SITE}/a`)).toBe(true);
    expect(CRAWLER_USER_AGENT).toContain(`${ROBOTS_PRODUCT_TOKEN}/`);
  });

  it("keeps Crawl-delay in milliseconds, capped, from the chosen group only; ignores nonsense", () => {
    expect(parseRobotsTxt("User-agent: *\nCrawl-delay: 2.5\n").crawlDelayMs).toBe(2500);
    expect(parseRobotsTxt("User-agent: *\nCrawl-delay: 3600\n").crawlDelayMs).toBe(MAX_CRAWL_DELAY_MS);
    expect(parseRobotsTxt("User-agent: *\nCrawl-delay: soon\nCrawl-delay: -1\n").crawlDelayMs).toBeNull();
    expect(parseRobotsTxt("User-agent: otherbot\nCrawl-delay: 5\n").crawlDelayMs).toBeNull();
    expect(parseRobotsTxt("User-agent: *\nCrawl-delay: 1\nUser-agent: *\nCrawl-delay: 4\n").crawlDelayMs).toBe(4000);
  });

  it("collects Sitemap lines anywhere in the file, absolute, deduplicated, without ending a group", () => {
    const robots = [
      "Sitemap: https://www.example.com/sitemap_index.xml",
      "User-agent: *",
      "Sitemap: /relative.xml",
      "Disallow: /a",
      "Sitemap: https://www.example.com/sitemap_index.xml",
      "Sitemap: ftp://www.example.com/nope.xml",
      "Disallow: /b",
    ].join("\n");
    const parsed = parseRobotsTxt(robots, ROBOTS_PRODUCT_TOKEN, `${SITE}/robots.txt`);
    expect(parsed.sitemaps).toEqual([`${SITE}/sitemap_index.xml`, `${SITE}/relative.xml`]);
    expect(robotsAllows(parsed, `${SITE}/b`)).toBe(false);
  });

  it("reads a byte-order mark, CR and CRLF line ends, comments and spacing", () => {
    const robots = "\uFEFFUser-agent: * # everyone\r\nDisallow :  /private # not this\rAllow: /private/ok\n";
    const parsed = parseRobotsTxt(robots);
    expect(robotsAllows(parsed, `${SITE}/private/x`)).toBe(false);
    expect(robotsAllows(parsed, `${SITE}/private/ok`)).toBe(true);
  });

  it("matches a hostile pattern in time linear in its length", () => {
    const pattern = normalizePattern(`/${"a*".repeat(2000)}b$`);
    const path = `/${"a".repeat(20_000)}`;
    expect(patternMatches(pattern, path)).toBe(false);
  });
});

// Paths built from characters that need no thought: letters, digits and a few separators.
const segment = fc.stringMatching(/^[a-z0-9][a-z0-9._~-]{0,7}$/); // no "." or ".." segments: URLs resolve those
const path = fc.array(segment, { minLength: 1, maxLength: 5 }).map((parts) => `/${parts.join("/")}`);

describe("properties", () => {
  it("parsing never throws, on any text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.string({ maxLength: 40 }), (text, agent) => {
        const parsed = parseRobotsTxt(text, agent || "bot");
        robotsAllows(parsed, `${SITE}/any/path?q=1`);
      }),
    );
  });

  it("an empty file and one without a matching group allow every path", () => {
    fc.assert(
      fc.property(path, (p) => {
        expect(allowed("", "bot", p)).toBe(true);
        expect(allowed("User-agent: otherbot\nDisallow: /", "bot", p)).toBe(true);
      }),
    );
  });

  it("Disallow: P refuses exactly the paths starting with P; a longer Allow carves out its own prefix", () => {
    fc.assert(
      fc.property(path, segment, path, (prefix, extra, probe) => {
        const carved = `${prefix}/${extra}`;
        const robots = `User-agent: bot\nDisallow: ${prefix}\nAllow: ${carved}\n`;
        const expected = probe.startsWith(carved) || !probe.startsWith(prefix);
        expect(allowed(robots, "bot", probe)).toBe(expected);
        expect(allowed(robots, "bot", `${carved}/x`)).toBe(true);
        expect(allowed(robots, "bot", prefix)).toBe(carved === prefix);
      }),
    );
  });

  it("the order of rules, and splitting a group in two, change nothing", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), path), { minLength: 1, maxLength: 8 }), path, (rules, probe) => {
        const lines = rules.map(([allow, p]) => `${allow ? "Allow" : "Disallow"}: ${p}`);
        const one = `User-agent: bot\n${lines.join("\n")}`;
        const reversed = `User-agent: bot\n${[...lines].reverse().join("\n")}`;
        const half = Math.ceil(lines.length / 2);
        const split = `User-agent: bot\n${lines.slice(0, half).join("\n")}\nUser-agent: BOT\n${lines.slice(half).join("\n")}`;
        const verdict = allowed(one, "bot", probe);
        expect(allowed(reversed, "bot", probe)).toBe(verdict);
        expect(allowed(split, "bot", probe)).toBe(verdict);
      }),
    );
  });

  it("percent-encoding unreserved characters of the URL or the rule changes nothing", () => {
    const encode = (text: string, mask: boolean[]) =>
      [...text]
        .map((char, i) =>
          mask[i % mask.length] && /[A-Za-z0-9]/.test(char) ? `%${char.charCodeAt(0).toString(16).toUpperCase()}` : char,
        )
        .join("");
    fc.assert(
      fc.property(path, path, fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }), (rule, probe, mask) => {
        const plain = allowed(`User-agent: *\nDisallow: ${rule}`, "x", probe);
        expect(allowed(`User-agent: *\nDisallow: ${encode(rule, mask)}`, "x", probe)).toBe(plain);
        expect(allowed(`User-agent: *\nDisallow: ${rule}`, "x", encode(probe, mask))).toBe(plain);
      }),
    );
  });

  it("a trailing * changes nothing; a final $ matches the whole path only", () => {
    fc.assert(
      fc.property(path, path, (rule, probe) => {
        expect(patternMatches(normalizePattern(`${rule}*`), normalizePath(probe))).toBe(probe.startsWith(rule));
        expect(patternMatches(normalizePattern(`${rule}$`), normalizePath(probe))).toBe(probe === rule);
      }),
    );
  });

  it("a * in the middle matches whatever a direct check of the two pieces says", () => {
    fc.assert(
      fc.property(path, segment, path, (head, tail, probe) => {
        const expected = probe.startsWith(head) && probe.slice(head.length).includes(tail);
        expect(patternMatches(normalizePattern(`${head}*${tail}`), normalizePath(probe))).toBe(expected);
      }),
    );
  });
});

describe("fetching robots.txt (RFC 9309 section 2.3)", () => {
  let site: ResourceServer;
  let fetcher: PageFetcher;

  beforeAll(async () => {
    site = await startResourceServer();
    fetcher = createPageFetcher({ allowLoopback: true, timeoutMs: 3_000 });
  });
  afterAll(async () => {
    await fetcher.close();
    await site.close();
  });

  it("reads a 2xx file with our User-Agent and honours it", async () => {
    site.serve("/robots.txt", {
      headers: { "content-type": "text/plain" },
      body: `User-agent: *\nDisallow: /private\nSitemap: ${site.url}/sitemap.xml\n`,
    });
    const robots = await fetchRobotsTxt(site.url, fetcher);
    expect([robots.outcome, robots.status, robots.sitemaps]).toEqual(["parsed", 200, [`${site.url}/sitemap.xml`]]);
    expect(robotsAllows(robots, `${site.url}/private/a`)).toBe(false);
    expect(robotsAllows(robots, `${site.url}/public`)).toBe(true);
    expect(site.requests().at(-1)?.userAgent).toBe(CRAWLER_USER_AGENT);
  });

  it.each([400, 401, 403, 404, 410])("%d: unavailable, everything allowed", async (status) => {
    site.serve("/robots.txt", { status, body: "nope" });
    const robots = await fetchRobotsTxt(site.url, fetcher);
    expect([robots.outcome, robots.status]).toEqual(["unavailable", status]);
    expect(robotsAllows(robots, `${site.url}/anything`)).toBe(true);
  });

  it.each([429, 500, 502, 503])("%d: unreachable, everything disallowed", async (status) => {
    site.serve("/robots.txt", { status, body: "busy" });
    const robots = await fetchRobotsTxt(site.url, fetcher);
    expect([robots.outcome, robots.status]).toEqual(["unreachable", status]);
    expect(robotsAllows(robots, `${site.url}/anything`)).toBe(false);
  });

  it("a host that refuses connections or times out: unreachable", async () => {
    const closed = await startResourceServer();
    await closed.close();
    expect((await fetchRobotsTxt(closed.url, fetcher)).outcome).toBe("unreachable");
    site.serve("/robots.txt", () => {}); // never answers
    const slow = await fetchRobotsTxt(site.url, fetcher);
    expect([slow.outcome, slow.error]).toEqual(["unreachable", "The site did not answer within 3 seconds."]);
  });

  it("follows five redirects; more than five: unavailable (section 2.3.1.2)", async () => {
    for (let hop = 1; hop <= 6; hop++) site.serve(`/hop${hop}`, { status: 301, headers: { location: `/hop${hop + 1}` } });
    site.serve("/hop7", { headers: { "content-type": "text/plain" }, body: "User-agent: *\nDisallow: /" });
    site.serve("/robots.txt", { status: 301, headers: { location: "/hop3" } });
    const five = await fetchRobotsTxt(site.url, fetcher);
    expect([five.outcome, robotsAllows(five, `${site.url}/a`)]).toEqual(["parsed", false]);
    site.serve("/robots.txt", { status: 301, headers: { location: "/hop1" } });
    const six = await fetchRobotsTxt(site.url, fetcher);
    expect([six.outcome, robotsAllows(six, `${site.url}/a`)]).toEqual(["unavailable", true]);
  });

  it("a soft-404 HTML page is parsed as a file without rules", async () => {
    site.serve("/robots.txt", { headers: { "content-type": "text/html" }, body: "<!doctype html><h1>Welcome</h1>" });
    const robots = await fetchRobotsTxt(site.url, fetcher);
    expect([robots.outcome, robots.rules, robotsAllows(robots, `${site.url}/a`)]).toEqual(["parsed", [], true]);
  });

  it("a 10 MB file: its first 512 KiB are parsed, the rest never downloaded, the cut line dropped", async () => {
    site.serve("/robots.txt", async (_request, response) => {
      response.writeHead(200, { "content-type": "text/plain" });
      response.write("User-agent: *\nDisallow: /early\n");
      const filler = "Disallow: /filler-path-that-is-long\n".repeat(2000);
      for (let sent = 0; sent < 10 * 1024 * 1024 && !response.destroyed; sent += filler.length) {
        if (!response.write(filler)) {
          await new Promise((resolve) => {
            response.once("drain", resolve);
            response.once("close", resolve);
          });
        }
      }
      response.end("Disallow: /late\n");
    });
    const robots = await fetchRobotsTxt(site.url, fetcher);
    expect([robots.outcome, robots.truncated]).toEqual(["parsed", true]);
    expect(robotsAllows(robots, `${site.url}/early`)).toBe(false);
    expect(robotsAllows(robots, `${site.url}/late`)).toBe(true);
    expect(robots.rules.every((rule) => rule.pattern.length < 40)).toBe(true);
    expect(ROBOTS_MAX_BYTES).toBeGreaterThanOrEqual(500 * 1024);
  });

  it("a private address is unreachable: nothing is requested, everything disallowed", async () => {
    const strict = createPageFetcher({ allowLoopback: false });
    try {
      const before = site.requests().length;
      const robots = await fetchRobotsTxt(site.url, strict);
      expect(robots.outcome).toBe("unreachable");
      expect(robots.error).toContain("loopback address");
      expect(site.requests().length).toBe(before);
    } finally {
      await strict.close();
    }
  });
});
