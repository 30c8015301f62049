import { z } from "zod";

/** GET /api/webhooks/secret and POST /api/webhooks/secret/rotate. */
export const webhookSecretSchema = z.object({
  secret: z.string().meta({
    description:
      "whsec_ and 64 hex characters: the HMAC key of ScrapeDeck-Signature as it is, and a valid Standard Webhooks secret (its verifiers base64-decode what follows whsec_).",
  }),
  disabled_urls: z
    .array(
      z.object({
        url: z.string(),
        disabled_at: z.iso.datetime(),
        event_id: z.string().meta({ description: "The event whose delivery was answered 410 Gone." }),
      }),
    )
    .meta({ description: "Webhook addresses whose receiver answered 410 Gone: later deliveries to them are not attempted." }),
});
export type WebhookSecretDto = z.output<typeof webhookSecretSchema>;

/** DELETE /api/webhooks/disabled-urls?url=: the address, exactly as GET /api/webhooks/secret lists it. */
export const enableWebhookUrlQuerySchema = z.object({
  url: z
    .string({ error: "url is required." })
    .min(1, "url is required.")
    .max(2048, "url must be at most 2048 characters.")
    .meta({ description: "A disabled address, as disabled_urls lists it." }),
});

export const enabledWebhookUrlSchema = z.strictObject({
  url: z.string(),
  enabled: z.literal(true),
});
