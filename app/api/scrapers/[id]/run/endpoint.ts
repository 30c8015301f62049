import { PLANS } from "@/lib/config/plans";
import { apiKeyRoute, jsonResponse, parseId, parseJsonBody, setRateLimitHeaders } from "@/lib/http";
import { runAcceptedDto, runResultDto } from "@/lib/runs/dto";
import { type RunLimits, runLimits } from "@/lib/runs/limits";
import { findRunnableScraper, type RunOptions, submitRun } from "@/lib/runs/run";
import { runRequestSchema } from "@/lib/runs/schema";

/**
 * POST /api/scrapers/{id}/run. Cheapest and least committal first, so a refused call leaves nothing behind:
 * requests per minute (429, X-RateLimit-* on every answer from here on) → scraper exists (404) → body
 * (400/413) → then submitRun's own checks and the run. 200 with the items; 202 with the run's status_url for an
 * async run or one still going when the synchronous wait ends. Tests pass limits and a wait of their own.
 */
export function runScraperEndpoint(limits: RunLimits = runLimits, options: Omit<RunOptions, "limits"> = {}) {
  return apiKeyRoute(async ({ req, params, user, apiKey, responseHeaders }) => {
    const plan = PLANS[user.plan];
    setRateLimitHeaders(responseHeaders, await limits.consumeRequest(user.id, plan));
    const scraper = await findRunnableScraper(parseId(params.id, "Scraper"));
    const request = await parseJsonBody(req, runRequestSchema);
    const outcome = await submitRun(
      { userId: user.id, plan, apiKeyId: apiKey.id, scraper, request, webhookUrl: request.webhook_url ?? null },
      { ...options, limits },
    );
    if (outcome.state === "completed") return runResultDto(outcome.run);
    const accepted = runAcceptedDto(outcome.run, request.async ? "queued" : "running");
    return jsonResponse(accepted, { status: 202, headers: { Location: accepted.status_url } });
  });
}
