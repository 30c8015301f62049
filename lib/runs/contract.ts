import { z } from "zod";
import { ANY_CALLER, API_KEY as API_KEY_ACCESS, SIGNED_IN as SIGNED_IN_ACCESS } from "@/lib/auth/access";
import { exampleScraper, exampleScraperUrl } from "@/lib/catalogue/contract";
import { API_KEY, CALLER, CALLER_WRITE, IDEMPOTENCY, JSON_BODY, SERVER_ERROR, SIGNED_IN } from "@/lib/infra/api/errors";
import { operation } from "@/lib/infra/api/operation";
import { idParam } from "@/lib/infra/api/params";
import type { ProductItem } from "@/lib/scrapers/types";
import { webhookEvent } from "@/lib/webhooks/events";
import { batchAcceptedSchema, batchDetailSchema, batchRequestSchema } from "./batch-schema";
import {
  listRunsQuerySchema,
  runAcceptedSchema,
  runDetailSchema,
  runPageSchema,
  runRequestSchema,
  runResultSchema,
  runScreenshotSchema,
} from "./schema";

// Runs and batches (docs/architecture.md#operations): running a scraper on a page or many, and reading or
// cancelling what was submitted. Implemented in operations.ts.

// Every field a product run answers (ProductItem), so the sample on the home and scraper pages
// (components/marketing/run-sample.ts) shows a whole item; run-sample.test.ts compares it with a real extraction.
export const exampleItem = {
  title: "Wireless Noise-Cancelling Headphones",
  price: 199.99,
  description: "Over-ear headphones with adaptive noise cancelling and 30-hour battery life.",
  rating: 4.6,
  reviews: 1287,
  url: "https://shop.example.com/products/headphones",
  price_decimal: "199.99",
  price_raw: "$199.99",
  currency: "USD",
  currency_raw: "$",
  availability: "InStock",
  brand: "Sonora",
  sku: "SNR-WH-100",
  gtin: "4006381333931",
  image: "https://shop.example.com/img/headphones.jpg",
  _meta: {
    probability: 0.97,
    sources: {
      title: "json-ld",
      price: "markup",
      description: "json-ld",
      rating: "json-ld",
      reviews: "json-ld",
      url: "opengraph",
      price_decimal: "markup",
      price_raw: "markup",
      currency: "markup",
      currency_raw: "markup",
      availability: "json-ld",
      brand: "json-ld",
      sku: "json-ld",
      gtin: "json-ld",
      image: "opengraph",
    },
  },
} satisfies ProductItem;

const exampleRunSummary = {
  id: 1042,
  scraper_id: 1,
  scraper_name: exampleScraper.name,
  status: "success",
  url: exampleItem.url,
  item_count: 1,
  duration_ms: 840,
  error_code: null,
  error: null,
  rendered: false,
  created_at: "2026-11-21T16:05:12.000Z",
  finished_at: "2026-11-21T16:05:12.840Z",
};

const exampleRunDetail = {
  ...exampleRunSummary,
  error: null,
  data: [exampleItem],
  data_expires_at: "2026-11-28T16:05:12.000Z",
  webhook: null,
};

const exampleBatchDetail = {
  id: 77,
  status: "completed",
  scraper_id: 1,
  total: 2,
  succeeded: 1,
  failed: 1,
  created_at: "2026-11-21T16:07:00.000Z",
  finished_at: "2026-11-21T16:07:03.100Z",
  runs: [
    { id: 1044, url: exampleItem.url, status: "success", item_count: 1, error: null },
    {
      id: 1045,
      url: "https://shop.example.com/products/speaker",
      status: "failed",
      item_count: 0,
      error: { code: "upstream_error", message: "The target site answered with an error." },
    },
  ],
};

