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
