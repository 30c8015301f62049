import "server-only";
import { revalidatePath } from "next/cache";
import { implement } from "@/lib/infra/api/operation";
import { AppError } from "@/lib/infra/errors";
import * as contract from "./contract";
import { getScraper, listScrapers, searchScrapers } from "./queries";
import { assertRevalidationToken, CATALOGUE_PAGES } from "./revalidation";

export const listScrapersOperation = implement(contract.listScrapers, { handle: () => listScrapers() });

export const getScraperOperation = implement(contract.getScraper, {
  async handle({ params }) {
    const scraper = await getScraper(params.id);
    if (!scraper) throw new AppError("not_found", "Scraper not found");
    return scraper;
  },
});

/** Case-insensitive match on name, description and category. */
export const searchScrapersOperation = implement(contract.searchScrapers, { handle: ({ query }) => searchScrapers(query.q) });

/**
 * Called by whatever changes the catalogue (npm run db:seed, npm start): the catalogue pages are rendered again on
 * their next visit instead of when their five minutes are up.
 */
export const revalidateCatalogueOperation = implement(contract.revalidateCatalogue, {
  async handle({ request }) {
    assertRevalidationToken(request.headers.get("authorization"));
    for (const page of CATALOGUE_PAGES) revalidatePath(page.path, page.type);
    return { message: "The catalogue pages are rendered again on their next visit" };
  },
});
