import { searchScrapers } from "@/lib/catalogue/queries";
import { searchQuerySchema } from "@/lib/catalogue/schema";
import { methods, parseSearchParams, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  /** Catalogue search: case-insensitive match on name, description and category. */
  GET: route(async ({ req }) => searchScrapers(parseSearchParams(req, searchQuerySchema).q)),
});