const NO_SCRAPER = { not_found: "No scraper has this id." } as const;
const RATE_LIMITED = { rate_limited: "Too many requests this minute for your plan. Wait for Retry-After seconds." } as const;
const PLAN_REQUIRED = {
  plan_required:
    'Your plan does not include this scraper, or what the run asks of the browser ("render": true and screenshots on Free, a timeout_ms past the plan\'s).',
} as const;
/** A rendered run's failures (lib/infra/browser): the page's, then ours (free, like every failed run). */
const RENDERING = {
  render_timeout: "The rendered page did not finish within timeout_ms: wait_for never showed, or its scripts kept it busy.",
  rendering_unavailable: "Pages cannot be rendered here right now (no browser can run).",
  rendering_busy: "No browser page came free within the run's timeout_ms.",
  rendering_crashed: "The browser died under the page twice (it was replaced, and the page rendered once more).",
} as const;
const BLOCKED_WEBHOOK = { blocked_webhook_url: "webhook_url is a private or internal address." } as const;

export const runScraper = operation({
  method: "POST",
  path: "/api/scrapers/{id}/run",
  operationId: "runScraper",
  tag: "scrapers",
  summary: "Fetches the page at url and returns the items found on it. Products and restaurants also accept include_reviews.",
  description:
    'Checks run cheapest first, so a refused call leaves nothing behind: API key, requests per minute, scraper, body, plan, concurrent runs, monthly quota, then the fetch. Only a successful run counts against the quota. With "async": true the call answers 202 at once with a status_url to read the run from (and webhook_url, if given, is called when it ends); a synchronous run still going when the wait ends answers 202 too. formats (any scraper) adds each named output beside data, here and in GET /api/runs/{id}: markdown, text and html of the kept content (only_main_content, default true, keeps the article or product body; include_tags and exclude_tags narrow it with CSS selectors), raw_html, links and metadata of the page; "render": true or "auto" renders the page in a browser first (wait_for, timeout_ms, screenshot: docs/product.md#rendering); the answer says "rendered". The screenshot format is the screenshot option, and needs "render": true too.',
  access: API_KEY_ACCESS,
  pathParams: idParam("scraper"),
  body: { schema: runRequestSchema, example: { url: exampleScraperUrl, include_reviews: false } },
  success: {
    status: 200,
    description: "The run succeeded: its items.",
    schema: runResultSchema,
    example: {
      id: 1042,
      status: "success",
      scraper_id: 1,
      url: exampleItem.url,
      data: [exampleItem],
      rendered: false,
      duration_ms: 840,
      created_at: "2026-11-21T16:05:12.000Z",
    },
  },
  alsoSuccess: [
    {
      status: 202,
      description: "Accepted: an async run, or a synchronous one still going. Read it at status_url.",
      schema: runAcceptedSchema,
      example: {
        id: 1043,
        status: "queued",
        scraper_id: 1,
        url: exampleItem.url,
        created_at: "2026-11-21T16:06:00.000Z",
        status_url: "https://scrapedeck.example/api/runs/1043",
      },
      headers: { Location: z.url().meta({ description: "The run's status_url." }) },
    },
  ],
  rateLimit: "after-auth",
  errors: {
    ...API_KEY,
    ...RATE_LIMITED,
    ...NO_SCRAPER,
    ...JSON_BODY,
    invalid_url: "url is not an http(s) address that can be fetched.",
    ...PLAN_REQUIRED,
    concurrency_limited: "Your plan's concurrent runs are all in use. Wait for Retry-After seconds.",
    quota_exceeded: "Your plan's monthly quota of successful runs is used up.",
    blocked_address: "The address is private or internal.",
    not_html: "The page is not HTML.",
    too_large: "The page is larger than a run reads, or an asked format would be longer than a run writes.",
    too_many_redirects: "The site redirected too many times.",
    upstream_error: "The target site answered with an error.",
    upstream_unreachable: "The target site could not be reached.",
    upstream_timeout: "The target site took too long to answer.",
    page_too_complex: "The page nests deeper, or has more elements, than a run reads, or a rendered page exhausted its memory.",
    extraction_timeout: "Reading the page's items took too long.",
    ...RENDERING,
    ...BLOCKED_WEBHOOK,
    worker_lost: "The worker running it stopped before it finished; the run is not counted.",
    cancelled: "The run was cancelled, or you closed the request before it finished (recorded, not counted).",
    ...IDEMPOTENCY,
    ...SERVER_ERROR,
  },
  // The dashboard's "Run Scraper" link opens this address in a browser tab: explain how to call it.
  notAllowedHints: {
    GET: 'Run a scraper with POST to this address, an "Authorization: Bearer <your API key>" header and a JSON body such as {"url": "https://example.com/page"}. Create a key on your dashboard; see /api-docs for details.',
  },
});

