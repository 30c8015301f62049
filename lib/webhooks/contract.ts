import { ANY_CALLER } from "@/lib/auth/access";
import { CALLER, CALLER_WRITE, SERVER_ERROR } from "@/lib/infra/api/errors";
import { operation } from "@/lib/infra/api/operation";
import { enabledWebhookUrlSchema, enableWebhookUrlQuerySchema, webhookSecretSchema } from "./schema";

// The webhook signing secret (docs/architecture.md#operations). Implemented in operations.ts.

const exampleWebhookSecret = {
  secret: "whsec_3f2a9c1b0d4e77a1b2c3d4e5f6012a3b3f2a9c1b0d4e77a1b2c3d4e5f6012a3b",
  disabled_urls: [
    { url: "https://old.example.com/hooks", disabled_at: "2026-11-20T08:00:00.000Z", event_id: "evt_5c1e0a9b2d7f4e8a6b3c1d0e" },
  ],
};

export const getWebhookSecret = operation({
  method: "GET",
  path: "/api/webhooks/secret",
  operationId: "getWebhookSecret",
  tag: "runs",
  summary: "The secret your webhooks are signed with (created on first read); check each delivery's signature with it.",
  access: ANY_CALLER,
  success: { status: 200, description: "The signing secret.", schema: webhookSecretSchema, example: exampleWebhookSecret },
  errors: CALLER,
});

export const rotateWebhookSecret = operation({
  method: "POST",
  path: "/api/webhooks/secret/rotate",
  operationId: "rotateWebhookSecret",
  tag: "runs",
  summary: "Replaces the webhook signing secret; deliveries from now on are signed with the new one.",
  access: ANY_CALLER,
  success: { status: 200, description: "The new signing secret.", schema: webhookSecretSchema, example: exampleWebhookSecret },
  errors: CALLER_WRITE,
});

export const enableWebhookUrl = operation({
  method: "DELETE",
  path: "/api/webhooks/disabled-urls",
  operationId: "enableWebhookUrl",
  tag: "runs",
  summary:
    "Takes an address off the disabled list (its receiver had answered 410 Gone): later deliveries to it are attempted again; those skipped meanwhile stay skipped.",
  access: ANY_CALLER,
  query: enableWebhookUrlQuerySchema,
  success: {
    status: 200,
    description: "The address is enabled again.",
    schema: enabledWebhookUrlSchema,
    example: { url: exampleWebhookSecret.disabled_urls[0]?.url, enabled: true },
  },
  errors: {
    ...CALLER_WRITE,
    validation_error: "url is missing or too long.",
    not_found: "This address is not disabled for your account.",
    ...SERVER_ERROR,
  },
});

export const WEBHOOKS_CONTRACT = [getWebhookSecret, rotateWebhookSecret, enableWebhookUrl] as const;
