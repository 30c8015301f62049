import { z } from "zod";
import { logoutSchema } from "@/lib/accounts/logout";
import { authTokenSchema, loginSchema, registerSchema, userSchema } from "@/lib/accounts/schemas";
import { apiKeySchema, createApiKeySchema, createdApiKeySchema, deletedApiKeySchema } from "@/lib/api-keys/schema";
import { scraperDetailSchema, scraperSchema, searchQuerySchema } from "@/lib/catalogue/schema";
import { CATALOGUE } from "@/lib/catalogue/seed-data";
import { site } from "@/lib/config/site";
import { readinessSchema } from "@/lib/health/schema";
import type { ErrorCode } from "@/lib/infra/errors";
import {
  addLicenseContentSchema,
  createLicenseSchema,
  licenseContentSchema,
  licenseSchema,
  updateLicenseSchema,
  verifyLicenseSchema,
  verifyResultSchema,
} from "@/lib/licenses/schemas";
import { batchAcceptedSchema, batchDetailSchema, batchRequestSchema } from "@/lib/runs/batch-schema";
import {
  listRunsQuerySchema,
  runAcceptedSchema,
  runDetailSchema,
  runPageSchema,
  runRequestSchema,
  runResultSchema,
} from "@/lib/runs/schema";
import type { ProductItem } from "@/lib/scrapers/types";
import { usageSummarySchema } from "@/lib/usage/schema";
import { webhookSecretSchema } from "@/lib/webhooks/schema";

// The route registry: every operation the API serves, in one list. The OpenAPI document (document.ts), the
// /api-docs reference and the typed browser client are all read from it, and the contract test checks every
// route test's real answers against the document, so none of them can drift from the handlers.

export type Method = "GET" | "POST" | "PATCH" | "DELETE" | "OPTIONS";

/** How a caller proves who they are (docs/api.md#authentication). */
export type SecurityScheme = "apiKey" | "bearerToken" | "session" | "revalidationToken";

/** The reference's groups, in the order /api-docs shows its tabs; `service` is listed under Getting Started. */
export const TAGS = {
  scrapers: { name: "Scrapers", description: "Browse the catalogue, then run a scraper on a page with your API key." },
  authentication: {
    name: "Authentication",
    description:
      "Accounts and sessions. Login and register return a short-lived token: send it as Authorization: Bearer <token> to manage API keys and licenses from your own code.",
  },
  "api-keys": {
    name: "API Keys",
    description: `Keys start with ${site.apiKeyPrefix} and are shown in full only once, when created. Lists show a masked form.`,
  },
  search: {
    name: "Search",
    description: "Finds scrapers whose name, description or category contains the query, ignoring case.",
  },
  licenses: {
    name: "Licenses",
    description:
      "Issue license keys for your own content, attach the content's URLs, and let your customers' software verify a key with one public call.",
  },
  runs: { name: "Runs & Webhooks", description: "Your run history, each run's result while it is kept, and this month's usage." },
  service: { name: "Service", description: "The service itself: its health and this document." },
} as const;
export type Tag = keyof typeof TAGS;

export interface BodySpec {
  schema: z.ZodType;
  example: unknown;
  /** false when an empty body is fine (every field optional). */
  required?: boolean;
}

export interface SuccessSpec {
  status: 200 | 201 | 202 | 204;
  description: string;
  schema?: z.ZodType;
  example?: unknown;
  /** Headers of this answer besides the ones every answer of the operation carries. */
  headers?: Record<string, z.ZodType>;
}

