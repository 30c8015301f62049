// Sitemaps (sitemaps.org protocol): urlset and sitemap index XML, gzipped files, plain-text lists and RSS/Atom
// feeds (which Google also accepts as sitemaps), parsed as they stream in and walked from robots.txt's Sitemap
// lines or /sitemap.xml, with caps on everything a hostile or broken site could make endless.
import { pipeline, Readable } from "node:stream";
import zlib from "node:zlib";
import { Parser } from "htmlparser2";
import type { PageFetcher } from "@/lib/infra/outbound/safe-fetch";
import { normalizeUrl } from "./normalize-url";
import { CRAWLER_USER_AGENT } from "./user-agent";

/** URLs per sitemap file: the protocol's limit. Entries past it are not read. */
export const MAX_SITEMAP_URLS = 50_000;
/**
 * Bytes per sitemap file, uncompressed: the protocol's limit. It is also what stops a decompression bomb (a
 * small .gz that inflates to gigabytes): inflation stops at this size and the file counts as too large.
 */
export const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;
/**
 * Sitemap files fetched per walk. The protocol allows an index of 50,000 sitemaps; a crawl's own limit is far
 * below 50,000 × 50,000 URLs, and a walk stops early anyway when its reader stops asking.
 */
export const MAX_SITEMAP_FILES = 1_000;
/** Index levels followed. The protocol has one (an index lists urlsets); sites nest one more; deeper is a loop. */
export const MAX_SITEMAP_NESTING = 2;
/** Errors kept per walk, for the crawl's record. */
const MAX_KEPT_ERRORS = 20;

const GZIP_MAGIC = [0x1f, 0x8b];
const SITEMAP_TYPES = [
  "application/xml",
  "text/xml",
  "application/rss+xml",
  "application/atom+xml",
  "text/plain",
  "application/gzip",
  "application/x-gzip",
  "application/octet-stream",
] as const;

export interface SitemapEntry {
  /** Absolute http(s) URL, as the sitemap gives it (resolved against the sitemap's URL if relative). */
  url: string;
  /** `<lastmod>` as an ISO 8601 instant when it parses as a date; null when absent or unreadable. */
  lastmod: string | null;
}

export interface ParsedSitemap {
  kind: "urlset" | "index" | "feed" | "text" | "unknown";
  /** Pages (urlset, feed, text). */
  urls: SitemapEntry[];
  /** Child sitemaps (index). */
  sitemaps: SitemapEntry[];
  /** Entries whose location is not an http(s) URL. */
  invalid: number;
  /** Stopped at MAX_SITEMAP_URLS entries or MAX_SITEMAP_BYTES bytes; what came before is kept. */
  truncated: boolean;
  /** Why it stopped early or failed part-way (too large, corrupt gzip), when it did. */
  error?: string;
}

export interface SitemapLimits {
  maxUrls?: number;
  maxBytes?: number;
}

/**
 * Parses one sitemap from its raw bytes as they arrive: gunzipped if it starts with the gzip magic number
 * (whatever its name or Content-Type says), then XML if it starts with `<`, else a text sitemap (one URL per
 * line). Stops reading at the caps; never holds the whole file.
 */
export async function parseSitemap(
  body: AsyncIterable<Buffer>,
  sitemapUrl: string,
  limits: SitemapLimits = {},
): Promise<ParsedSitemap> {
  const maxUrls = limits.maxUrls ?? MAX_SITEMAP_URLS;
  const maxBytes = limits.maxBytes ?? MAX_SITEMAP_BYTES;
  const result: ParsedSitemap = { kind: "unknown", urls: [], sitemaps: [], invalid: 0, truncated: false };
  const sink = { full: false };
  const add = (list: SitemapEntry[], loc: string, lastmod: string | null, relative: boolean) => {
    const url = absoluteHttpUrl(loc, relative ? sitemapUrl : undefined);
    if (!url) {
      result.invalid++;
      return;
    }
    if (result.urls.length + result.sitemaps.length >= maxUrls) {
      result.truncated = true;
      sink.full = true;
      return;
    }
    list.push({ url, lastmod: isoDate(lastmod) });
  };

  let consumer: ((text: string) => void) | undefined;
  let finish: () => void = () => {};
  const decoder = new TextDecoder("utf-8");
  let size = 0;
  try {
    for await (const chunk of inflated(body)) {
      if (size + chunk.byteLength > maxBytes) {
        result.truncated = true;
        result.error = `The sitemap is larger than ${maxBytes / 1024 / 1024} MB uncompressed; the rest was not read.`;
        consumer?.(decoder.decode(chunk.subarray(0, maxBytes - size), { stream: true }));
        break;
      }
      size += chunk.byteLength;
      const text = decoder.decode(chunk, { stream: true });
      if (!consumer) {
        const start = text.replace(/^\uFEFF/, "").trimStart();
        if (!start) continue;
        ({ consumer, finish } = start.startsWith("<") ? xmlConsumer(result, add) : textConsumer(result, add));
      }
      consumer(text);
      if (sink.full) break;
    }
    if (!sink.full) consumer?.(decoder.decode());
    finish();
  } catch (error) {
    result.error = isZlibError(error)
      ? "The sitemap's gzip data is corrupt."
      : error instanceof Error
        ? error.message
        : String(error);
  }
  return result;
}

