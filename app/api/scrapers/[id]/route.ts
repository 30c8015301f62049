import { getScraper } from "@/lib/catalogue/queries";
import { AppError, methods, parseId, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  /** One catalogue entry with its parameters and example URL; 404 for an id that names nothing. */
  GET: route(async ({ params }) => {
    const scraper = await getScraper(parseId(params.id, "Scraper"));
    if (!scraper) throw new AppError("not_found", "Scraper not found");
    return scraper;
  }),
});
