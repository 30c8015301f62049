import { PLANS, type PlanId } from "@/lib/config/plans";
import { apiKeyRoute, jsonResponse, parseId, parseJsonBody, setRateLimitHeaders } from "@/lib/http";
import { idempotent } from "@/lib/idempotency/idempotency";
import type { RateLimitState } from "@/lib/infra/rate-limit/limiter";
import { runAcceptedDto, runResultDto } from "@/lib/runs/dto";
import { type RunLimits, runLimits } from "@/lib/runs/limits";
import { findRunnableScraper, type RunOptions, submitRun } from "@/lib/runs/run";
import { type RunRequest, runRequestSchema } from "@/lib/runs/schema";
import { assertWebhookUrlAllowed } from "@/lib/webhooks/address";

/** One call of the run endpoint, as both servings hand it over (the route's web Request, or node's request). */
export interface RunCall {
  user: { id: number; plan: PlanId };
  apiKey: { id: number };
  /** The route's `[id]` segment. */
  scraperId: string | string[] | undefined;
  /** The JSON body, validated (400/413 otherwise); read only once the scraper is found. */
  readRequest: () => Promise<RunRequest>;
  idempotencyKey: string | null;
  /** Where the X-RateLimit-* headers go, on every answer from the request count on. */
  setRateLimit: (state: RateLimitState) => void;
}

export interface RunAnswer {
  status: number;
  body: unknown;
  replayed: boolean;
}

/**
 * POST /api/scrapers/{id}/run. Cheapest and least committal first, so a refused call leaves nothing behind:
 * requests per minute (429, X-RateLimit-* on every answer from here on) → scraper exists (404) → body
 * (400/413) → webhook address allowed (422) → Idempotency-Key (the first answer again, 409 or 422) → then
 * submitRun's own checks and the run. 200 with the items; 202 with the run's status_url for an async run or
 * one still going when the synchronous wait ends. The route's handler and the server's native fast path
 * (server/fast-run.ts) both answer through this.
 */
export async function runScraperCall(
  call: RunCall,
  limits: RunLimits = runLimits,
  options: Omit<RunOptions, "limits"> = {},
): Promise<RunAnswer> {
  const { user, apiKey } = call;
  const plan = PLANS[user.plan];
  call.setRateLimit(await limits.consumeRequest(user.id, plan));
  const scraper = await findRunnableScraper(parseId(call.scraperId, "Scraper"));
  const request = await call.readRequest();
  if (request.webhook_url) await assertWebhookUrlAllowed(request.webhook_url);
  return idempotent(user.id, call.idempotencyKey, `POST /api/scrapers/${scraper.id}/run ${JSON.stringify(request)}`, async () => {
    const outcome = await submitRun(
      { userId: user.id, plan, apiKeyId: apiKey.id, scraper, request, webhookUrl: request.webhook_url ?? null },
      { ...options, limits },
    );
    if (outcome.state === "completed") return { status: 200, body: runResultDto(outcome.run) };
    return { status: 202, body: runAcceptedDto(outcome.run, request.async ? "queued" : "running") };
  });
}

/** The route's handler: runScraperCall on the web Request. Tests pass limits and a wait of their own. */
export function runScraperEndpoint(limits: RunLimits = runLimits, options: Omit<RunOptions, "limits"> = {}) {
  return apiKeyRoute(async ({ req, params, user, apiKey, responseHeaders }) => {
    const answer = await runScraperCall(
      {
        user,
        apiKey,
        scraperId: params.id,
        readRequest: () => parseJsonBody(req, runRequestSchema),
        idempotencyKey: req.headers.get("idempotency-key"),
        setRateLimit: (state) => setRateLimitHeaders(responseHeaders, state),
      },
      limits,
      options,
    );
    return acceptedOrDone(answer);
  });
}

/** The headers of a (possibly replayed) answer: 202s carry their status_url as Location, replays say so. */
export function answerHeaders(answer: RunAnswer): Record<string, string> {
  const headers: Record<string, string> = {};
  const statusUrl = (answer.body as { status_url?: unknown }).status_url;
  if (answer.status === 202 && typeof statusUrl === "string") headers.Location = statusUrl;
  if (answer.replayed) headers["Idempotent-Replayed"] = "true";
  return headers;
}

/** A (possibly replayed) answer as a Response (answerHeaders). */
export function acceptedOrDone(answer: RunAnswer): Response {
  return jsonResponse(answer.body, { status: answer.status, headers: answerHeaders(answer) });
}
