import { searchScrapers } from "@/lib/catalogue/queries";
import { searchQuerySchema } from "@/lib/catalogue/schema";
import { parseSearchParams, route } from "@/lib/http";

export const dynamic = "force-dynamic";

/** Catalogue search: case-insensitive match on name, description and category. */
export const GET = route(async ({ req }) => {
  const { q } = parseSearchParams(req, searchQuerySchema);
  return searchScrapers(q);
});
