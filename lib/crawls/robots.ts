// robots.txt as RFC 9309 defines it: parsed for our product token, matched by the longest rule, fetched through
// the safe outbound client. Pure parsing and matching on plain data (a RobotsTxt can be stored as JSON and
// matched again anywhere), plus one fetch function.
import { isAppError } from "@/lib/infra/errors";
import type { PageFetcher } from "@/lib/infra/outbound/safe-fetch";
import { CRAWLER_USER_AGENT, ROBOTS_PRODUCT_TOKEN } from "./user-agent";

/**
 * How much of a robots.txt is parsed. RFC 9309 section 2.5: at least 500 KiB; Google reads 500 KiB. A larger
 * file is read up to here and the rest is never downloaded (a 10 MB file costs 512 KiB).
 */
export const ROBOTS_MAX_BYTES = 512 * 1024;
/**
 * The longest Crawl-delay honoured. Crawl-delay is not in the RFC; we honour it because site owners who write
 * it mean it, but a value of minutes would make a crawl look stuck for days (10,000 pages at 60 s is a week).
 * Ten seconds keeps a crawl of a few thousand pages within hours; a larger value is clamped, not ignored.
 */
export const MAX_CRAWL_DELAY_MS = 10_000;
/** `Sitemap:` lines kept from one file; the sitemap walker has its own caps on what they lead to. */
export const MAX_ROBOTS_SITEMAPS = 100;
/** RFC 9309 section 2.4: a cached robots.txt is not used for more than 24 hours. */
export const ROBOTS_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export interface RobotsRule {
  allow: boolean;
  /** Normalised (percent-encoding canonical); `*` is a wildcard, a final `$` anchors the end. */
  pattern: string;
}

/**
 * What a host's robots.txt says for us, as plain data.
 * - parsed: the file was read (2xx); `rules` apply.
 * - unavailable: 4xx (or more than five redirects), RFC 9309 section 2.3.1.3: everything is allowed.
 * - unreachable: 5xx, 429, a network failure or a timeout, section 2.3.1.4: everything is disallowed.
 */
export interface RobotsTxt {
  outcome: "parsed" | "unavailable" | "unreachable";
  /** The HTTP status, when an answer came. */
  status: number | null;
  /** The rules of every group that names our product token, or else of the `*` groups; most specific first. */
  rules: RobotsRule[];
  /** The group's Crawl-delay, capped at MAX_CRAWL_DELAY_MS; null when none is given. */
  crawlDelayMs: number | null;
  /** Absolute http(s) URLs of the `Sitemap:` lines, in order, deduplicated, at most MAX_ROBOTS_SITEMAPS. */
  sitemaps: string[];
  /** The file was larger than ROBOTS_MAX_BYTES and only its beginning was parsed. */
  truncated: boolean;
  /** Why the file could not be read (unreachable), for the crawl's record. */
  error?: string;
}

export const ALLOW_ALL: RobotsTxt = Object.freeze({
  outcome: "unavailable",
  status: null,
  rules: [],
  crawlDelayMs: null,
  sitemaps: [],
  truncated: false,
}) as RobotsTxt;

interface Group {
  agents: string[];
  rules: RobotsRule[];
  crawlDelays: number[];
}

/**
 * Parses a robots.txt for `productToken` (RFC 9309 section 2.2): groups start at one or more user-agent lines
 * and end at the next user-agent line that follows a rule; the groups naming our token (case-insensitively)
 * are combined, and only when none does are the `*` groups used. Lines that are not understood are skipped
 * one by one (section 2.3.1.5), never the whole file.
 */
