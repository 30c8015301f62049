import "server-only";
import { implement } from "@/lib/infra/api/operation";
import { AppError } from "@/lib/infra/errors";
import * as contract from "./contract";
import { enableWebhookUrl } from "./disabled";
import { rotateWebhookSecret, webhookSecretDto } from "./secret";

export const getWebhookSecretOperation = implement(contract.getWebhookSecret, {
  handle: ({ caller }) => webhookSecretDto(caller.user.id),
});

export const rotateWebhookSecretOperation = implement(contract.rotateWebhookSecret, {
  handle: async ({ caller }) => webhookSecretDto(caller.user.id, await rotateWebhookSecret(caller.user.id)),
});

export const enableWebhookUrlOperation = implement(contract.enableWebhookUrl, {
  handle: async ({ caller, query }) => {
    if (!(await enableWebhookUrl(caller.user.id, query.url))) {
      throw new AppError("not_found", "This address is not disabled for your account.");
    }
    return { url: query.url, enabled: true as const };
  },
});
