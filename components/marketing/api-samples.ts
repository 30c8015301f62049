// Request samples shared by the home page, the scraper page and the API docs; the response sample is the contract's
// (run-sample.ts, server-only).
import { CATALOGUE } from "@/lib/catalogue/seed-data";

export const API_KEY_PLACEHOLDER = "YOUR_API_KEY";
const EXAMPLE_SCRAPER_ID = 1;
const EXAMPLE_PAGE = CATALOGUE[0]?.exampleUrl ?? "https://example.com/product";

/** A POST with the bearer key header and a JSON body containing url. */
export function curlRunExample(endpointUrl: string, pageUrl = EXAMPLE_PAGE): string {
  return [
    `curl -X POST ${endpointUrl} \\`,
    `  -H "Authorization: Bearer ${API_KEY_PLACEHOLDER}" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '{"url": "${pageUrl}"}'`,
  ].join("\n");
}

export const EXAMPLE_RUN_ENDPOINT_PATH = `scrapers/${EXAMPLE_SCRAPER_ID}/run`;
