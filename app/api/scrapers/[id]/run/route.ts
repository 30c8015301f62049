import { methodNotAllowed } from "@/lib/http";
import { apiKeyRoute } from "@/lib/http/with-api-key";
import { runResultDto } from "@/lib/runs/dto";
import { runScraperForUser } from "@/lib/runs/run";

export const POST = apiKeyRoute(async ({ req, params, user, apiKey, responseHeaders }) =>
  runResultDto(await runScraperForUser({ scraperId: params.id, request: req, user, apiKeyId: apiKey.id, responseHeaders })),
);

// The dashboard's "Run Scraper" link opens this address in a browser tab: explain how to call it.
export const GET = methodNotAllowed(
  ["POST"],
  'Run a scraper with POST to this address, an "Authorization: Bearer <your API key>" header and a JSON body such as {"url": "https://example.com/page"}. Create a key on your dashboard; see /api-docs for details.',
);
