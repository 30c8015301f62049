// One spelling per page, so that a crawl's frontier fetches each page once: the forms a site links the same page
// by (host case, default ports, query order, fragments, tracking tags, percent-encoding, a trailing slash) all
// come down to one key. Built on the WHATWG URL parser, which already lowercases the scheme and host, turns IDN
// hosts into their ASCII (punycode) form, drops default ports and resolves dot segments.

/** Longer URLs are not crawled: no real page needs more, and traps that grow a URL per hop are stopped here. */
export const MAX_URL_LENGTH = 2_048;

/**
 * Query parameters that say who sent the visitor, never what the page is. Dropped from every URL. Only names
 * that no site plausibly uses for content: `ref`, `source` or `si` are left alone (sites use them for content).
 * The `utm_` prefix covers Google Analytics' campaign tags (utm_source, utm_medium, utm_campaign, …).
 */
export const TRACKING_PARAMETER_PREFIXES = ["utm_"] as const;
export const TRACKING_PARAMETERS = new Set([
  // Click identifiers of ad platforms.
  "gclid", // Google Ads
  "gclsrc",
  "dclid", // Google Display
  "gbraid", // Google Ads (iOS)
  "wbraid",
  "fbclid", // Facebook
  "msclkid", // Microsoft Ads
  "yclid", // Yandex
  "twclid", // X / Twitter
  "ttclid", // TikTok
  "li_fat_id", // LinkedIn
  "igshid", // Instagram shares
  "s_kwcid", // Adobe
  // Analytics and e-mail campaign tags.
  "_ga", // Google Analytics cross-domain linker
  "_gl",
  "mc_cid", // Mailchimp
  "mc_eid",
  "_hsenc", // HubSpot
  "_hsmi",
  "__hssc",
  "__hstc",
  "__hsfp",
  "hsctatracking",
  "mkt_tok", // Marketo
  "oly_anon_id", // Omeda
  "oly_enc_id",
  "vero_id", // Vero
  "vero_conv",
  "rb_clickid",
]);

/**
 * Session identifiers servers put in URLs when cookies are off: every visit mints new ones, so each page
 * would look new on every link (a crawler trap). Dropped, as `;jsessionid=` path parameters and as queries;
 * a server that needs them hands out a fresh one.
 */
export const SESSION_PARAMETERS = new Set(["jsessionid", "phpsessid", "sessionid", "session_id", "sessid", "cfid", "cftoken"]);

export interface NormalizeOptions {
  /** Drop the whole query: `/list?page=2` and `/list` are one page (the crawl's `ignore_query_parameters`). */
  ignoreQueryParameters?: boolean;
}

export interface NormalizedUrl {
  /** The URL to fetch, in canonical spelling; a trailing slash stays as the site wrote it. */
  url: string;
  /**
   * The page's identity in the frontier: `url` with the trailing slash of a non-root path removed, so `/docs/`
   * and `/docs` are one page. Sites serve both or redirect one to the other; keeping the found form for the
   * fetch means no site that answers only one of them is asked for the other.
   */
  key: string;
}

/**
 * The canonical form of `input` (resolved against `base` when relative), or null when it is not something a
 * crawl fetches: not http(s), not a URL, carrying credentials, or longer than MAX_URL_LENGTH.
 */
export function normalizeUrl(input: string | URL, base?: string | URL, options: NormalizeOptions = {}): NormalizedUrl | null {
  let url: URL;
  try {
    url = typeof input === "string" ? new URL(input.trim(), base) : new URL(input.href);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password) return null;

  // "example.com." is the same host as "example.com" (a fully qualified name).
  const hostname = url.hostname.replace(/\.+$/, "");
  if (!hostname) return null;
  const host = url.port ? `${hostname}:${url.port}` : hostname;
  const path = canonicalEscapes(withoutSessionPathParameters(url.pathname)) || "/";
  const query = options.ignoreQueryParameters ? "" : canonicalQuery(url.search);
  const href = `${url.protocol}//${host}${path}${query}`;
  if (href.length > MAX_URL_LENGTH) return null;
  const keyPath = path.length > 1 && path.endsWith("/") ? path.replace(/\/+$/, "") || "/" : path;
  return { url: href, key: `${url.protocol}//${host}${keyPath}${query}` };
}

/** Whether a query parameter name is a tracking tag or a session id (case-insensitive). */
export function isDroppedParameter(name: string): boolean {
  const lower = name.toLowerCase();
  return (
    TRACKING_PARAMETERS.has(lower) ||
    SESSION_PARAMETERS.has(lower) ||
    TRACKING_PARAMETER_PREFIXES.some((prefix) => lower.startsWith(prefix))
  );
}

/**
 * The query with empty pairs, tracking tags and session ids dropped, escapes canonical, and pairs sorted by
 * name. The sort is stable, so repeated names keep their order (`a=2&a=1` may mean something else than
 * `a=1&a=2`). Pairs are not decoded and re-encoded: `+` and `%20` stay as written, since only the server
 * knows whether a `+` is a space.
 */
function canonicalQuery(search: string): string {
  if (search.length <= 1) return "";
  const pairs: { name: string; pair: string }[] = [];
  for (const raw of search.slice(1).split("&")) {
    if (!raw) continue;
    const pair = canonicalEscapes(raw);
    const equals = pair.indexOf("=");
    const name = equals < 0 ? pair : pair.slice(0, equals);
    if (isDroppedParameter(safeDecode(name))) continue;
    pairs.push({ name, pair });
  }
  if (pairs.length === 0) return "";
  pairs.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return `?${pairs.map((entry) => entry.pair).join("&")}`;
}

/** `/cart;jsessionid=ABC123/view` → `/cart/view`. */
function withoutSessionPathParameters(pathname: string): string {
  if (!pathname.includes(";")) return pathname;
  return pathname.replace(/;([^/;=]*)=[^/;]*/g, (match, name: string) =>
    SESSION_PARAMETERS.has(safeDecode(name).toLowerCase()) ? "" : match,
  );
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/**
 * RFC 3986 section 6.2.2: escapes of unreserved characters decoded (%7E is ~), every other escape upper-case.
 * The URL parser has already escaped what must be escaped.
 */
function canonicalEscapes(text: string): string {
  if (!text.includes("%")) return text;
  return text.replace(/%([0-9A-Fa-f]{2})/g, (_escape, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
  });
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}