export function parseRobotsTxt(text: string, productToken: string = ROBOTS_PRODUCT_TOKEN, baseUrl?: string): RobotsTxt {
  const token = productToken.toLowerCase();
  const groups: Group[] = [];
  const sitemaps = new Set<string>();
  let current: Group | undefined;
  let inAgentLines = false;

  for (const rawLine of text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/)) {
    const line = rawLine.replace(/#.*/, "");
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();

    if (key === "user-agent") {
      if (!inAgentLines || !current) {
        current = { agents: [], rules: [], crawlDelays: [] };
        groups.push(current);
      }
      inAgentLines = true;
      const agent = value === "*" ? "*" : (/^[A-Za-z_-]+/.exec(value)?.[0] ?? "").toLowerCase();
      if (agent) current.agents.push(agent);
      continue;
    }
    if (key === "sitemap") {
      const url = absoluteHttpUrl(value, baseUrl);
      if (url && sitemaps.size < MAX_ROBOTS_SITEMAPS) sitemaps.add(url);
      continue;
    }
    if (key === "allow" || key === "disallow") {
      inAgentLines = false;
      // Rules before any user-agent line belong to no group (section 2.2.1) and are ignored.
      // An empty Disallow allows everything: it adds no rule, the group still matches.
      if (current && value) current.rules.push({ allow: key === "allow", pattern: normalizePattern(value) });
      continue;
    }
    if (key === "crawl-delay") {
      inAgentLines = false;
      const seconds = Number(value);
      if (current && value && Number.isFinite(seconds) && seconds >= 0) current.crawlDelays.push(seconds * 1000);
    }
    // Other keys (Host, Clean-param, …) neither belong to a group nor end one.
  }

  const ours = groups.filter((group) => group.agents.includes(token));
  const chosen = ours.length > 0 ? ours : groups.filter((group) => group.agents.includes("*"));
  const rules = chosen.flatMap((group) => group.rules).sort(bySpecificity);
  const delays = chosen.flatMap((group) => group.crawlDelays);
  return {
    outcome: "parsed",
    status: null,
    rules: dedupeRules(rules),
    crawlDelayMs: delays.length > 0 ? Math.min(Math.max(...delays), MAX_CRAWL_DELAY_MS) : null,
    sitemaps: [...sitemaps],
    truncated: false,
  };
}

/**
 * Whether the crawler may fetch `url` (its path and query) under `robots`. /robots.txt itself is always
 * allowed (section 2.2.2); otherwise the matching rule with the most octets wins, Allow on a tie (the least
 * restrictive, section 2.2.2), and no matching rule allows.
 */
export function robotsAllows(robots: RobotsTxt, url: URL | string): boolean {
  if (robots.outcome === "unavailable") return true;
  if (robots.outcome === "unreachable") return false;
  const parsed = typeof url === "string" ? new URL(url) : url;
  if (parsed.pathname === "/robots.txt") return true;
  const path = normalizePath(`${parsed.pathname}${parsed.search}`);
  // Rules are sorted most specific first, Allow before Disallow on equal length: the first match decides.
  for (const rule of robots.rules) {
    if (patternMatches(rule.pattern, path)) return rule.allow;
  }
  return true;
}

/**
 * Fetches and parses `origin`'s /robots.txt through the safe client, reading at most ROBOTS_MAX_BYTES.
 * Statuses and failures map to outcomes as RFC 9309 section 2.3.1 says, with one choice of ours: 429 is
 * treated as unreachable (a server asking us to slow down is not a server saying "no rules"), as Google does.
 * A fetch that fails for any reason other than too many redirects is unreachable: disallow all, retry later.
 */
