import { acceptedOrDone } from "@/app/api/scrapers/[id]/run/endpoint";
import { PLANS } from "@/lib/config/plans";
import { apiKeyRoute, parseId, parseJsonBody, setRateLimitHeaders } from "@/lib/http";
import { idempotent } from "@/lib/idempotency/idempotency";
import { batchRequestSchema } from "@/lib/runs/batch-schema";
import { submitBatch } from "@/lib/runs/batches";
import { type RunLimits, runLimits } from "@/lib/runs/limits";
import { findRunnableScraper } from "@/lib/runs/run";
import { assertWebhookUrlAllowed } from "@/lib/webhooks/address";

/**
 * POST /api/scrapers/{id}/batch: one request against the rate limit, then scraper (404), body (400/413),
 * webhook address (422), Idempotency-Key, and submitBatch's checks (403, 400 over the plan's cap, 402 over the
 * quota left: nothing queued). 202 with the batch's status_url.
 */
export function batchEndpoint(limits: RunLimits = runLimits) {
  return apiKeyRoute(async ({ req, params, user, apiKey, responseHeaders }) => {
    const plan = PLANS[user.plan];
    setRateLimitHeaders(responseHeaders, await limits.consumeRequest(user.id, plan));
    const scraper = await findRunnableScraper(parseId(params.id, "Scraper"));
    const request = await parseJsonBody(req, batchRequestSchema);
    if (request.webhook_url) await assertWebhookUrlAllowed(request.webhook_url);
    const answer = await idempotent(
      user.id,
      req.headers.get("idempotency-key"),
      `POST /api/scrapers/${scraper.id}/batch ${JSON.stringify(request)}`,
      async () => ({ status: 202, body: await submitBatch({ userId: user.id, plan, apiKeyId: apiKey.id, scraper, request }) }),
    );
    return acceptedOrDone(answer);
  });
}
