import { z } from "zod";

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
