import "server-only";
import { PLANS } from "@/lib/config/plans";
import { implement, reply } from "@/lib/infra/api/operation";
import { type RunLimits, runLimits } from "@/lib/runs/limits";
import { assertWebhookUrlAllowed } from "@/lib/webhooks/address";
import * as contract from "./contract";
import { cancelCrawl, submitCrawl } from "./crawls";
import { getCrawl } from "./detail";
import { mapSite } from "./map";

/** POST /api/crawls: the request counted (429), body (400), webhook address (422), then submitCrawl's checks. */
export function makeStartCrawlOperation(limits: RunLimits = runLimits) {
  return implement(contract.startCrawl, {
    limit: ({ caller }) => limits.consumeRequest(caller.user.id, PLANS[caller.user.plan]),
    async handle({ caller, body }) {
      const request = await body();
      if (request.webhook_url) await assertWebhookUrlAllowed(request.webhook_url);
      const accepted = await submitCrawl({ userId: caller.user.id, plan: PLANS[caller.user.plan], request });
      return reply(202, accepted, { location: accepted.status_url });
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
