import { z } from "zod";
import { isHttpUrl, MAX_RUN_URL_LENGTH, webhookUrlSchema } from "@/lib/runs/schema";
import { DEFAULT_MAX_DEPTH, MAX_PATH_PATTERN_LENGTH, MAX_PATH_PATTERNS } from "./scope";
import { CRAWL_STATUSES, PAGE_STATES } from "./status";

// One zod schema per payload of the crawl API (POST /api/crawls, GET /api/crawls/{id}, POST /api/map), shared by
// the contract, the handlers and the dashboard. Bad input is a 400 validation_error naming the field.

/** The deepest max_depth a crawl may ask for: link hops from the start URL. */
export const MAX_CRAWL_DEPTH = 50;
/** Pages per GET /api/crawls/{id} answer when the caller does not say, and at most. */
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;
/** The most URLs one POST /api/map answers. */
export const MAX_MAP_LIMIT = 5000;
export const DEFAULT_MAP_LIMIT = 1000;

const startUrl = z
  .string({ error: "url is required: the address the crawl starts from" })
  .trim()
  .min(1, "url is required: the address the crawl starts from")
  .max(MAX_RUN_URL_LENGTH, `url must be at most ${MAX_RUN_URL_LENGTH} characters`)
  .refine(isHttpUrl, "url must be an absolute http(s) URL");

const pathPatterns = (field: string) =>
  z
    .array(
      z
        .string({ error: `each of ${field} must be a string` })
        .min(1, `each of ${field} must have at least one character`)
        .max(MAX_PATH_PATTERN_LENGTH, `each of ${field} must be at most ${MAX_PATH_PATTERN_LENGTH} characters`),
      { error: `${field} must be a list of globs or regular expressions` },
    )
    .max(MAX_PATH_PATTERNS, `${field} may list at most ${MAX_PATH_PATTERNS} patterns`);

export const SITEMAP_MODES = ["include", "only", "skip"] as const;
export type SitemapMode = (typeof SITEMAP_MODES)[number];
const sitemapMode = z.enum(SITEMAP_MODES, { error: 'sitemap must be "include", "only" or "skip"' });

/**
 * POST /api/crawls. `limit` is also checked against the plan's cap once the caller is known. `render` and
 * `formats` are passed to each page's run as they are (their meaning is the run API's).
 */
export const crawlRequestSchema = z.strictObject(
  {
    url: startUrl,
    scraper_id: z
      .number({ error: "scraper_id must be a scraper's id" })
      .int("scraper_id must be a scraper's id")
      .positive("scraper_id must be a scraper's id")
      .optional(),
    limit: z
      .number({ error: "limit must be a whole number of pages" })
      .int("limit must be a whole number of pages")
      .min(1, "limit must be at least 1")
      .optional(),
    max_depth: z
      .number({ error: "max_depth must be a whole number of link hops" })
      .int("max_depth must be a whole number of link hops")
      .min(0, "max_depth must be at least 0")
      .max(MAX_CRAWL_DEPTH, `max_depth must be at most ${MAX_CRAWL_DEPTH}`)
      .optional(),
    include_paths: pathPatterns("include_paths").optional(),
    exclude_paths: pathPatterns("exclude_paths").optional(),
    same_host: z.boolean({ error: "same_host must be true or false" }).optional(),
    allow_subdomains: z.boolean({ error: "allow_subdomains must be true or false" }).optional(),
    ignore_query_parameters: z.boolean({ error: "ignore_query_parameters must be true or false" }).optional(),
    sitemap: sitemapMode.optional(),
    render: z.boolean({ error: "render must be true or false" }).optional(),
    formats: z
      .array(z.string({ error: "each format must be a string" }).min(1).max(40), { error: "formats must be a list" })
      .max(10)
      .optional(),
    webhook_url: webhookUrlSchema.optional(),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : "The body must be a JSON object",
  },
);
export type CrawlRequest = z.infer<typeof crawlRequestSchema>;

/** The options a crawl keeps (crawls.options), with the defaults applied. */
export interface CrawlOptions {
  maxDepth: number;
  includePaths: string[];
  excludePaths: string[];
  sameHost: boolean;
  allowSubdomains: boolean;
  ignoreQueryParameters: boolean;
  sitemap: SitemapMode;
  render?: boolean;
  formats?: string[];
}

