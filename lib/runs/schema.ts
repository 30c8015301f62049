import { z } from "zod";

/** The longest address a run accepts; longer ones are refused before anything is fetched. */
export const MAX_RUN_URL_LENGTH = 2048;

const runUrl = z
  .string({ error: "url is required: the address of the page to scrape" })
  .trim()
  .min(1, "url is required: the address of the page to scrape")
  .max(MAX_RUN_URL_LENGTH, `url must be at most ${MAX_RUN_URL_LENGTH} characters`);

/** Where we POST the run's or batch's outcome. Whether we may call that address is checked on submission (422). */
export const webhookUrlSchema = z
  .string({ error: "webhook_url must be an http(s) URL" })
  .trim()
  .max(MAX_RUN_URL_LENGTH, `webhook_url must be at most ${MAX_RUN_URL_LENGTH} characters`)
  .refine((value) => {
    try {
      return ["http:", "https:"].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, "webhook_url must be an http(s) URL");

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
  })
  .refine((body) => body.webhook_url === undefined || body.async === true, {
    message: 'webhook_url is for async runs: add "async": true',
    path: ["webhook_url"],
  });

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

// ─── Answers (for the API reference; the DTOs in dto.ts produce them and the tests parse them) ───────────────

const runStatus = z.enum(["queued", "running", "success", "failed", "cancelled"]);
const runError = z.object({ code: z.string(), message: z.string() });

/** 202 of POST /api/scrapers/{id}/run: an async run, or a synchronous one still going when the wait ended. */
export const runAcceptedSchema = z.object({
  id: z.number().int(),
  status: z.enum(["queued", "running"]),
  scraper_id: z.number().int(),
  url: z.string(),
  created_at: z.string(),
  status_url: z.string(),
});

/** GET and DELETE /api/runs/{id}, and the data of run.succeeded / run.failed events. */
export const runDetailSchema = z.object({
  id: z.number().int(),
  scraper_id: z.number().int(),
  scraper_name: z.string(),
  status: runStatus,
  url: z.string(),
  item_count: z.number().int(),
  duration_ms: z.number().int().nullable(),
  error_code: z.string().nullable(),
  error: runError.nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** The items (success, within the retention period), else null. */
  data: z.array(z.record(z.string(), z.unknown())).nullable(),
  data_expires_at: z.string().nullable(),
  webhook: z.object({ attempts: z.number().int(), last_status: z.number().int().nullable() }).nullable(),
});
