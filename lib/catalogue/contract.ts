import { z } from "zod";
import { PUBLIC, SERVER } from "@/lib/auth/access";
import { SERVER_ERROR } from "@/lib/infra/api/errors";
import { operation } from "@/lib/infra/api/operation";
import { idParam } from "@/lib/infra/api/params";
import { scraperDetailSchema, scraperSchema, searchQuerySchema } from "./schema";
import { CATALOGUE } from "./seed-data";

// The catalogue's API (docs/architecture.md#operations): browsing and searching the scrapers, and the server's own
// call that renders the catalogue pages again. Implemented in operations.ts.

const exampleEntry = CATALOGUE[0];
/** A catalogue entry as the API answers it, made up from the first seed entry. */
export const exampleScraper = {
  id: 1,
  name: exampleEntry?.name ?? "",
  description: exampleEntry?.description ?? "",
  category: exampleEntry?.category ?? "",
  endpoint: "/api/scrapers/1/run",
  popularity: exampleEntry?.popularity ?? "Popular",
  users: exampleEntry?.baseUsers ?? 0,
  updated: "2 days ago",
  required_plan: exampleEntry?.requiredPlan ?? "free",
};
/** The page a run of the example scraper is shown on. */
export const exampleScraperUrl = exampleEntry?.exampleUrl ?? "";

export const listScrapers = operation({
  method: "GET",
  path: "/api/scrapers",
  operationId: "listScrapers",
  tag: "scrapers",
  summary: "Lists every scraper in the catalogue.",
  access: PUBLIC,
  success: { status: 200, description: "The catalogue.", schema: z.array(scraperSchema), example: [exampleScraper] },
  errors: SERVER_ERROR,
});

export const getScraper = operation({
  method: "GET",
  path: "/api/scrapers/{id}",
  operationId: "getScraper",
  tag: "scrapers",
  summary: "One scraper, with its parameters and an example URL.",
  access: PUBLIC,
  pathParams: idParam("scraper"),
  success: {
    status: 200,
    description: "The scraper.",
    schema: scraperDetailSchema,
    example: { ...exampleScraper, parameters: exampleEntry?.parameters ?? {}, example_url: exampleScraperUrl },
  },
  errors: { not_found: "No scraper has this id.", ...SERVER_ERROR },
});

export const searchScrapers = operation({
  method: "GET",
  path: "/api/search",
  operationId: "searchScrapers",
  tag: "search",
  summary: "Searches the catalogue. q is required.",
  access: PUBLIC,
  query: searchQuerySchema,
  success: { status: 200, description: "The matching scrapers.", schema: z.array(scraperSchema), example: [exampleScraper] },
  errors: { validation_error: "q is missing, blank or too long.", ...SERVER_ERROR },
});

export const revalidateCatalogue = operation({
  method: "POST",
  path: "/api/catalogue/revalidate",
  operationId: "revalidateCatalogue",
  tag: "service",
  summary: "Renders the catalogue pages again on their next visit; called by whatever changes the catalogue (db:seed, start).",
  access: SERVER,
  success: {
    status: 200,
    description: "The pages are marked stale.",
    schema: z.strictObject({ message: z.string() }),
    example: { message: "The catalogue pages are rendered again on their next visit" },
  },
  errors: { unauthorized: "No Authorization header with the server's revalidation token.", ...SERVER_ERROR },
});

export const CATALOGUE_CONTRACT = [listScrapers, getScraper, searchScrapers, revalidateCatalogue] as const;
