import { PLANS } from "@/lib/config/plans";
import { apiKeyRoute, parseId, parseJsonBody, setRateLimitHeaders } from "@/lib/http";
import { runResultDto } from "@/lib/runs/dto";
import { type RunLimits, runLimits } from "@/lib/runs/limits";
import { findRunnableScraper, runScraper } from "@/lib/runs/run";
import { runRequestSchema } from "@/lib/runs/schema";

/**
 * POST /api/scrapers/{id}/run. Cheapest and least committal first, so a refused call leaves nothing behind:
 * requests per minute (429, X-RateLimit-* on every answer from here on) → scraper exists (404) → body
 * (400/413) → then runScraper's own checks and the run. Tests pass limits of their own, so counts never leak
 * between them.
 */
export function runScraperEndpoint(limits: RunLimits = runLimits) {
  return apiKeyRoute(async ({ req, params, user, apiKey, responseHeaders }) => {
    const plan = PLANS[user.plan];
    setRateLimitHeaders(responseHeaders, await limits.consumeRequest(user.id, plan));
    const scraper = await findRunnableScraper(parseId(params.id, "Scraper"));
    const request = await parseJsonBody(req, runRequestSchema);
    const run = await runScraper({ userId: user.id, plan, apiKeyId: apiKey.id, scraper, request, signal: req.signal }, limits);
    return runResultDto(run);
  });
}
