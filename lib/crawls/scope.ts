// Which discovered URLs a crawl follows: the host rules, include/exclude path patterns, depth, and the guards
// against crawler traps (infinite calendars, session ids, relative-link loops). Pure and synchronous: the
// address check (private networks) is the outbound address checker's, robots.txt is robots.ts's.
import { RE2JS, RE2JSException } from "re2js";
import { AppError, type ValidationIssue } from "@/lib/infra/errors";

/** Patterns per list (include_paths, exclude_paths): enough for any site section list, small enough to scan per link. */
export const MAX_PATH_PATTERNS = 50;
/** Characters per pattern. */
export const MAX_PATH_PATTERN_LENGTH = 300;
/** Link hops from the start URL when the caller does not say. */
export const DEFAULT_MAX_DEPTH = 10;
/**
 * URLs admitted per trap pattern (see trapPattern) when the caller does not say. A calendar or a pagination
 * loop yields one pattern with endless URLs; this bounds what one such pattern can take from the crawl's
 * limit. It also bounds honest enumerations of numeric ids (/product/1 … /product/5000): those are counted
 * as skipped with reason "pattern_cap", so a caller who wants more raises the cap.
 */
export const DEFAULT_MAX_PER_PATTERN = 1_000;
/** Path segments beyond which a URL is a trap (relative links that append a directory per hop). */
export const MAX_PATH_SEGMENTS = 32;
/** The same segment this many times in a row is a loop (/a/b/b/b/…), never a page. */
export const MAX_REPEATED_SEGMENTS = 3;

export interface ScopeOptions {
  /** The crawl's start URL (normalised); its host anchors the host rules. */
  startUrl: string;
  /** Only URLs matching one of these are followed (empty or absent: all). */
  includePaths?: readonly string[];
  /** URLs matching any of these are not followed; exclusion wins over inclusion. */
  excludePaths?: readonly string[];
  /** Follow only the start URL's host (default true); `www.` is ignored on both sides. */
  sameHost?: boolean;
  /** With sameHost, also follow subdomains of the start host (blog.example.com for example.com). */
  allowSubdomains?: boolean;
  maxDepth?: number;
  maxPerPattern?: number;
}

export type ScopeSkip = "off_host" | "excluded" | "too_deep" | "trap" | "pattern_cap";
export type ScopeVerdict = { follow: true } | { follow: false; reason: ScopeSkip };

export interface Scope {
  /**
   * Whether the URL (normalised, found at `depth` link hops from the start) is followed. Does not count it:
   * call admit() for the URLs actually added to the frontier.
   */
  check(url: URL, depth: number): ScopeVerdict;
  /** check() plus the per-pattern count: a followed URL takes one place in its trap pattern. */
  admit(url: URL, depth: number): ScopeVerdict;
}

/** A compiled include/exclude pattern: `^…` a regular expression on path and query, anything else a path glob. */
export interface PathPattern {
  source: string;
  matches(url: URL): boolean;
}

/**
 * Compiles include_paths / exclude_paths, or throws a validation_error naming each bad pattern (as
 * `${field}.${index}`). Both kinds run on RE2JS, a linear-time regular expression engine: no pattern can
 * backtrack catastrophically, whatever the input (checking patterns for "unsafe" shapes, as safe-regex does,
 * guesses; RE2 guarantees). Its price: no lookaround and no backreferences, refused here with a message.
 */
export function compilePathPatterns(patterns: readonly string[], field: string): PathPattern[] {
  const issues: ValidationIssue[] = [];
  if (patterns.length > MAX_PATH_PATTERNS) {
    issues.push({ path: field, message: `At most ${MAX_PATH_PATTERNS} patterns.` });
  }
  const compiled: PathPattern[] = [];
  patterns.slice(0, MAX_PATH_PATTERNS).forEach((source, index) => {
    const path = `${field}.${index}`;
    if (source.length === 0 || source.length > MAX_PATH_PATTERN_LENGTH) {
      issues.push({ path, message: `A pattern has 1 to ${MAX_PATH_PATTERN_LENGTH} characters.` });
      return;
    }
    try {
      compiled.push(source.startsWith("^") ? regexPattern(source) : globPattern(source));
    } catch (error) {
      const detail = error instanceof RE2JSException ? error.message : String(error);
      issues.push({
        path,
        message: `Not a supported regular expression (${detail}). Patterns run in linear time: no lookaround or backreferences.`,
      });
    }
  });
  if (issues.length > 0) throw new AppError("validation_error", "Invalid path patterns.", { issues });
  return compiled;
}

