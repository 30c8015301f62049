import { z } from "zod";
import { ANY_CALLER, API_KEY as API_KEY_ACCESS } from "@/lib/auth/access";
import { API_KEY, CALLER, CALLER_WRITE, IDEMPOTENCY, JSON_BODY, SERVER_ERROR } from "@/lib/infra/api/errors";
import { operation } from "@/lib/infra/api/operation";
import { idParam } from "@/lib/infra/api/params";
import { webhookEvent } from "@/lib/webhooks/events";
import {
  crawlAcceptedSchema,
  crawlDetailQuerySchema,
  crawlDetailSchema,
  crawlPageSchema,
  crawlRequestSchema,
  crawlSummarySchema,
  mapRequestSchema,
  mapResultSchema,
} from "./schema";

// Crawls and site maps (docs/architecture.md#operations): whole sites from one URL. Implemented in operations.ts.

const exampleSkipped = { robots: 3, excluded: 12, duplicate: 240, off_host: 31, private_address: 0, trap: 0, limit: 0 };

const exampleCrawl = {
  id: 12,
  status: "running",
  stopped_reason: null,
  url: "https://blog.example.com/",
  scraper_id: 7,
  limit: 500,
  discovered: 212,
  queued: 150,
  running: 2,
  succeeded: 58,
  failed: 2,
  skipped: exampleSkipped,
  error: null,
  created_at: "2026-11-28T09:00:00.000Z",
  finished_at: null,
} as const;

const examplePages = [
  { id: 301, url: "https://blog.example.com/", depth: 0, status: "succeeded", run_id: 5001, retries: 0, error: null },
  {
    id: 302,
    url: "https://blog.example.com/posts/hello",
    depth: 1,
    status: "failed",
    run_id: 5005,
    retries: 3,
    error: {
      code: "upstream_error",
      message: "The site answered 429 Too Many Requests. Tried 4 times, after the pauses the site asked for.",
    },
  },
] as const;

const RATE_LIMITED = { rate_limited: "Too many requests this minute for your plan. Wait for Retry-After seconds." } as const;

export const startCrawl = operation({
  method: "POST",
  path: "/api/crawls",
  operationId: "startCrawl",
  tag: "crawls",
  summary: "Crawls a site from url: every page it links to (and its sitemaps list), within your limits, one run per page.",
  description:
    'Answers 202 at once with the crawl\'s status_url. The crawl honours robots.txt for the ScrapeDeck user agent (Crawl-delay included, capped at 10 s), at most 2 requests at a time per host; URLs are normalised so each page is fetched once. Each page is one run against your monthly quota: when the quota runs out the crawl stops cleanly with status "completed" and stopped_reason "quota", never charging past it. scraper_id defaults to the Web Page scraper. include_paths / exclude_paths take globs ("/blog/**") or regular expressions starting with ^ (linear-time: no lookaround or backreferences). sitemap: "include" (default) adds the sitemaps\' URLs, "only" crawls only them (and the start URL) without following links, "skip" ignores them. webhook_url receives crawl.page for each page, then crawl.completed or crawl.failed. An Idempotency-Key header makes a retry answer the first crawl instead of starting another.',
  access: API_KEY_ACCESS,
  body: {
    schema: crawlRequestSchema,
    example: {
      url: "https://blog.example.com/",
      limit: 500,
      max_depth: 3,
      include_paths: ["/posts/**"],
      webhook_url: "https://hooks.example.com/crawls",
    },
  },
  success: {
    status: 202,
    description: "Accepted: the crawl is queued. Read it at status_url.",
    schema: crawlAcceptedSchema,
    example: {
      id: 12,
      status: "queued",
      url: "https://blog.example.com/",
      limit: 500,
      created_at: "2026-11-28T09:00:00.000Z",
      status_url: "https://scrapedeck.example/api/crawls/12",
    },
    headers: { Location: z.url().meta({ description: "The crawl's status_url." }) },
  },
  rateLimit: "after-auth",
  errors: {
    ...API_KEY,
    ...RATE_LIMITED,
    not_found: "No scraper has this scraper_id.",
    ...JSON_BODY,
    plan_required: "Your plan does not include this scraper.",
    blocked_webhook_url: "webhook_url is a private or internal address.",
    crawl_limited: "Your plan's crawls at once are all under way: wait for one to end or cancel it.",
    ...IDEMPOTENCY,
    ...SERVER_ERROR,
  },
  notAllowedHints: {
    GET: 'Start a crawl with POST to this address, an "Authorization: Bearer <your API key>" header and a JSON body such as {"url": "https://example.com/"}; see /api-docs.',
  },
});

