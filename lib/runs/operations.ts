import "server-only";
import { PLANS } from "@/lib/config/plans";
import { idempotent, type RecordedAnswer } from "@/lib/idempotency/idempotency";
import { implement, type Reply, reply } from "@/lib/infra/api/operation";
import { assertWebhookUrlAllowed } from "@/lib/webhooks/address";
import { getBatch } from "./batch-detail";
import { cancelBatch, submitBatch } from "./batches";
import { cancelRun } from "./cancel";
import * as contract from "./contract";
import { runAcceptedDto, runResultDto } from "./dto";
import { type RunLimits, runLimits } from "./limits";
import { getRun, listRuns } from "./queries";
import { findRunnableScraper, type SubmitOptions, submitRun } from "./run";

/** A (possibly replayed) submission's answer: 202s name their status_url as Location, replays say so. */
function submissionReply(answer: RecordedAnswer & { replayed: boolean }): Reply {
  const statusUrl = (answer.body as { status_url?: unknown }).status_url;
  return reply(answer.status as 200 | 202, answer.body, {
    location: answer.status === 202 && typeof statusUrl === "string" ? statusUrl : undefined,
    replayed: answer.replayed,
  });
}

/**
 * POST /api/scrapers/{id}/run. Cheapest and least committal first, so a refused call leaves nothing behind:
 * requests per minute (429, X-RateLimit-* on every answer from here on) → scraper exists (404) → body (400/413)
 * → webhook address allowed (422) → Idempotency-Key (the first answer again, 409 or 422) → then submitRun's own
 * checks and the run. 200 with the items; 202 with the run's status_url for an async run or one still going when
 * the synchronous wait ends. Tests pass limits and a wait of their own.
 */
export function makeRunScraperOperation(limits: RunLimits = runLimits, options: Omit<SubmitOptions, "limits"> = {}) {
  return implement(contract.runScraper, {
    limit: ({ caller }) => limits.consumeRequest(caller.user.id, PLANS[caller.user.plan]),
    async handle({ caller, params, body, request }) {
      const { user, apiKey } = caller;
      const plan = PLANS[user.plan];
      const scraper = await findRunnableScraper(params.id);
      const run = await body();
      if (run.webhook_url) await assertWebhookUrlAllowed(run.webhook_url);
      const answer = await idempotent(
        user.id,
        request.headers.get("idempotency-key"),
        `POST /api/scrapers/${scraper.id}/run ${JSON.stringify(run)}`,
        async () => {
          const outcome = await submitRun(
            { userId: user.id, plan, apiKeyId: apiKey.id, scraper, request: run, webhookUrl: run.webhook_url ?? null },
            { ...options, limits },
          );
          if (outcome.state === "completed") return { status: 200, body: runResultDto(outcome.run) };
          return { status: 202, body: runAcceptedDto(outcome.run, run.async ? "queued" : "running") };
        },
      );
      return submissionReply(answer);
    },
  });
}

export const runScraperOperation = makeRunScraperOperation();

/**
 * POST /api/scrapers/{id}/batch: one request against the rate limit, then scraper (404), body (400/413), webhook
 * address (422), Idempotency-Key, and submitBatch's checks (403, 400 over the plan's cap, 402 over the quota left:
 * nothing queued). 202 with the batch's status_url.
 */
export function makeRunScraperBatchOperation(limits: RunLimits = runLimits) {
  return implement(contract.runScraperBatch, {
    limit: ({ caller }) => limits.consumeRequest(caller.user.id, PLANS[caller.user.plan]),
    async handle({ caller, params, body, request }) {
      const { user, apiKey } = caller;
      const plan = PLANS[user.plan];
      const scraper = await findRunnableScraper(params.id);
      const batch = await body();
      if (batch.webhook_url) await assertWebhookUrlAllowed(batch.webhook_url);
      const answer = await idempotent(
        user.id,
        request.headers.get("idempotency-key"),
        `POST /api/scrapers/${scraper.id}/batch ${JSON.stringify(batch)}`,
        async () => ({
          status: 202,
          body: await submitBatch({ userId: user.id, plan, apiKeyId: apiKey.id, scraper, request: batch }),
        }),
      );
      return submissionReply(answer);
    },
  });
}

export const runScraperBatchOperation = makeRunScraperBatchOperation();

export const listRunsOperation = implement(contract.listRuns, {
  handle: ({ caller, query }) => listRuns(caller.user.id, query),
});

export const getRunOperation = implement(contract.getRun, { handle: ({ caller, params }) => getRun(caller.user.id, params.id) });

export const cancelRunOperation = implement(contract.cancelRun, {
  handle: ({ caller, params }) => cancelRun(caller.user.id, params.id),
});

export const getBatchOperation = implement(contract.getBatch, {
  handle: ({ caller, params }) => getBatch(caller.user.id, params.id),
});

export const cancelBatchOperation = implement(contract.cancelBatch, {
  handle: ({ caller, params }) => cancelBatch(caller.user.id, params.id),
});