export interface Operation {
  method: Method;
  /** OpenAPI path template: `{id}` for a path parameter. */
  path: string;
  operationId: string;
  tag: Tag;
  summary: string;
  description?: string;
  /** Any one of them is enough; none means public. */
  security: readonly SecurityScheme[];
  pathParams?: z.ZodObject;
  query?: z.ZodObject;
  body?: BodySpec;
  success: SuccessSpec;
  /** Other successful answers, e.g. 202 for a run that has not ended yet. */
  alsoSuccess?: readonly SuccessSpec[];
  /** Every error code this operation answers with, and when; grouped by status in the document. */
  errors: Partial<Record<ErrorCode, string>>;
  /** X-RateLimit-* on every answer (`all`) or on every answer once the API key is accepted (`after-auth`). */
  rateLimit?: "all" | "after-auth";
  /** Open to every origin (docs/api.md#cors). */
  cors?: boolean;
  /** Served by a library, not the route kit: no error shape, no X-Request-Id. */
  external?: boolean;
}

const idParam = (what: string) =>
  z.object({
    id: z
      .number()
      .int()
      .positive()
      .meta({ description: `The ${what}'s id.`, example: 1 }),
  });

// Codes every route-kit operation can answer with, by what it does.
const SERVER_ERROR = {
  internal_error: "Something failed on our side; the answer carries no internals.",
  service_unavailable: "A service the API depends on (the database, Redis) is away for now; retry after `Retry-After` seconds.",
} as const;
const SIGNED_IN = { unauthorized: "No valid session cookie or bearer token (or the account is gone).", ...SERVER_ERROR } as const;
const SIGNED_IN_WRITE = {
  ...SIGNED_IN,
  cross_origin: "A cookie-authenticated write from another origin.",
} as const;
const JSON_BODY = {
  invalid_json: "The body is not valid JSON.",
  validation_error: "A field breaks a rule; `issues` lists each one.",
  payload_too_large: "The body is over 64 KiB.",
} as const;
// next-auth's endpoints sit behind the route kit (app/api/auth/[...nextauth]/route.ts): only the ones sign-in uses.
const NEXT_AUTH_ERRORS = {
  not_found: "Not an endpoint the sign-in uses.",
  method_not_allowed: "The endpoint takes the other method; Allow names it.",
  malformed_request: "The sign-in post is not a form, or next-auth could not process it.",
  payload_too_large: "The body is over 64 KiB.",
  ...SERVER_ERROR,
} as const;
const USER_AUTH: readonly SecurityScheme[] = ["bearerToken", "session"];
/** Routes open to every way of calling (lib/http/with-caller.ts): an API key as well. */
const CALLER_AUTH: readonly SecurityScheme[] = ["apiKey", "bearerToken", "session"];
const CALLER = { ...SIGNED_IN, invalid_api_key: "The API key was deleted or does not exist." } as const;
const CALLER_WRITE = { ...CALLER, cross_origin: "A cookie-authenticated write from another origin." } as const;
const IDEMPOTENCY = {
  idempotency_key_reused: "This Idempotency-Key was used with a different request.",
  idempotency_key_in_progress: "A request with this Idempotency-Key is still being answered. Retry shortly.",
} as const;