export const runScraperBatch = operation({
  method: "POST",
  path: "/api/scrapers/{id}/batch",
  operationId: "runScraperBatch",
  tag: "scrapers",
  summary: "Queues one run per URL (up to 100, fewer on small plans) and answers 202 at once with the batch's status_url.",
  description:
    "The whole batch is checked before anything is queued: scraper, body, plan, the plan's batch size and the quota left (every URL's run is reserved at once, or none). Runs wait for your concurrent-run slots. An Idempotency-Key header makes a retry answer the first batch instead of queuing another; webhook_url, if given, is called once every run has ended.",
  access: API_KEY_ACCESS,
  pathParams: idParam("scraper"),
  body: {
    schema: batchRequestSchema,
    example: { urls: [exampleItem.url, "https://shop.example.com/products/speaker"], include_reviews: false },
  },
  success: {
    status: 202,
    description: "Accepted: the batch is queued. Read it at status_url.",
    schema: batchAcceptedSchema,
    example: {
      id: 77,
      status: "queued",
      total: 2,
      scraper_id: 1,
      created_at: "2026-11-21T16:07:00.000Z",
      status_url: "https://scrapedeck.example/api/batches/77",
    },
    headers: { Location: z.url().meta({ description: "The batch's status_url." }) },
  },
  rateLimit: "after-auth",
  errors: {
    ...API_KEY,
    ...RATE_LIMITED,
    ...NO_SCRAPER,
    ...JSON_BODY,
    validation_error: "A field breaks a rule (or there are more URLs than your plan takes per batch); `issues` lists each one.",
    ...PLAN_REQUIRED,
    batch_exceeds_quota: "The quota left this month is smaller than the number of URLs; nothing was queued.",
    ...BLOCKED_WEBHOOK,
    ...IDEMPOTENCY,
    ...SERVER_ERROR,
  },
  notAllowedHints: {
    GET: 'Submit a batch with POST to this address, an "Authorization: Bearer <your API key>" header and a JSON body such as {"urls": ["https://example.com/a", "https://example.com/b"]}; see /api-docs.',
  },
});

export const listRuns = operation({
  method: "GET",
  path: "/api/runs",
  operationId: "listRuns",
  tag: "runs",
  summary: "Your runs, newest first, one page at a time.",
  access: SIGNED_IN_ACCESS,
  query: listRunsQuerySchema,
  success: {
    status: 200,
    description: "One page of runs.",
    schema: runPageSchema,
    example: { data: [exampleRunSummary], page: 1, per_page: 20, total: 1, has_more: false },
  },
  errors: { ...SIGNED_IN, validation_error: "page or per_page is not a whole number in range." },
});

export const getRun = operation({
  method: "GET",
  path: "/api/runs/{id}",
  operationId: "getRun",
  tag: "runs",
  summary: "One of your runs, with its items while they are kept: poll an async run's status_url here with the API key.",
  access: ANY_CALLER,
  pathParams: idParam("run"),
  success: { status: 200, description: "The run.", schema: runDetailSchema, example: exampleRunDetail },
  errors: { ...CALLER, not_found: "You have no run with this id." },
});

