// bench:crawl's baseline: the least a correct crawler does. undici with `concurrency` connections, a Set of seen
// URLs and an array as the frontier, robots.txt through robots-parser (an independent implementation, so the
// bench also cross-checks ours), sitemaps by regular expression, links through htmlparser2. No database, no
// queue, no per-page records: what it costs is the floor ScrapeDeck's crawl is compared with.
//
// A contender of bench:crawl (see contenders.ts): run as its own process with the config as JSON in argv[2],
// it prints one line `RESULT {json}` (ContenderResult) when done.
//
// With `extra.extract` (a scraper kind), each page also does the work a crawl's page does besides being a run: the
// same extraction thread (dist/extract-thread.cjs, through piscina, as the run workers use it) extracts that kind's
// items and the page's `links` output, and the crawler follows those links. It is the floor for a crawl that
// scrapes what it crawls, with no database, queue or run record: what ScrapeDeck adds over it is its overhead.
import type { LookupFunction } from "node:net";
import path from "node:path";
import zlib from "node:zlib";
import { Parser } from "htmlparser2";
import { Piscina } from "piscina";
import robotsParser from "robots-parser";
import { Agent } from "undici";
import type { ExtractionResult, ExtractionTask } from "@/lib/scrapers/extraction/task";
import { type ContenderConfig, type ContenderResult, cpuSecondsSince } from "./contenders";

const config = JSON.parse(process.argv[2] ?? "{}") as ContenderConfig;
const startUrl = new URL(config.startUrl);
const USER_AGENT = "ScrapeDeckBench/1.0 (bare crawler)";

const lookup: LookupFunction = (hostname, options, callback) => {
  const address = config.hosts[hostname.toLowerCase()];
  if (!address) return callback(Object.assign(new Error(`${hostname} not found`), { code: "ENOTFOUND" }), "");
  if (options.all) callback(null, [{ address, family: 4 }]);
  else callback(null, address, 4);
};
const agent = new Agent({ connections: config.concurrency, connect: { lookup } });

async function get(url: URL): Promise<{ status: number; type: string; body: Buffer }> {
  const response = await agent.request({
    origin: url.origin,
    path: `${url.pathname}${url.search}`,
    method: "GET",
    headers: { "user-agent": USER_AGENT, accept: "*/*" },
  });
  const body = Buffer.from(await response.body.arrayBuffer());
  const type = String(response.headers["content-type"] ?? "");
  return { status: response.statusCode, type, body };
}

/** The frontier key: host lowercased (the URL parser does it), no fragment, no utm_ tags, sorted query, no trailing slash. */
function key(href: string, base: URL): URL | null {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  url.hash = "";
  for (const name of [...url.searchParams.keys()]) if (name.startsWith("utm_")) url.searchParams.delete(name);
  url.searchParams.sort();
  if (url.pathname.length > 1 && url.pathname.endsWith("/")) url.pathname = url.pathname.replace(/\/+$/, "");
  return url;
}

const began = performance.now();
const cpuBefore = process.cpuUsage();
const seen = new Set<string>();
const frontier: URL[] = [];
const crawled: string[] = [];
const skipped = { robots: 0, offHost: 0, duplicate: 0 };
let requests = 0;

const robotsUrl = new URL("/robots.txt", startUrl);
const robotsAnswer = await get(robotsUrl);
requests++;
const robots = robotsParser(robotsUrl.href, robotsAnswer.status === 200 ? robotsAnswer.body.toString("utf8") : "");

function discover(href: string, base: URL): void {
  const url = key(href, base);
  if (!url) return;
  if (url.hostname !== startUrl.hostname) {
    skipped.offHost++;
    return;
  }
  if (seen.has(url.href)) {
    skipped.duplicate++;
    return;
  }
  seen.add(url.href);
  if (robots.isAllowed(url.href, "ScrapeDeck") === false) {
    skipped.robots++;
    return;
  }
  frontier.push(url);
}

// Sitemaps first (robots.txt's Sitemap lines), as ScrapeDeck's crawl with sitemap: "include" does.
const sitemapQueue = robots.getSitemaps().map((href) => new URL(href));
const sitemapsSeen = new Set(sitemapQueue.map((url) => url.href));
for (let sitemap = sitemapQueue.shift(); sitemap; sitemap = sitemapQueue.shift()) {
  const answer = await get(sitemap);
  requests++;
  if (answer.status !== 200) continue;
  const raw = answer.body[0] === 0x1f && answer.body[1] === 0x8b ? zlib.gunzipSync(answer.body) : answer.body;
  const text = raw.toString("utf8");
  if (!text.trimStart().startsWith("<")) {
    for (const line of text.split(/\r?\n/)) if (line.trim()) discover(line.trim(), sitemap);
    continue;
  }
  const isIndex = /<sitemapindex[\s>]/.test(text);
  for (const match of text.matchAll(/<loc>\s*([^<]+?)\s*<\/loc>/g)) {
    const loc = (match[1] as string).replace(/&amp;/g, "&");
    if (!isIndex) discover(loc, sitemap);
    else if (!sitemapsSeen.has(loc)) {
      sitemapsSeen.add(loc);
      sitemapQueue.push(new URL(loc));
    }
  }
}
discover(startUrl.href, startUrl);

const extractKind = typeof config.extra?.extract === "string" ? config.extra.extract : null;
// As many threads as pages under way: a page never waits for a thread (the run workers' pool has WORKER_CONCURRENCY).
const extraction =
  extractKind === null
    ? null
    : new Piscina<ExtractionTask, ExtractionResult>({
        filename: path.join(process.cwd(), "dist", "extract-thread.cjs"),
        minThreads: config.concurrency,
        maxThreads: config.concurrency,
      });

/** The page's links: from the extraction thread's `links` output when extracting, else parsed here. */
async function linksOf(html: string, url: URL): Promise<string[]> {
  if (!extraction || extractKind === null) return links(html);
  const result = await extraction.run({
    kind: extractKind,
    html,
    url: url.href,
    includeReviews: false,
    options: { formats: ["links"] },
  });
  if (!result.ok) throw new Error(`extraction failed on ${url.href}: ${result.message}`);
  return (result.outputs?.links ?? []).map((link) => (typeof link === "string" ? link : link.url));
}

function links(html: string): string[] {
  const hrefs: string[] = [];
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === "a" && attributes.href) hrefs.push(attributes.href);
    },
  });
  parser.write(html);
  parser.end();
  return hrefs;
}

let active = 0;
/** Workers waiting for a page in flight to add links (or to finish, which may end the crawl). */
const waiting: (() => void)[] = [];

async function worker(): Promise<void> {
  for (;;) {
    const url = frontier.shift();
    if (!url) {
      if (active === 0) return;
      await new Promise<void>((resolve) => waiting.push(resolve));
      continue;
    }
    active++;
    try {
      const answer = await get(url);
      requests++;
      if (answer.status === 200 && answer.type.startsWith("text/html")) {
        crawled.push(url.href);
        for (const href of await linksOf(answer.body.toString("utf8"), url)) discover(href, url);
      }
    } finally {
      active--;
      for (const resolve of waiting.splice(0)) resolve();
    }
  }
}

await Promise.all(Array.from({ length: config.concurrency }, () => worker()));
const seconds = (performance.now() - began) / 1000;
await agent.close();
await extraction?.destroy();

const result: ContenderResult = {
  pages: crawled.length,
  requests,
  seconds,
  maxRssBytes: process.resourceUsage().maxRSS * 1024,
  cpuSeconds: cpuSecondsSince(cpuBefore),
  urls: crawled,
  skipped,
};
process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