// Examples: real shapes with made-up values; a test parses each one with its schema.
const exampleEntry = CATALOGUE[0];
const exampleScraper = {
  id: 1,
  name: exampleEntry?.name ?? "",
  description: exampleEntry?.description ?? "",
  category: exampleEntry?.category ?? "",
  endpoint: "/api/scrapers/1/run",
  popularity: exampleEntry?.popularity ?? "Popular",
  users: exampleEntry?.baseUsers ?? 0,
  updated: "2 days ago",
  required_plan: exampleEntry?.requiredPlan ?? "free",
};
const exampleUser = { id: 42, email: "ada@example.com" };
const exampleToken = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJl";
const examplePassword = "correct horse battery";
const exampleLicense = {
  id: 3,
  name: "Course bundle 2027",
  license_key: "SDECK-3F2A-9C1B-0D4E-77A1-B2C3-D4E5-F601-2A3B",
  is_active: true,
  expires_at: "2027-12-31T23:59:59.000Z",
  max_usage: 1000,
  usage_count: 12,
  created_at: "2026-11-02T09:30:00.000Z",
};
const exampleContent = {
  id: 5,
  content_type: "ebook",
  content_id: "ebook-42",
  download_url: "https://cdn.example.com/ebook.pdf",
  access_url: null,
  api_endpoint: null,
  created_at: "2026-11-02T09:31:00.000Z",
};
// Every field a product run answers (ProductItem), so the sample on the home and scraper pages
// (components/marketing/run-sample.ts) shows a whole item; run-sample.test.ts compares it with a real extraction.
const exampleItem = {
  title: "Wireless Noise-Cancelling Headphones",
  price: 199.99,
  description: "Over-ear headphones with adaptive noise cancelling and 30-hour battery life.",
  rating: 4.6,
  reviews: 1287,
  url: "https://shop.example.com/products/headphones",
  currency: "USD",
  availability: "InStock",
  brand: "Sonora",
  sku: "SNR-WH-100",
  gtin: "4006381333931",
  image: "https://shop.example.com/img/headphones.jpg",
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
const exampleWebhookSecret = { secret: "whsec_3f2a9c1b0d4e77a1b2c3d4e5f6012a3b" };

// `as const`: the browser client (client/contract.ts) reads each operation's path and schemas as types.
export const OPERATIONS = [
  // Scrapers
  {
    method: "GET",
    path: "/api/scrapers",
    operationId: "listScrapers",
    tag: "scrapers",
    summary: "Lists every scraper in the catalogue.",
    security: [],
    success: { status: 200, description: "The catalogue.", schema: z.array(scraperSchema), example: [exampleScraper] },
    errors: SERVER_ERROR,
  },
  {
    method: "GET",
    path: "/api/scrapers/{id}",
    operationId: "getScraper",
    tag: "scrapers",
    summary: "One scraper, with its parameters and an example URL.",
    security: [],
    pathParams: idParam("scraper"),
    success: {
      status: 200,
      description: "The scraper.",
      schema: scraperDetailSchema,
      example: { ...exampleScraper, parameters: exampleEntry?.parameters ?? {}, example_url: exampleEntry?.exampleUrl ?? "" },
    },
    errors: { not_found: "No scraper has this id.", ...SERVER_ERROR },
  },
  {
    method: "POST",
    path: "/api/scrapers/{id}/run",
    operationId: "runScraper",
    tag: "scrapers",
    summary: "Fetches the page at url and returns the items found on it. Products and restaurants also accept include_reviews.",
    description:
      'Checks run cheapest first, so a refused call leaves nothing behind: API key, requests per minute, scraper, body, plan, concurrent runs, monthly quota, then the fetch. Only a successful run counts against the quota. With "async": true the call answers 202 at once with a status_url to read the run from (and webhook_url, if given, is called when it ends); a synchronous run still going when the wait ends answers 202 too.',
    security: ["apiKey"],
    pathParams: idParam("scraper"),
    body: { schema: runRequestSchema, example: { url: exampleEntry?.exampleUrl, include_reviews: false } },
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
        duration_ms: 840,
        created_at: "2026-11-21T16:05:12.000Z",
      },
    },
    rateLimit: "after-auth",
    errors: {
      missing_api_key: "No Authorization header.",
      invalid_api_key: "The API key is malformed, fails its checksum or was deleted.",
      rate_limited: "Too many requests this minute for your plan. Wait for Retry-After seconds.",
      not_found: "No scraper has this id.",
      ...JSON_BODY,
      invalid_url: "url is not an http(s) address that can be fetched.",
      plan_required: "Your plan does not include this scraper.",
      concurrency_limited: "Your plan's concurrent runs are all in use. Wait for Retry-After seconds.",
      quota_exceeded: "Your plan's monthly quota of successful runs is used up.",
      blocked_address: "The address is private or internal.",
      not_html: "The page is not HTML.",
      too_large: "The page is larger than a run reads.",
      too_many_redirects: "The site redirected too many times.",
      upstream_error: "The target site answered with an error.",
      upstream_unreachable: "The target site could not be reached.",
      upstream_timeout: "The target site took too long to answer.",
      page_too_complex: "The page nests deeper than a run walks.",
      extraction_timeout: "Reading the page's items took too long.",
      blocked_webhook_url: "webhook_url is a private or internal address.",
      worker_lost: "The worker running it stopped before it finished; the run is not counted.",
      cancelled: "The run was cancelled, or you closed the request before it finished (recorded, not counted).",
      ...IDEMPOTENCY,
      ...SERVER_ERROR,
    },
  },

  {
    method: "POST",
    path: "/api/scrapers/{id}/batch",
    operationId: "runScraperBatch",
    tag: "scrapers",
    summary: "Queues one run per URL (up to 100, fewer on small plans) and answers 202 at once with the batch's status_url.",
    description:
      "The whole batch is checked before anything is queued: scraper, body, plan, the plan's batch size and the quota left (every URL's run is reserved at once, or none). Runs wait for your concurrent-run slots. An Idempotency-Key header makes a retry answer the first batch instead of queuing another; webhook_url, if given, is called once every run has ended.",
    security: ["apiKey"],
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
      missing_api_key: "No Authorization header.",
      invalid_api_key: "The API key is malformed, fails its checksum or was deleted.",
      rate_limited: "Too many requests this minute for your plan. Wait for Retry-After seconds.",
      not_found: "No scraper has this id.",
      ...JSON_BODY,
      validation_error: "A field breaks a rule (or there are more URLs than your plan takes per batch); `issues` lists each one.",
      plan_required: "Your plan does not include this scraper.",
      batch_exceeds_quota: "The quota left this month is smaller than the number of URLs; nothing was queued.",
      blocked_webhook_url: "webhook_url is a private or internal address.",
      ...IDEMPOTENCY,
      ...SERVER_ERROR,
    },
  },

  // Authentication
  {
    method: "POST",
    path: "/api/auth/register",
    operationId: "register",
    tag: "authentication",
    summary: "Creates an account (password of at least 8 characters) and returns a token for API calls.",
    security: [],
    body: { schema: registerSchema, example: { email: exampleUser.email, password: examplePassword } },
    success: {
      status: 201,
      description: "The account and a bearer token.",
      schema: authTokenSchema,
      example: { token: exampleToken, user: exampleUser },
    },
    errors: {
      ...JSON_BODY,
      email_taken: "An account with this email already exists.",
      rate_limited: "Too many accounts created from your address this hour. Wait for Retry-After seconds.",
      ...SERVER_ERROR,
    },
  },
  {
    method: "POST",
    path: "/api/auth/login",
    operationId: "login",
    tag: "authentication",
    summary: "Signs in with email and password.",
    security: [],
    body: { schema: loginSchema, example: { email: exampleUser.email, password: examplePassword } },
    success: {
      status: 200,
      description: "A bearer token and the account.",
      schema: authTokenSchema,
      example: { token: exampleToken, user: exampleUser },
    },
    errors: {
      ...JSON_BODY,
      unauthorized: "Invalid email or password.",
      too_many_login_attempts: "Too many failed attempts. Wait for Retry-After seconds.",
      ...SERVER_ERROR,
    },
  },
  {
    method: "GET",
    path: "/api/auth/me",
    operationId: "getMe",
    tag: "authentication",
    summary: "The signed-in user.",
    security: USER_AUTH,
    success: {
      status: 200,
      description: "The user.",
      schema: userSchema,
      example: exampleUser,
      headers: { "Cache-Control": z.literal("no-store") },
    },
    errors: { ...SIGNED_IN, unauthorized: "Not signed in, or the token expired." },
  },
  {
    method: "POST",
    path: "/api/auth/logout",
    operationId: "logout",
    tag: "authentication",
    summary:
      'Ends the session or bearer token the request carries, server-side, and removes the cookie; {"everywhere": true} ends every session and token of the account.',
    security: [],
    body: { schema: logoutSchema, example: { everywhere: false }, required: false },
    success: {
      status: 200,
      description: "Signed out (also when no one was signed in).",
      schema: z.object({ message: z.literal("Logged out") }),
      example: { message: "Logged out" },
    },
    errors: { cross_origin: "Sent from another origin.", ...JSON_BODY, ...SERVER_ERROR },
  },
  {
    method: "GET",
    path: "/api/auth/{nextauth}",
    operationId: "nextAuthGet",
    tag: "authentication",
    summary: "The browser sign-in's own read endpoints (session, csrf, providers), served by next-auth; any other name is 404.",
    description: "Used by the site's login form and session cookie; not meant for API clients, which use /api/auth/login.",
    security: [],
    pathParams: z.object({ nextauth: z.string().meta({ example: "session" }) }),
    success: { status: 200, description: "next-auth's answer." },
    errors: NEXT_AUTH_ERRORS,
  },
  {
    method: "POST",
    path: "/api/auth/{nextauth}",
    operationId: "nextAuthPost",
    tag: "authentication",
    summary: "The browser sign-in's form post (callback/credentials), served by next-auth; any other name is 404.",
    description: "Used by the site's login form; not meant for API clients, which use /api/auth/login.",
    security: [],
    pathParams: z.object({ nextauth: z.string().meta({ example: "callback" }) }),
    success: { status: 200, description: "next-auth's answer." },
    errors: NEXT_AUTH_ERRORS,
  },

  // API keys
  {
    method: "GET",
    path: "/api/keys",
    operationId: "listApiKeys",
    tag: "api-keys",
    summary: "Your API keys, newest first.",
    security: USER_AUTH,
    success: {
      status: 200,
      description: "The keys, masked.",
      schema: z.array(apiKeySchema),
      example: [
        {
          id: 7,
          key: `${site.apiKeyPrefix}…c0de`,
          description: "Production",
          created_at: "2026-11-02T09:30:00.000Z",
          last_used_at: "2026-11-21T16:05:12.000Z",
        },
      ],
    },
    errors: SIGNED_IN,
  },
  {
    method: "POST",
    path: "/api/keys",
    operationId: "createApiKey",
    tag: "api-keys",
    summary: "Creates a key. The description is optional.",
    security: USER_AUTH,
    body: { schema: createApiKeySchema, example: { description: "Production" }, required: false },
    success: {
      status: 201,
      description: "The new key, in full this once.",
      schema: createdApiKeySchema,
      example: {
        id: 7,
        key: `${site.apiKeyPrefix}0f1e2d3c4b5a69788796a5b4c3d2e1f0a1b2c3d4`,
        description: "Production",
        created_at: "2026-11-02T09:30:00.000Z",
      },
    },
    errors: { ...SIGNED_IN_WRITE, ...JSON_BODY, api_key_limit_reached: "You hold the most keys an account may have." },
  },
  {
    method: "DELETE",
    path: "/api/keys/{id}",
    operationId: "deleteApiKey",
    tag: "api-keys",
    summary: "Deletes a key. Calls made with it fail from that moment.",
    security: USER_AUTH,
    pathParams: idParam("key"),
    success: { status: 200, description: "The key is gone.", schema: deletedApiKeySchema, example: { id: 7, deleted: true } },
    errors: { ...SIGNED_IN_WRITE, not_found: "You have no key with this id." },
  },

  // Search
  {
    method: "GET",
    path: "/api/search",
    operationId: "searchScrapers",
    tag: "search",
    summary: "Searches the catalogue. q is required.",
    security: [],
    query: searchQuerySchema,
    success: { status: 200, description: "The matching scrapers.", schema: z.array(scraperSchema), example: [exampleScraper] },
    errors: { validation_error: "q is missing, blank or too long.", ...SERVER_ERROR },
  },

  // Licenses
  {
    method: "GET",
    path: "/api/licenses",
    operationId: "listLicenses",
    tag: "licenses",
    summary: "Your licenses, newest first.",
    security: USER_AUTH,
    success: { status: 200, description: "The licenses.", schema: z.array(licenseSchema), example: [exampleLicense] },
    errors: SIGNED_IN,
  },
  {
    method: "POST",
    path: "/api/licenses",
    operationId: "createLicense",
    tag: "licenses",
    summary: "Creates a license; the server generates its key. expires_at and max_usage are optional (null: none).",
    security: USER_AUTH,
    body: {
      schema: createLicenseSchema,
      example: { name: exampleLicense.name, expires_at: exampleLicense.expires_at, max_usage: 1000 },
    },
    success: {
      status: 201,
      description: "The new license.",
      schema: licenseSchema,
      example: { ...exampleLicense, usage_count: 0 },
    },
    errors: { ...SIGNED_IN_WRITE, ...JSON_BODY },
  },
  {
    method: "GET",
    path: "/api/licenses/{id}",
    operationId: "getLicense",
    tag: "licenses",
    summary: "One of your licenses.",
    security: USER_AUTH,
    pathParams: idParam("license"),
    success: { status: 200, description: "The license.", schema: licenseSchema, example: exampleLicense },
    errors: { ...SIGNED_IN, not_found: "You have no license with this id." },
  },
  {
    method: "PATCH",
    path: "/api/licenses/{id}",
    operationId: "updateLicense",
    tag: "licenses",
    summary: "Changes any of is_active, name, expires_at and max_usage; null clears the expiry or the usage limit.",
    security: USER_AUTH,
    pathParams: idParam("license"),
    body: { schema: updateLicenseSchema, example: { is_active: false } },
    success: {
      status: 200,
      description: "The license as it is now.",
      schema: licenseSchema,
      example: { ...exampleLicense, is_active: false },
    },
    errors: { ...SIGNED_IN_WRITE, ...JSON_BODY, not_found: "You have no license with this id." },
  },
  {
    method: "POST",
    path: "/api/licenses/{id}/deactivate",
    operationId: "deactivateLicense",
    tag: "licenses",
    summary: "Deactivates a license: verifications answer inactive from then on. Deactivating twice is fine.",
    security: USER_AUTH,
    pathParams: idParam("license"),
    success: {
      status: 200,
      description: "The license, inactive.",
      schema: licenseSchema,
      example: { ...exampleLicense, is_active: false },
    },
    errors: { ...SIGNED_IN_WRITE, not_found: "You have no license with this id." },
  },
  {
    method: "GET",
    path: "/api/licenses/{id}/content",
    operationId: "listLicenseContent",
    tag: "licenses",
    summary: "The content items attached to a license, oldest first.",
    security: USER_AUTH,
    pathParams: idParam("license"),
    success: { status: 200, description: "The items.", schema: z.array(licenseContentSchema), example: [exampleContent] },
    errors: { ...SIGNED_IN, not_found: "You have no license with this id." },
  },
  {
    method: "POST",
    path: "/api/licenses/{id}/content",
    operationId: "addLicenseContent",
    tag: "licenses",
    summary: "Attaches a content item; its URLs are what a valid verification returns.",
    security: USER_AUTH,
    pathParams: idParam("license"),
    body: {
      schema: addLicenseContentSchema,
      example: {
        content_type: exampleContent.content_type,
        content_id: exampleContent.content_id,
        download_url: exampleContent.download_url,
      },
    },
    success: { status: 201, description: "The new item.", schema: licenseContentSchema, example: exampleContent },
    errors: { ...SIGNED_IN_WRITE, ...JSON_BODY, not_found: "You have no license with this id." },
  },
  {
    method: "POST",
    path: "/api/verify-license",
    operationId: "verifyLicense",
    tag: "licenses",
    summary:
      "Checks a license key. A valid answer counts one use of the license; an invalid one says why (not found, inactive, expired or usage exceeded) and counts nothing.",
    description:
      "Public and open to every origin: call it from your customers' software or your own site. It takes no credentials.",
    security: [],
    body: { schema: verifyLicenseSchema, example: { license_key: exampleLicense.license_key } },
    success: {
      status: 200,
      description: "The verdict, valid or not.",
      schema: verifyResultSchema,
      example: { valid: true, code: "valid", message: "License is valid.", content: [exampleContent.download_url] },
    },
    rateLimit: "all",
    cors: true,
    errors: {
      ...JSON_BODY,
      rate_limited: "Too many verifications from your address. Wait for Retry-After seconds.",
      ...SERVER_ERROR,
    },
  },
  {
    method: "OPTIONS",
    path: "/api/verify-license",
    operationId: "verifyLicensePreflight",
    tag: "licenses",
    summary: "The browser's CORS preflight for verify-license: any origin, POST, Content-Type; cached a day.",
    security: [],
    success: {
      status: 204,
      description: "Preflight accepted.",
      headers: {
        "Access-Control-Allow-Methods": z.string(),
        "Access-Control-Allow-Headers": z.string(),
        "Access-Control-Max-Age": z.string(),
      },
    },
    cors: true,
    errors: {},
  },

  // Runs & usage
  {
    method: "GET",
    path: "/api/runs",
    operationId: "listRuns",
    tag: "runs",
    summary: "Your runs, newest first, one page at a time.",
    security: USER_AUTH,
    query: listRunsQuerySchema,
    success: {
      status: 200,
      description: "One page of runs.",
      schema: runPageSchema,
      example: { data: [exampleRunSummary], page: 1, per_page: 20, total: 1, has_more: false },
    },
    errors: { ...SIGNED_IN, validation_error: "page or per_page is not a whole number in range." },
  },
  {
    method: "GET",
    path: "/api/runs/{id}",
    operationId: "getRun",
    tag: "runs",
    summary: "One of your runs, with its items while they are kept: poll an async run's status_url here with the API key.",
    security: CALLER_AUTH,
    pathParams: idParam("run"),
    success: { status: 200, description: "The run.", schema: runDetailSchema, example: exampleRunDetail },
    errors: { ...CALLER, not_found: "You have no run with this id." },
  },
  {
    method: "DELETE",
    path: "/api/runs/{id}",
    operationId: "cancelRun",
    tag: "runs",
    summary:
      "Cancels a run that is queued or running: a running run's fetch and extraction are stopped, and its quota is given back either way.",
    security: CALLER_AUTH,
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
      ...CALLER,
      cross_origin: "A cookie-authenticated write from another origin.",
      not_found: "You have no run with this id.",
      not_cancellable: "The run has already ended (success, failed or cancelled).",
    },
  },
  {
    method: "GET",
    path: "/api/batches/{id}",
    operationId: "getBatch",
    tag: "runs",
    summary: "One of your batches: its counts and every run's outcome. Poll a batch's status_url here with the API key.",
    security: CALLER_AUTH,
    pathParams: idParam("batch"),
    success: { status: 200, description: "The batch.", schema: batchDetailSchema, example: exampleBatchDetail },
    errors: { ...CALLER, not_found: "You have no batch with this id." },
  },
  {
    method: "DELETE",
    path: "/api/batches/{id}",
    operationId: "cancelBatch",
    tag: "runs",
    summary:
      "Cancels a batch's runs that are queued or running, as DELETE /api/runs/{id} does one (their quota is given back); runs already ended keep their outcome.",
    security: CALLER_AUTH,
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
  },
  {
    method: "GET",
    path: "/api/webhooks/secret",
    operationId: "getWebhookSecret",
    tag: "runs",
    summary: "The secret your webhooks are signed with (created on first read); check each delivery's signature with it.",
    security: CALLER_AUTH,
    success: { status: 200, description: "The signing secret.", schema: webhookSecretSchema, example: exampleWebhookSecret },
    errors: CALLER,
  },
  {
    method: "POST",
    path: "/api/webhooks/secret/rotate",
    operationId: "rotateWebhookSecret",
    tag: "runs",
    summary: "Replaces the webhook signing secret; deliveries from now on are signed with the new one.",
    security: CALLER_AUTH,
    success: { status: 200, description: "The new signing secret.", schema: webhookSecretSchema, example: exampleWebhookSecret },
    errors: CALLER_WRITE,
  },
  {
    method: "GET",
    path: "/api/usage",
    operationId: "getUsage",
    tag: "runs",
    summary: "Your plan, its limits and this month's successful runs.",
    security: USER_AUTH,
    success: {
      status: 200,
      description: "This month's usage.",
      schema: usageSummarySchema,
      example: {
        plan: "free",
        month: "2026-11",
        successful_runs: 12,
        monthly_quota: 100,
        requests_per_minute: 10,
        concurrent_runs: 1,
      },
    },
    errors: SIGNED_IN,
  },

  // Service
  {
    method: "GET",
    path: "/api/health",
    operationId: "getHealth",
    tag: "service",
    summary: "Answers once the database has answered one query.",
    security: [],
    success: { status: 200, description: "Up.", schema: z.object({ status: z.literal("ok") }), example: { status: "ok" } },
    errors: { database_unavailable: "The database does not answer.", ...SERVER_ERROR },
  },
  {
    method: "GET",
    path: "/api/health/ready",
    operationId: "getReadiness",
    tag: "service",
    summary: "Answers whether this instance can work now: the database, Redis (when configured) and the queue, each checked.",
    description:
      "For load balancers and orchestrators; /api/health stays the cheap liveness answer. A dependency that does not answer within 2 s counts as down. While the instance shuts down (SIGTERM) it answers 503 at once.",
    security: [],
    success: {
      status: 200,
      description: "Ready: every dependency answered, with its round trip.",
      schema: readinessSchema,
      example: {
        status: "ready",
        checks: {
          database: { status: "up", latency_ms: 1 },
          redis: { status: "up", latency_ms: 1 },
          queue: { status: "up", latency_ms: 1, engine: "bullmq" },
        },
      },
    },
    errors: {
      ...SERVER_ERROR,
      service_unavailable: "Not ready: the message names what is down and what is up (or says the instance is shutting down).",
    },
  },
  {
    method: "GET",
    path: "/api/openapi.json",
    operationId: "getOpenApiDocument",
    tag: "service",
    summary: "This API's OpenAPI 3.1 document, from which the reference and the typed client are made.",
    security: [],
    success: { status: 200, description: "The document.", schema: z.record(z.string(), z.unknown()) },
    errors: SERVER_ERROR,
  },
  {
    method: "POST",
    path: "/api/catalogue/revalidate",
    operationId: "revalidateCatalogue",
    tag: "service",
    summary: "Renders the catalogue pages again on their next visit; called by whatever changes the catalogue (db:seed, start).",
    security: ["revalidationToken"],
    success: {
      status: 200,
      description: "The pages are marked stale.",
      schema: z.strictObject({ message: z.string() }),
      example: { message: "The catalogue pages are rendered again on their next visit" },
    },
    errors: { unauthorized: "No Authorization header with the server's revalidation token.", ...SERVER_ERROR },
  },
] as const satisfies readonly Operation[];

/** `GET /api/keys` → the operation. */
export type OperationKey = `${Method} ${string}`;
export const operationKey = (op: Pick<Operation, "method" | "path">): OperationKey => `${op.method} ${op.path}`;
