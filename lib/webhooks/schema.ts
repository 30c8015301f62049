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

/** The body of every webhook we send; `data` is the run's or the batch's GET answer. */
export const webhookEventSchema = z.object({
  id: z.string(),
  type: z.enum(["run.succeeded", "run.failed", "batch.completed"]),
  created_at: z.string(),
  data: z.unknown(),
});
