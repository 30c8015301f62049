import "server-only";
import { implement } from "@/lib/infra/api/operation";
import * as contract from "./contract";
import { rotateWebhookSecret, webhookSecretDto } from "./secret";

export const getWebhookSecretOperation = implement(contract.getWebhookSecret, {
  handle: ({ caller }) => webhookSecretDto(caller.user.id),
});

export const rotateWebhookSecretOperation = implement(contract.rotateWebhookSecret, {
  handle: async ({ caller }) => webhookSecretDto(caller.user.id, await rotateWebhookSecret(caller.user.id)),
});