export function crawlOptionsOf(request: CrawlRequest): CrawlOptions {
  return {
    maxDepth: request.max_depth ?? DEFAULT_MAX_DEPTH,
    includePaths: request.include_paths ?? [],
    excludePaths: request.exclude_paths ?? [],
    sameHost: request.same_host ?? true,
    allowSubdomains: request.allow_subdomains ?? false,
    ignoreQueryParameters: request.ignore_query_parameters ?? false,
    sitemap: request.sitemap ?? "include",
    ...(request.render !== undefined ? { render: request.render } : {}),
    ...(request.formats !== undefined ? { formats: request.formats } : {}),
  };
}

/** A crawl's stored options (crawls.options), written by crawlOptionsOf. */
export function crawlOptionsFromJson(json: string): CrawlOptions {
  return JSON.parse(json) as CrawlOptions;
}

export const crawlAcceptedSchema = z.object({
  id: z.number().int(),
  status: z.enum(CRAWL_STATUSES),
  url: z.string(),
  limit: z.number().int(),
  created_at: z.string(),
  status_url: z.string(),
});
export type CrawlAccepted = z.infer<typeof crawlAcceptedSchema>;

export const skippedSchema = z.object({
  robots: z.number().int().meta({ description: "Links robots.txt disallows for our user agent." }),
  excluded: z.number().int().meta({ description: "Links outside include_paths or inside exclude_paths." }),
  duplicate: z.number().int().meta({ description: "Links to a page already in the crawl (after URL normalisation)." }),
  off_host: z.number().int().meta({ description: "Links to other hosts (same_host, allow_subdomains)." }),
  private_address: z.number().int().meta({ description: "Links to a private or internal address: never fetched." }),
  trap: z
    .number()
    .int()
    .meta({ description: "Links deeper than max_depth, trap-shaped (loops, calendars) or past the per-pattern cap." }),
  limit: z.number().int().meta({ description: "Links found once the crawl held `limit` pages." }),
});

export const crawlPageSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  depth: z.number().int(),
  status: z.enum(PAGE_STATES),
  run_id: z.number().int().nullable(),
  retries: z.number().int().meta({
    description:
      "Times the site answered 429 or 503 and the page was tried again after its host's pause (at most 3). Each refused run is a failed run of its own, not charged; run_id is the latest.",
  }),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});

export const crawlDetailSchema = z.object({
  id: z.number().int(),
  status: z.enum(CRAWL_STATUSES),
  stopped_reason: z.enum(["quota", "limit"]).nullable(),
  url: z.string(),
  scraper_id: z.number().int(),
  limit: z.number().int(),
  discovered: z.number().int(),
  queued: z.number().int(),
  running: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  skipped: skippedSchema,
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  pages: z.array(crawlPageSchema),
  next: z.string().nullable().meta({ description: "Pass as ?cursor= for the next pages; null on the last." }),
});
export type CrawlDetail = z.infer<typeof crawlDetailSchema>;

export const crawlDetailQuerySchema = z.object({
  cursor: z
    .string({ error: "cursor must be the next value of an earlier answer" })
    .regex(/^[A-Za-z0-9_-]{1,40}$/, "cursor must be the next value of an earlier answer")
    .optional(),
  page_size: z.coerce
    .number({ error: "page_size must be a whole number" })
    .int("page_size must be a whole number")
    .min(1, "page_size must be at least 1")
    .max(MAX_PAGE_SIZE, `page_size must be at most ${MAX_PAGE_SIZE}`)
    .optional(),
});

export const crawlSummarySchema = crawlDetailSchema.omit({ pages: true, next: true });

/** POST /api/map. */
export const mapRequestSchema = z.strictObject(
  {
    url: startUrl,
    limit: z
      .number({ error: "limit must be a whole number of URLs" })
      .int("limit must be a whole number of URLs")
      .min(1, "limit must be at least 1")
      .max(MAX_MAP_LIMIT, `limit must be at most ${MAX_MAP_LIMIT}`)
      .optional(),
    search: z.string({ error: "search must be a string" }).trim().max(200, "search must be at most 200 characters").optional(),
    sitemap: sitemapMode.optional(),
    include_subdomains: z.boolean({ error: "include_subdomains must be true or false" }).optional(),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : "The body must be a JSON object",
  },
);
export type MapRequest = z.infer<typeof mapRequestSchema>;

export const mapResultSchema = z.object({
  url: z.string(),
  urls: z.array(z.string()),
  count: z.number().int(),
  sources: z.object({
    sitemap: z.number().int().meta({ description: "URLs found in sitemaps (robots.txt's Sitemap lines and /sitemap.xml)." }),
    links: z.number().int().meta({ description: "URLs found as links of the first pages." }),
  }),
  skipped: skippedSchema.pick({ robots: true, off_host: true, private_address: true, duplicate: true }),
  truncated: z.boolean().meta({ description: "The limit was reached: the site may hold more URLs." }),
});