export const getRunScreenshot = operation({
  method: "GET",
  path: "/api/runs/{id}/screenshot",
  operationId: "getRunScreenshot",
  tag: "runs",
  summary:
    'The PNG a rendered run took ("render": true with "screenshot"), while the run\'s results are kept: only its owner reads it.',
  access: ANY_CALLER,
  pathParams: idParam("run"),
  success: {
    status: 200,
    description: 'The screenshot: the 1280×800 viewport, or the page up to 10,000 px tall ("full_page").',
    mediaType: "image/png",
    schema: runScreenshotSchema,
  },
  errors: {
    ...CALLER,
    not_found:
      "You have no run with this id, or it has no screenshot: none was asked for, the run did not succeed, or its results are past the retention period.",
  },
});

export const cancelRun = operation({
  method: "DELETE",
  path: "/api/runs/{id}",
  operationId: "cancelRun",
  tag: "runs",
  summary:
    "Cancels a run that is queued or running: a running run's fetch and extraction are stopped, and its quota is given back either way.",
  access: ANY_CALLER,
  pathParams: idParam("run"),
  success: {
    status: 200,
    description: "The run, cancelled.",
    schema: runDetailSchema,
    example: {
      ...exampleRunDetail,
      status: "cancelled",
      item_count: 0,
      duration_ms: null,
      error_code: "cancelled",
      error: { code: "cancelled", message: "Cancelled at your request." },
      data: null,
      data_expires_at: null,
    },
  },
  errors: {
    ...CALLER_WRITE,
    not_found: "You have no run with this id.",
    not_cancellable: "The run has already ended (success, failed or cancelled).",
  },
});

export const getBatch = operation({
  method: "GET",
  path: "/api/batches/{id}",
  operationId: "getBatch",
  tag: "runs",
  summary: "One of your batches: its counts and every run's outcome. Poll a batch's status_url here with the API key.",
  access: ANY_CALLER,
  pathParams: idParam("batch"),
  success: { status: 200, description: "The batch.", schema: batchDetailSchema, example: exampleBatchDetail },
  errors: { ...CALLER, not_found: "You have no batch with this id." },
});

export const cancelBatch = operation({
  method: "DELETE",
  path: "/api/batches/{id}",
  operationId: "cancelBatch",
  tag: "runs",
  summary:
    "Cancels a batch's runs that are queued or running, as DELETE /api/runs/{id} does one (their quota is given back); runs already ended keep their outcome.",
  access: ANY_CALLER,
  pathParams: idParam("batch"),
  success: {
    status: 200,
    description: "The batch, cancelled.",
    schema: batchDetailSchema,
    example: { ...exampleBatchDetail, status: "cancelled", succeeded: 0, failed: 0, runs: [] },
  },
  errors: {
    ...CALLER_WRITE,
    not_found: "You have no batch with this id.",
    not_cancellable: "The batch has already ended or been cancelled.",
  },
});

export const RUNS_CONTRACT = [
  runScraper,
  runScraperBatch,
  listRuns,
  getRun,
  getRunScreenshot,
  cancelRun,
  getBatch,
  cancelBatch,
] as const;

// The webhooks runs and batches send (lib/webhooks/events.ts), each to the webhook_url given with the submission.

export const runSucceeded = webhookEvent({
  type: "run.succeeded",
  summary: "A run with a webhook_url succeeded: data is its GET /api/runs/{id} answer, items included.",
  data: runDetailSchema,
  example: exampleRunDetail,
});

export const runFailed = webhookEvent({
  type: "run.failed",
  summary: "A run with a webhook_url failed (or was cancelled, or its worker was lost): data is its GET /api/runs/{id} answer.",
  data: runDetailSchema,
  example: {
    ...exampleRunDetail,
    status: "failed",
    item_count: 0,
    error_code: "upstream_error",
    error: { code: "upstream_error", message: "The target site answered with an error." },
    data: null,
    data_expires_at: null,
  },
});

export const batchCompleted = webhookEvent({
  type: "batch.completed",
  summary: "Every run of a batch with a webhook_url has ended: data is its GET /api/batches/{id} answer.",
  data: batchDetailSchema,
  example: exampleBatchDetail,
});

export const RUNS_WEBHOOK_EVENTS = [runSucceeded, runFailed, batchCompleted] as const;
