import { searchScrapers } from "@/lib/catalogue/queries";
import { searchQuerySchema } from "@/lib/catalogue/schema";
import { otherMethods, parseSearchParams, route } from "@/lib/http";

export const dynamic = "force-dynamic";

/** Catalogue search: case-insensitive match on name, description and category. */
export const GET = route(async ({ req }) => {
  const { q } = parseSearchParams(req, searchQuerySchema);
  return searchScrapers(q);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