/** Where a site's sitemaps are: robots.txt's Sitemap lines and /sitemap.xml, each once. */
export function sitemapRoots(origin: string | URL, robotsSitemaps: readonly string[] = []): string[] {
  const roots = [...robotsSitemaps, new URL("/sitemap.xml", origin).href];
  const seen = new Set<string>();
  return roots.filter((root) => {
    const key = normalizeUrl(root)?.key;
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export interface SitemapWalkOptions extends SitemapLimits {
  fetcher: Pick<PageFetcher, "openResource">;
  /** Whether a sitemap file may be fetched (robots.txt, the address policy); refused files are counted. */
  allowFile?: (url: URL) => boolean | Promise<boolean>;
  maxFiles?: number;
  maxNesting?: number;
  userAgent?: string;
  signal?: AbortSignal;
}

export interface SitemapWalkStats {
  /** Files fetched and parsed (whatever they held). */
  files: number;
  /** Files that answered 404 or 410 (a /sitemap.xml that is not there is common, not a failure). */
  missing: number;
  /** Files that could not be fetched or read (other statuses, network errors, corrupt data). */
  failed: number;
  /** Files listed again by an index (an index listing itself, two indexes listing each other): not refetched. */
  loops: number;
  /** Files not fetched: past maxFiles, nested deeper than maxNesting, or refused by allowFile. */
  skipped: number;
  /** Files cut at the URL or byte cap (decompression bombs included). */
  truncated: number;
  /** Entries whose location was not an http(s) URL. */
  invalid: number;
  /** The first few errors, each with its file. */
  errors: { sitemap: string; error: string }[];
}

export interface SitemapWalk {
  /** Page URLs as they are found, file by file; stop iterating to stop the walk (no further file is fetched). */
  entries: AsyncGenerator<SitemapEntry & { sitemap: string }>;
  /** Counts, updated as the walk goes. */
  stats: SitemapWalkStats;
}

/**
 * Walks sitemaps breadth-first from `roots`: indexes are followed to their children (up to maxNesting levels),
 * every file is fetched through the safe client once (loops counted), and page URLs are yielded as each file
 * is parsed. Duplicate page URLs across files are not removed here: the frontier's normalisation does that.
 */
export function walkSitemaps(roots: readonly string[], options: SitemapWalkOptions): SitemapWalk {
  const stats: SitemapWalkStats = { files: 0, missing: 0, failed: 0, loops: 0, skipped: 0, truncated: 0, invalid: 0, errors: [] };
  const maxFiles = options.maxFiles ?? MAX_SITEMAP_FILES;
  const maxNesting = options.maxNesting ?? MAX_SITEMAP_NESTING;
  const note = (sitemap: string, error: string) => {
    if (stats.errors.length < MAX_KEPT_ERRORS) stats.errors.push({ sitemap, error });
  };

  async function* entries(): AsyncGenerator<SitemapEntry & { sitemap: string }> {
    const seen = new Set<string>();
    const queue: { url: string; level: number }[] = [];
    const enqueue = (url: string, level: number) => {
      const key = normalizeUrl(url)?.key;
      if (!key) return;
      if (seen.has(key)) {
        stats.loops++;
        return;
      }
      seen.add(key);
      queue.push({ url, level });
    };
    for (const root of roots) enqueue(root, 0);

    for (let next = queue.shift(); next; next = queue.shift()) {
      const { url, level } = next;
      if (stats.files + stats.missing + stats.failed >= maxFiles || level > maxNesting) {
        stats.skipped++;
        continue;
      }
      if (options.allowFile && !(await options.allowFile(new URL(url)))) {
        stats.skipped++;
        continue;
      }
      const parsed = await fetchSitemap(url);
      if (!parsed) continue;
      for (const child of parsed.sitemaps) enqueue(child.url, level + 1);
      for (const entry of parsed.urls) yield { ...entry, sitemap: url };
    }
  }

  async function fetchSitemap(url: string): Promise<ParsedSitemap | null> {
    let opened: Awaited<ReturnType<PageFetcher["openResource"]>>;
    try {
      opened = await options.fetcher.openResource(url, {
        accept: SITEMAP_TYPES,
        // Gzipped files are capped compressed here, and again inflated by parseSitemap.
        maxBytes: options.maxBytes ?? MAX_SITEMAP_BYTES,
        overflow: "truncate",
        userAgent: options.userAgent ?? CRAWLER_USER_AGENT,
        signal: options.signal,
      });
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      stats.failed++;
      note(url, error instanceof Error ? error.message : String(error));
      return null;
    }
    if (opened.status === 404 || opened.status === 410) {
      stats.missing++;
      return null;
    }
    if (opened.status < 200 || opened.status >= 300) {
      stats.failed++;
      note(url, `The sitemap answered ${opened.status}.`);
      return null;
    }
    const parsed = await parseSitemap(opened.body, opened.url, options);
    if (opened.truncated && !parsed.truncated) {
      parsed.truncated = true;
      parsed.error ??= "The sitemap is larger than the byte cap; the rest was not read.";
    }
    stats.files++;
    stats.invalid += parsed.invalid;
    if (parsed.truncated) stats.truncated++;
    if (parsed.error) note(url, parsed.error);
    return parsed;
  }

  return { entries: entries(), stats };
}

/** The body, gunzipped when it starts with the gzip magic number; chunks as they come. */
async function* inflated(body: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const iterator = body[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) return;
  const head = first.value;
  const rest: AsyncIterable<Buffer> = { [Symbol.asyncIterator]: () => iterator };
  if (head[0] !== GZIP_MAGIC[0] || head[1] !== GZIP_MAGIC[1]) {
    yield head;
    yield* rest;
    return;
  }
  async function* whole(): AsyncGenerator<Buffer> {
    yield head;
    yield* rest;
  }
  const gunzip = zlib.createGunzip();
  const stream = pipeline(Readable.from(whole()), gunzip, () => {}) as unknown as Readable;
  try {
    for await (const chunk of stream) yield chunk as Buffer;
  } finally {
    // The reader stopped (cap reached): stop inflating and release the source.
    stream.destroy();
    await iterator.return?.();
  }
}

/** Adds an entry; `relative`: a location may be relative to the sitemap (XML, leniently), else it must be absolute. */
type Add = (list: SitemapEntry[], loc: string, lastmod: string | null, relative: boolean) => void;

/**
 * urlset (<url><loc>), sitemapindex (<sitemap><loc>), RSS (<item><link>) and Atom (<entry><link href>). Only a
 * <loc> directly inside <url> or <sitemap> counts: image, video and news extensions have <loc>s of their own
 * deeper down. Element names are compared without their namespace prefix.
 */
function xmlConsumer(result: ParsedSitemap, add: Add): { consumer: (text: string) => void; finish: () => void } {
  const stack: string[] = [];
  let loc: string | null = null;
  let lastmod: string | null = null;
  let text = "";
  let ended = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const local = localName(name);
        if (stack.length === 0) {
          result.kind =
            local === "urlset"
              ? "urlset"
              : local === "sitemapindex"
                ? "index"
                : local === "rss" || local === "feed"
                  ? "feed"
                  : "unknown";
        }
        const parent = stack.at(-1);
        if (local === "url" || local === "sitemap" || local === "item" || local === "entry") {
          loc = null;
          lastmod = null;
        }
        if (result.kind === "feed" && local === "link" && parent === "entry" && attributes.href) {
          const rel = attributes.rel ?? "alternate";
          if (rel === "alternate") loc ??= attributes.href;
        }
        stack.push(local);
        text = "";
      },
      ontext(chunk) {
        text += chunk;
      },
      onclosetag(name) {
        const local = localName(name);
        stack.pop();
        // Closed by the end of a cut or broken file, not by the file: its entry may be half a URL.
        if (ended) {
          loc = null;
          text = "";
          return;
        }
        const parent = stack.at(-1);
        const value = text.trim();
        if (local === "loc" && (parent === "url" || parent === "sitemap")) loc = value;
        else if (
          (local === "lastmod" && (parent === "url" || parent === "sitemap")) ||
          (local === "updated" && parent === "entry")
        ) {
          lastmod = value;
        } else if ((local === "pubdate" || local === "pubDate") && parent === "item") lastmod = value;
        else if (local === "link" && parent === "item" && value) loc = value;
        else if (local === "url" || local === "item" || local === "entry") {
          if (loc !== null && (result.kind === "urlset" || result.kind === "feed")) add(result.urls, loc, lastmod, true);
          loc = null;
        } else if (local === "sitemap" && result.kind === "index") {
          if (loc !== null) add(result.sitemaps, loc, lastmod, true);
          loc = null;
        }
        text = "";
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  return {
    consumer: (chunk) => parser.write(chunk),
    finish: () => {
      ended = true;
      parser.end();
    },
  };
}

/** One absolute URL per line (UTF-8); blank lines skipped, anything else that is not an http(s) URL counted invalid. */
function textConsumer(result: ParsedSitemap, add: Add): { consumer: (text: string) => void; finish: () => void } {
  result.kind = "text";
  let pending = "";
  const line = (raw: string) => {
    const trimmed = raw.trim();
    if (trimmed) add(result.urls, trimmed, null, false);
  };
  return {
    consumer(text) {
      const lines = (pending + text).split(/\r\n|\r|\n/);
      pending = lines.pop() ?? "";
      for (const raw of lines) line(raw);
    },
    finish: () => line(pending),
  };
}

function localName(name: string): string {
  const colon = name.indexOf(":");
  return colon < 0 ? name : name.slice(colon + 1);
}

function absoluteHttpUrl(value: string, base?: string): string | null {
  try {
    const url = new URL(value, base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

function isoDate(value: string | null): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function isZlibError(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? "";
  return code.startsWith("Z_") || code === "ERR_ZLIB_INITIALIZATION_FAILED";
}
