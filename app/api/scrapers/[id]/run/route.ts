import { methods } from "@/lib/http";
import { runScraperEndpoint } from "./endpoint";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  { POST: runScraperEndpoint() },
  {
    // The dashboard's "Run Scraper" link opens this address in a browser tab: explain how to call it.
    GET: 'Run a scraper with POST to this address, an "Authorization: Bearer <your API key>" header and a JSON body such as {"url": "https://example.com/page"}. Create a key on your dashboard; see /api-docs for details.',
  },
);