export async function fetchRobotsTxt(
  origin: URL | string,
  fetcher: Pick<PageFetcher, "fetchResource">,
  options: { productToken?: string; userAgent?: string; signal?: AbortSignal } = {},
): Promise<RobotsTxt> {
  const url = new URL("/robots.txt", origin).href;
  let answer: Awaited<ReturnType<PageFetcher["fetchResource"]>>;
  try {
    answer = await fetcher.fetchResource(url, {
      // The RFC says text/plain; sites serve it as anything textual, or as a soft-404 HTML page (no rules).
      accept: ["text/*", "application/octet-stream"],
      maxBytes: ROBOTS_MAX_BYTES,
      overflow: "truncate",
      userAgent: options.userAgent ?? CRAWLER_USER_AGENT,
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (isAppError(error, "too_many_redirects")) return { ...ALLOW_ALL, error: error.message };
    return unreachable(null, error instanceof Error ? error.message : String(error));
  }
  const { status } = answer;
  if (status >= 200 && status < 300) {
    const text = decodeRobots(answer.body, answer.truncated);
    return { ...parseRobotsTxt(text, options.productToken, answer.url), status, truncated: answer.truncated };
  }
  if (status === 429 || status >= 500) return unreachable(status, `robots.txt answered ${status}.`);
  if (status >= 400) return { ...ALLOW_ALL, status };
  // 1xx and 3xx without a Location reach here: nothing usable was said, so nothing is assumed allowed.
  return unreachable(status, `robots.txt answered ${status}.`);
}

function unreachable(status: number | null, error: string): RobotsTxt {
  return { outcome: "unreachable", status, rules: [], crawlDelayMs: null, sitemaps: [], truncated: false, error };
}

/** UTF-8 (section 2.2); a file cut at the cap loses its last, partial line rather than misreading it. */
function decodeRobots(body: Buffer, truncated: boolean): string {
  const text = new TextDecoder("utf-8").decode(body);
  if (!truncated) return text;
  const end = Math.max(text.lastIndexOf("\n"), text.lastIndexOf("\r"));
  return end >= 0 ? text.slice(0, end) : "";
}

function absoluteHttpUrl(value: string, base?: string): string | null {
  try {
    const url = new URL(value, base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

function bySpecificity(a: RobotsRule, b: RobotsRule): number {
  return b.pattern.length - a.pattern.length || Number(b.allow) - Number(a.allow);
}

function dedupeRules(rules: RobotsRule[]): RobotsRule[] {
  const seen = new Set<string>();
  return rules.filter((rule) => {
    const key = `${rule.allow ? "A" : "D"}${rule.pattern}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
const HEX = /^[0-9A-Fa-f]{2}$/;
const encoder = new TextEncoder();

/**
 * One canonical spelling for rule paths and URL paths (section 2.2.2): a percent-encoded unreserved character
 * is decoded (%62%61%7A is baz), every other escape is kept with upper-case hex, characters outside printable
 * US-ASCII are UTF-8 percent-encoded (ツ is %E3%83%84). In a URL path, literal `*` and `$` are encoded, so that
 * a rule's %2A and %24 match them (section 2.2.3) while its bare `*` and `$` keep their special meaning.
 */
function canonicalOctets(input: string, special: (char: string, index: number) => boolean): string {
  let out = "";
  for (let i = 0; i < input.length; i++) {
    const char = input[i] as string;
    if (char === "%" && HEX.test(input.slice(i + 1, i + 3))) {
      const decoded = String.fromCharCode(Number.parseInt(input.slice(i + 1, i + 3), 16));
      out += UNRESERVED.test(decoded) ? decoded : `%${input.slice(i + 1, i + 3).toUpperCase()}`;
      i += 2;
      continue;
    }
    if (special(char, i)) {
      out += char;
      continue;
    }
    const code = char.charCodeAt(0);
    if (code > 0x20 && code < 0x7f && char !== "*" && char !== "$") {
      out += char;
      continue;
    }
    const codePoint = input.codePointAt(i) as number;
    if (codePoint > 0xffff) i++;
    for (const byte of encoder.encode(String.fromCodePoint(codePoint))) {
      out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
    }
  }
  return out;
}

/** A rule's path: `*` stays a wildcard, a final `$` the end anchor; one not starting with / or * gets a /. */
export function normalizePattern(pattern: string): string {
  const rooted = pattern.startsWith("/") || pattern.startsWith("*") ? pattern : `/${pattern}`;
  // Runs of wildcards match what one does; collapsing them keeps the match cost linear in the pattern.
  const collapsed = rooted.replace(/\*{2,}/g, "*");
  return canonicalOctets(collapsed, (char, index) => char === "*" || (char === "$" && index === collapsed.length - 1));
}

/** A URL's path and query in the spelling rules are written in. */
export function normalizePath(pathAndQuery: string): string {
  return canonicalOctets(pathAndQuery, () => false);
}

/**
 * Whether `pattern` matches the start of `path` (or all of it, with a final `$`). `*` matches any run of
 * characters. Greedy-leftmost placement of each literal piece is exact for patterns whose only operator is
 * `*`, and each piece is found with one indexOf: no backtracking, so a hostile pattern cannot make it crawl.
 */
export function patternMatches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith("$");
  const pieces = (anchored ? pattern.slice(0, -1) : pattern).split("*");
  const first = pieces[0] as string;
  if (!path.startsWith(first)) return false;
  if (pieces.length === 1) return !anchored || path.length === first.length;
  let at = first.length;
  const last = pieces.length - 1;
  for (let i = 1; i < last; i++) {
    const piece = pieces[i] as string;
    const found = path.indexOf(piece, at);
    if (found < 0) return false;
    at = found + piece.length;
  }
  const tail = pieces[last] as string;
  if (!anchored) return path.indexOf(tail, at) >= 0;
  return path.length - tail.length >= at && path.endsWith(tail);
}