export const getCrawl = operation({
  method: "GET",
  path: "/api/crawls/{id}",
  operationId: "getCrawl",
  tag: "crawls",
  summary: "One of your crawls: its status, counts and pages (each with its run id, depth, status and error), paginated.",
  description:
    "Pages come in the order they were found, page_size at a time (100 by default, at most 1,000); pass next as ?cursor= for the following ones. next is null on the last. Read each page's items at GET /api/runs/{run_id}.",
  access: ANY_CALLER,
  pathParams: idParam("crawl"),
  query: crawlDetailQuerySchema,
  success: {
    status: 200,
    description: "The crawl.",
    schema: crawlDetailSchema,
    example: { ...exampleCrawl, pages: examplePages, next: "cDMwMg" },
  },
  errors: { ...CALLER, not_found: "You have no crawl with this id.", validation_error: "cursor or page_size is not valid." },
});

export const cancelCrawl = operation({
  method: "DELETE",
  path: "/api/crawls/{id}",
  operationId: "cancelCrawl",
  tag: "crawls",
  summary: "Cancels a crawl: pages not started are never run (nor charged); runs under way are cancelled and given back.",
  access: ANY_CALLER,
  pathParams: idParam("crawl"),
  success: {
    status: 200,
    description: "The crawl, cancelled.",
    schema: crawlDetailSchema,
    example: {
      ...exampleCrawl,
      status: "cancelled",
      queued: 0,
      running: 0,
      finished_at: "2026-11-28T09:02:00.000Z",
      pages: examplePages,
      next: null,
    },
  },
  errors: { ...CALLER_WRITE, not_found: "You have no crawl with this id.", not_cancellable: "The crawl has already ended." },
});

export const mapSite = operation({
  method: "POST",
  path: "/api/map",
  operationId: "mapSite",
  tag: "crawls",
  summary: "Lists a site's URLs quickly, without scraping them: its sitemaps and the links of its first pages.",
  description:
    'Reads robots.txt (its Sitemap lines and rules for the ScrapeDeck user agent), the sitemaps unless sitemap is "skip", and the links of the first 5 pages unless it is "only". URLs are normalised and deduplicated, on the start URL\'s host (include_subdomains for its subdomains); search keeps those containing it. Answers within 20 s with what it found; truncated says the limit (1,000 by default, at most 5,000) was reached. Runs nothing and costs no quota.',
  access: API_KEY_ACCESS,
  body: { schema: mapRequestSchema, example: { url: "https://blog.example.com/", limit: 1000, search: "posts" } },
  success: {
    status: 200,
    description: "The site's URLs.",
    schema: mapResultSchema,
    example: {
      url: "https://blog.example.com/",
      urls: ["https://blog.example.com/", "https://blog.example.com/posts/hello"],
      count: 2,
      sources: { sitemap: 1, links: 1 },
      skipped: { robots: 0, off_host: 3, private_address: 0, duplicate: 4 },
      truncated: false,
    },
  },
  rateLimit: "after-auth",
  errors: { ...API_KEY, ...RATE_LIMITED, ...JSON_BODY, ...SERVER_ERROR },
  notAllowedHints: {
    GET: 'Map a site with POST to this address, an "Authorization: Bearer <your API key>" header and a JSON body such as {"url": "https://example.com/"}; see /api-docs.',
  },
});

export const CRAWLS_CONTRACT = [startCrawl, getCrawl, cancelCrawl, mapSite] as const;

// The webhooks a crawl sends to its webhook_url (lib/webhooks/events.ts), signed like run events.

export const crawlPage = webhookEvent({
  type: "crawl.page",
  summary:
    "A page of a crawl with a webhook_url ended, succeeded or failed (with its error). Its items are at GET /api/runs/{run_id}.",
  data: z.object({ crawl_id: z.number().int(), page: crawlPageSchema }),
  example: { crawl_id: 12, page: examplePages[1] },
});

export const crawlCompleted = webhookEvent({
  type: "crawl.completed",
  summary:
    'A crawl with a webhook_url ended: completed (stopped_reason "quota" or "limit" when it stopped early) or cancelled. data is its GET /api/crawls/{id} answer without pages.',
  data: crawlSummarySchema,
  example: { ...exampleCrawl, status: "completed", queued: 0, running: 0, finished_at: "2026-11-28T09:10:00.000Z" },
});

export const crawlFailed = webhookEvent({
  type: "crawl.failed",
  summary:
    "A crawl with a webhook_url ended with no page scraped (its error says why: the first page's error, or nothing_to_crawl when the start URL was skipped). data is its GET /api/crawls/{id} answer without pages.",
  data: crawlSummarySchema,
  example: {
    ...exampleCrawl,
    status: "failed",
    queued: 0,
    running: 0,
    discovered: 1,
    succeeded: 0,
    failed: 1,
    skipped: { robots: 0, excluded: 0, duplicate: 0, off_host: 0, private_address: 0, trap: 0, limit: 0 },
    error: {
      code: "upstream_error",
      message: "No page could be crawled: https://blog.example.com/ failed: The site answered 503 Service Unavailable.",
    },
    finished_at: "2026-11-28T09:10:00.000Z",
  },
});

export const CRAWLS_WEBHOOK_EVENTS = [crawlPage, crawlCompleted, crawlFailed] as const;
