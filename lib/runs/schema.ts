import { z } from "zod";

/** The longest address a run accepts; longer ones are refused before anything is fetched. */
export const MAX_RUN_URL_LENGTH = 2048;

/** The body of POST /api/scrapers/{id}/run. Whether the URL is fetchable is the engine's call (400/422). */
export const runRequestSchema = z.object({
  url: z
    .string({ error: "url is required: the address of the page to scrape" })
    .trim()
    .min(1, "url is required: the address of the page to scrape")
    .max(MAX_RUN_URL_LENGTH, `url must be at most ${MAX_RUN_URL_LENGTH} characters`),
  include_reviews: z.boolean({ error: "include_reviews must be true or false" }).optional(),
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
