import { PLANS } from "@/lib/config/plans";
import { apiKeyRoute, jsonResponse, parseId, parseJsonBody, setRateLimitHeaders } from "@/lib/http";
import { idempotent } from "@/lib/idempotency/idempotency";
import { runAcceptedDto, runResultDto } from "@/lib/runs/dto";
import { type RunLimits, runLimits } from "@/lib/runs/limits";
import { findRunnableScraper, type RunOptions, submitRun } from "@/lib/runs/run";
import { runRequestSchema } from "@/lib/runs/schema";
import { assertWebhookUrlAllowed } from "@/lib/webhooks/address";

/**
 * POST /api/scrapers/{id}/run. Cheapest and least committal first, so a refused call leaves nothing behind:
 * requests per minute (429, X-RateLimit-* on every answer from here on) → scraper exists (404) → body
 * (400/413) → webhook address allowed (422) → Idempotency-Key (the first answer again, 409 or 422) → then
 * submitRun's own checks and the run. 200 with the items; 202 with the run's status_url for an async run or
 * one still going when the synchronous wait ends. Tests pass limits and a wait of their own.
 */
export function runScraperEndpoint(limits: RunLimits = runLimits, options: Omit<RunOptions, "limits"> = {}) {
  return apiKeyRoute(async ({ req, params, user, apiKey, responseHeaders }) => {
    const plan = PLANS[user.plan];
    setRateLimitHeaders(responseHeaders, await limits.consumeRequest(user.id, plan));
    const scraper = await findRunnableScraper(parseId(params.id, "Scraper"));
    const request = await parseJsonBody(req, runRequestSchema);
    if (request.webhook_url) await assertWebhookUrlAllowed(request.webhook_url);
    const answer = await idempotent(
      user.id,
      req.headers.get("idempotency-key"),
      `POST /api/scrapers/${scraper.id}/run ${JSON.stringify(request)}`,
      async () => {
        const outcome = await submitRun(
          { userId: user.id, plan, apiKeyId: apiKey.id, scraper, request, webhookUrl: request.webhook_url ?? null },
          { ...options, limits },
        );
        if (outcome.state === "completed") return { status: 200, body: runResultDto(outcome.run) };
        return { status: 202, body: runAcceptedDto(outcome.run, request.async ? "queued" : "running") };
      },
    );
    return acceptedOrDone(answer);
  });
}

/** A (possibly replayed) answer: 202s carry their status_url as Location, replays say so. */
export function acceptedOrDone(answer: { status: number; body: unknown; replayed: boolean }): Response {
  const headers = new Headers();
  const statusUrl = (answer.body as { status_url?: unknown }).status_url;
  if (answer.status === 202 && typeof statusUrl === "string") headers.set("Location", statusUrl);
  if (answer.replayed) headers.set("Idempotent-Replayed", "true");
  return jsonResponse(answer.body, { status: answer.status, headers });
}
