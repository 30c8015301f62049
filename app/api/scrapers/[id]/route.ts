import { getScraper } from "@/lib/catalogue/queries";
import { AppError, otherMethods, parseId, route } from "@/lib/http";

export const dynamic = "force-dynamic";

/** One catalogue entry with its parameters and example URL; 404 for an id that names nothing. */
export const GET = route(async ({ params }) => {
  const scraper = await getScraper(parseId(params.id, "Scraper"));
  if (!scraper) throw new AppError("not_found", "Scraper not found");
  return scraper;
});

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
