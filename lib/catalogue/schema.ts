import { z } from "zod";
import { PLAN_IDS } from "@/lib/config/plans";
import { POPULARITIES } from "./popularity";

/** Longest search query accepted; the catalogue's texts are far shorter. */
export const MAX_SEARCH_QUERY_LENGTH = 100;

/** GET /api/search?q= — q is required and must not be blank. */
export const searchQuerySchema = z.object({
  q: z
    .string({ error: "A search query is required" })
    .trim()
    .min(1, "The search query must not be blank")
    .max(MAX_SEARCH_QUERY_LENGTH, `The search query must be at most ${MAX_SEARCH_QUERY_LENGTH} characters`),
});

// Response shapes (docs/product.md#entities), the contract's source: lib/openapi builds the OpenAPI document from them.

/** A catalogue entry as the list and the search answer it. */
export const scraperSchema = z
  .strictObject({
    id: z.number().int().positive(),
    name: z.string(),
    description: z.string(),
    category: z.string(),
    endpoint: z
      .string()
      .meta({ description: "The path to POST a run to, relative to the API host.", example: "/api/scrapers/1/run" }),
    popularity: z.enum(POPULARITIES),
    users: z.number().int().nonnegative(),
    updated: z.string().meta({ description: "Relative text, e.g. '3 days ago'." }),
    required_plan: z.enum(PLAN_IDS),
  })
  .meta({ id: "Scraper" });

/** One catalogue entry with its parameters and example URL. */
export const scraperDetailSchema = scraperSchema
  .extend({
    parameters: z.record(z.string(), z.string()).meta({ description: "Parameter name → description." }),
    example_url: z.string(),
  })
  .meta({ id: "ScraperDetail" });
