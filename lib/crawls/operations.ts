import "server-only";
import { PLANS } from "@/lib/config/plans";
import { idempotent } from "@/lib/idempotency/idempotency";
import { implement, reply } from "@/lib/infra/api/operation";
import { type RunLimits, runLimits } from "@/lib/runs/limits";
import { assertWebhookUrlAllowed } from "@/lib/webhooks/address";
import * as contract from "./contract";
import { cancelCrawl, submitCrawl } from "./crawls";
import { getCrawl } from "./detail";
import { mapSite } from "./map";
import type { CrawlAccepted } from "./schema";

/**
 * POST /api/crawls: the request counted (429), body (400), webhook address (422), Idempotency-Key (the first answer
 * again, 409 or 422: a retried start never starts a second crawl), then submitCrawl's checks.
 */
export function makeStartCrawlOperation(limits: RunLimits = runLimits) {
  return implement(contract.startCrawl, {
    limit: ({ caller }) => limits.consumeRequest(caller.user.id, PLANS[caller.user.plan]),
    async handle({ caller, body, request }) {
      const crawl = await body();
      if (crawl.webhook_url) await assertWebhookUrlAllowed(crawl.webhook_url);
      const answer = await idempotent(
        caller.user.id,
        request.headers.get("idempotency-key"),
        `POST /api/crawls ${JSON.stringify(crawl)}`,
        async () => ({
          status: 202,
          body: await submitCrawl({ userId: caller.user.id, plan: PLANS[caller.user.plan], request: crawl }),
        }),
      );
      const accepted = answer.body as CrawlAccepted;
      return reply(202, accepted, { location: accepted.status_url, replayed: answer.replayed });
    },
  });
}

export const startCrawlOperation = makeStartCrawlOperation();

export const getCrawlOperation = implement(contract.getCrawl, {
  handle: ({ caller, params, query }) => getCrawl(caller.user.id, params.id, { cursor: query.cursor, pageSize: query.page_size }),
});

export const cancelCrawlOperation = implement(contract.cancelCrawl, {
  handle: ({ caller, params }) => cancelCrawl(caller.user.id, params.id),
});

export function makeMapSiteOperation(limits: RunLimits = runLimits) {
  return implement(contract.mapSite, {
    limit: ({ caller }) => limits.consumeRequest(caller.user.id, PLANS[caller.user.plan]),
    async handle({ body }) {
      return mapSite(await body());
    },
  });
}

export const mapSiteOperation = makeMapSiteOperation();