export function createScope(options: ScopeOptions, patternCounts = new Map<string, number>()): Scope {
  const include = compilePathPatterns(options.includePaths ?? [], "include_paths");
  const exclude = compilePathPatterns(options.excludePaths ?? [], "exclude_paths");
  const sameHost = options.sameHost ?? true;
  const allowSubdomains = options.allowSubdomains ?? false;
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  const maxPerPattern = options.maxPerPattern ?? DEFAULT_MAX_PER_PATTERN;
  const base = withoutWww(new URL(options.startUrl).hostname);

  function onHost(url: URL): boolean {
    if (!sameHost) return true;
    const host = withoutWww(url.hostname);
    return host === base || (allowSubdomains && host.endsWith(`.${base}`));
  }

  function check(url: URL, depth: number): ScopeVerdict {
    if (!onHost(url)) return { follow: false, reason: "off_host" };
    if (depth > maxDepth) return { follow: false, reason: "too_deep" };
    // The start URL is what the caller asked for: path patterns narrow what it leads to, not the start itself.
    if (depth > 0) {
      if (include.length > 0 && !include.some((pattern) => pattern.matches(url))) return { follow: false, reason: "excluded" };
      if (exclude.some((pattern) => pattern.matches(url))) return { follow: false, reason: "excluded" };
    }
    if (isPathologicalPath(url.pathname)) return { follow: false, reason: "trap" };
    const pattern = trapPattern(url);
    if (pattern && (patternCounts.get(pattern) ?? 0) >= maxPerPattern) return { follow: false, reason: "pattern_cap" };
    return { follow: true };
  }

  return {
    check,
    admit(url, depth) {
      const verdict = check(url, depth);
      if (verdict.follow) {
        const pattern = trapPattern(url);
        if (pattern) patternCounts.set(pattern, (patternCounts.get(pattern) ?? 0) + 1);
      }
      return verdict;
    },
  };
}

/**
 * The shape a trap repeats: the host and path with variable segments generalised (numbers, dates, UUIDs, long
 * hex or mixed tokens such as session ids) and the query reduced to its sorted parameter names. Null when the
 * URL has no variable part: such a URL is a page of its own and never counted, so the counts stay as small as
 * the number of distinct shapes, not the number of pages.
 */
export function trapPattern(url: URL): string | null {
  let variable = false;
  const path = url.pathname
    .split("/")
    .map((segment) => {
      const general = generalSegment(segment);
      if (general !== segment) variable = true;
      return general;
    })
    .join("/");
  const names = [...new URLSearchParams(url.search).keys()];
  if (names.length > 0) variable = true;
  if (!variable) return null;
  const query = names.length > 0 ? `?${[...new Set(names)].sort().join("&")}` : "";
  return `${url.host}${path}${query}`;
}

function generalSegment(segment: string): string {
  if (/^\d+$/.test(segment)) return "{n}";
  if (/^\d{4}-\d{1,2}(-\d{1,2})?$/.test(segment)) return "{date}";
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(segment)) return "{id}";
  if (/^[0-9a-f]{12,}$/i.test(segment)) return "{id}";
  // A token of 16+ letters and digits without separators (session ids, hashes); slugs have hyphens.
  if (/^[A-Za-z0-9]{16,}$/.test(segment) && /\d/.test(segment) && /[A-Za-z]/.test(segment)) return "{id}";
  return segment;
}

/** Too many segments, or one segment repeated MAX_REPEATED_SEGMENTS times in a row. */
export function isPathologicalPath(pathname: string): boolean {
  const segments = pathname.split("/").filter(Boolean);
  if (segments.length > MAX_PATH_SEGMENTS) return true;
  let run = 1;
  for (let i = 1; i < segments.length; i++) {
    run = segments[i] === segments[i - 1] ? run + 1 : 1;
    if (run >= MAX_REPEATED_SEGMENTS) return true;
  }
  return false;
}

function withoutWww(host: string): string {
  return host.startsWith("www.") ? host.slice(4) : host;
}

/** `^…`: RE2 syntax, searched in the path and query (`/blog/post?page=2`); the caret anchors it. */
function regexPattern(source: string): PathPattern {
  const regex = RE2JS.compile(source);
  return { source, matches: (url) => regex.test(`${url.pathname}${url.search}`) };
}

/**
 * A path glob, matched against the whole path: `*` is any run of characters within a segment, `**` any run
 * across segments; everything else is literal. A glob without a leading / gets one; `/blog/**` also matches
 * `/blog` itself.
 */
function globPattern(source: string): PathPattern {
  const rooted = source.startsWith("/") ? source : `/${source}`;
  const everythingUnder = rooted.endsWith("/**");
  const head = everythingUnder ? rooted.slice(0, -3) : rooted;
  const body = head
    .split(/(\*\*|\*)/)
    .map((part) => (part === "**" ? ".*" : part === "*" ? "[^/]*" : RE2JS.quote(part)))
    .join("");
  const regex = RE2JS.compile(everythingUnder ? `${body}(?:/.*)?` : body);
  return { source, matches: (url) => regex.matches(url.pathname) };
}
