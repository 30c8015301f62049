import { apiKeyRoute } from "@/lib/http/with-api-key";
import { runResultDto } from "./dto";
import { type RunLimits, runLimits } from "./limits";
import { runScraperForUser } from "./run";

/** POST /api/scrapers/{id}/run. Tests pass limits of their own, so counts never leak between them. */
export function runScraperEndpoint(limits: RunLimits = runLimits) {
  return apiKeyRoute(async ({ req, params, user, apiKey, responseHeaders }) =>
    runResultDto(
      await runScraperForUser({ scraperId: params.id, request: req, user, apiKeyId: apiKey.id, responseHeaders }, limits),
    ),
  );
}
