import { z } from "zod";
import { RUN_ITEM_SCHEMAS } from "@/lib/scrapers/item-schema";
import { refineRunOptions, runOptionsFields, runOutputsFields } from "@/lib/scrapers/run-options";

export { productItemSchema, scrapedItemSchema, webPageItemSchema } from "@/lib/scrapers/item-schema";

import { RUN_STATUSES } from "./status";

/** The longest address a run accepts; longer ones are refused before anything is fetched. */
export const MAX_RUN_URL_LENGTH = 2048;

const runUrl = z
  .string({ error: "url is required: the address of the page to scrape" })
  .trim()
  .min(1, "url is required: the address of the page to scrape")
  .max(MAX_RUN_URL_LENGTH, `url must be at most ${MAX_RUN_URL_LENGTH} characters`);

/** Whether a text is an absolute http(s) address: the only kind a run, crawl, monitor or webhook may name. */
export function isHttpUrl(value: string): boolean {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** Where we POST the run's or batch's outcome. Whether we may call that address is checked on submission (422). */
export const webhookUrlSchema = z
  .string({ error: "webhook_url must be an http(s) URL" })
  .trim()
  .max(MAX_RUN_URL_LENGTH, `webhook_url must be at most ${MAX_RUN_URL_LENGTH} characters`)
  .refine(isHttpUrl, "webhook_url must be an http(s) URL");

/**
 * The body of POST /api/scrapers/{id}/run. Whether the URL is fetchable is the engine's call (400/422).
 * `async: true` answers 202 at once; `webhook_url` (async runs only) is called when the run ends.
 */
export const runRequestSchema = z
  .object({
    url: runUrl,
    include_reviews: z.boolean({ error: "include_reviews must be true or false" }).optional(),
    async: z.boolean({ error: "async must be true or false" }).optional(),
    webhook_url: webhookUrlSchema.optional(),
    ...runOptionsFields,
  })
  .refine((body) => body.webhook_url === undefined || body.async === true, {
    message: 'webhook_url is for async runs: add "async": true',
    path: ["webhook_url"],
  })
  .superRefine(refineRunOptions);

export type RunRequest = z.infer<typeof runRequestSchema>;

export const MAX_RUNS_PER_PAGE = 100;

/** GET /api/runs?page=&per_page= (pages count from 1, newest runs first). */
export const listRunsQuerySchema = z.object({
  page: z.coerce
    .number({ error: "page must be a whole number" })
    .int("page must be a whole number")
    .min(1, "page must be at least 1")
    .default(1),
  per_page: z.coerce
    .number({ error: "per_page must be a whole number" })
    .int("per_page must be a whole number")
    .min(1, "per_page must be at least 1")
    .max(MAX_RUNS_PER_PAGE, `per_page must be at most ${MAX_RUNS_PER_PAGE}`)
    .default(20),
});

export type ListRunsQuery = z.infer<typeof listRunsQuerySchema>;

// Response shapes (docs/product.md#entities), the contract's source: lib/openapi builds the OpenAPI document from them.

const timestamp = z.iso.datetime();

/** A run's item: its kind's (lib/scrapers/item-schema.ts names each kind with its item). */
const runItemSchema = z.union(RUN_ITEM_SCHEMAS);

/** 200 of POST /api/scrapers/{id}/run. */
export const runResultSchema = z
  .strictObject({
    id: z.number().int().positive(),
    status: z.literal("success"),
    scraper_id: z.number().int().positive(),
    url: z.string(),
    data: z.array(runItemSchema),
    ...runOutputsFields,
    rendered: z.boolean().meta({ description: "Whether the page was rendered in a browser before extraction." }),
    duration_ms: z.number().int().nonnegative(),
    created_at: timestamp,
  })
  .meta({ id: "RunResult" });

/** One run in GET /api/runs. */
export const runSummarySchema = z
  .strictObject({
    id: z.number().int().positive(),
    scraper_id: z.number().int().positive(),
    scraper_name: z.string(),
    status: z.enum(RUN_STATUSES),
    url: z.string(),
    item_count: z.number().int().nonnegative(),
    duration_ms: z.number().int().nonnegative().nullable(),
    error_code: z.string().nullable(),
    error: z.string().nullable(),
    rendered: z
      .boolean()
      .meta({ description: 'Whether the page was rendered in a browser (`render`: true, or "auto" that found it needed one).' }),
    created_at: timestamp,
    finished_at: timestamp.nullable(),
  })
  .meta({ id: "RunSummary" });

/** GET and DELETE /api/runs/{id}: the summary plus the error, the items while they are kept and the webhook's state. */
export const runDetailSchema = runSummarySchema
  .extend({
    error: z
      .object({ code: z.string(), message: z.string() })
      .nullable()
      .meta({ description: "Why the run failed (error_code and its message), null otherwise." }),
    data: z
      .array(runItemSchema)
      .nullable()
      .meta({ description: "null for a run without items and once the retention period is over." }),
    ...runOutputsFields,
    data_expires_at: timestamp.nullable(),
    webhook: z
      .object({
        attempts: z.number().int().nonnegative(),
        last_status: z.number().int().nullable(),
        url_disabled: z.boolean().meta({
          description:
            "The address was disabled by a 410 Gone from its receiver (GET /api/webhooks/secret lists it): this delivery is not attempted.",
        }),
      })
      .nullable()
      .meta({ description: "The delivery of the run's webhook, null when the run has none." }),
  })
  .meta({ id: "RunDetail" });

/** 202 of POST /api/scrapers/{id}/run: an async run, or a synchronous one still going when the wait ended. */
export const runAcceptedSchema = z
  .object({
    id: z.number().int().positive(),
    status: z.enum(["queued", "running"]),
    scraper_id: z.number().int().positive(),
    url: z.string(),
    created_at: timestamp,
    status_url: z.url().meta({ description: "GET it (with the API key) until the run has ended; also the Location header." }),
  })
  .meta({ id: "RunAccepted" });

/** GET /api/runs: one page, newest first. */
export const runPageSchema = z
  .strictObject({
    data: z.array(runSummarySchema),
    page: z.number().int().positive(),
    per_page: z.number().int().positive(),
    total: z.number().int().nonnegative(),
    has_more: z.boolean(),
  })
  .meta({ id: "RunPage" });

/** 200 of GET /api/runs/{id}/screenshot: PNG bytes (the document's binary string). */
export const runScreenshotSchema = z.string().meta({ override: { type: "string", format: "binary" } });
