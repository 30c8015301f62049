import "server-only";
import { implement } from "@/lib/infra/api/operation";
import * as contract from "./contract";
import { rotateWebhookSecret, webhookSecret, webhookSecretDto } from "./secret";

export const getWebhookSecretOperation = implement(contract.getWebhookSecret, {
  handle: async ({ caller }) => webhookSecretDto(await webhookSecret(caller.user.id)),
});

export const rotateWebhookSecretOperation = implement(contract.rotateWebhookSecret, {
  handle: async ({ caller }) => webhookSecretDto(await rotateWebhookSecret(caller.user.id)),
});
