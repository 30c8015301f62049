import { z } from "zod";
import { ATTEMPT_TIMEOUT_MS, MAX_WEBHOOK_ATTEMPTS } from "./attempts";
import { SIGNATURE_HEADER } from "./signature";
import { WEBHOOK_ID_HEADER, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from "./standard";

// The webhook events a feature sends, declared in its contract.ts beside its operations (docs/api.md#runs-batches-and-
// webhooks) and assembled by lib/api/registry.ts into the OpenAPI document's `webhooks`: a feature that sends a new
// event type declares it there and the document, /api-docs and the SDKs follow.

/** One event type: what its `data` holds and when it is sent. */
export interface WebhookEventSpec {
  /** The event's `type`, e.g. run.succeeded. */
  type: string;
  /** When it is sent. */
  summary: string;
  description?: string;
  /** The schema of `data`. */
  data: z.ZodType;
  example: unknown;
}

export function webhookEvent<const S extends WebhookEventSpec>(spec: S): S {
  return spec;
}

/** The body of a delivery of this event: the envelope every event shares around its data. */
export function webhookEventSchema(spec: WebhookEventSpec) {
  return z.strictObject({
    id: z.string().meta({
      description: "evt_ and 24 hex characters: the same on every attempt of one event (and its webhook-id): deduplicate on it.",
    }),
    type: z.literal(spec.type),
    created_at: z.iso.datetime(),
    data: spec.data,
  });
}

/** The signature headers every delivery attempt carries (docs/api.md#standard-webhooks), as the contract states them. */
export const webhookHeadersSchema = z.object({
  [SIGNATURE_HEADER]: z
    .string()
    .regex(/^t=\d+,v1=[0-9a-f]{64}$/)
    .meta({
      description:
        't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">, keyed with the whole secret of GET /api/webhooks/secret (the current one only).',
    }),
  [WEBHOOK_ID_HEADER]: z.string().meta({ description: "Standard Webhooks: the event's id, the same on every attempt." }),
  [WEBHOOK_TIMESTAMP_HEADER]: z
    .string()
    .regex(/^\d+$/)
    .meta({ description: "Standard Webhooks: the attempt's time, Unix seconds." }),
  [WEBHOOK_SIGNATURE_HEADER]: z.string().meta({
    description:
      'Standard Webhooks: v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>"> keyed with the base64 decoding of what follows whsec_; space-separated, one per secret, for 24 h after a rotation.',
  }),
});

/** How every event is delivered, for the contract's prose. */
export const WEBHOOK_DELIVERY_TEXT = `POSTed as JSON to the submission's webhook_url. Verify it before trusting it: ${WEBHOOK_SIGNATURE_HEADER} with any Standard Webhooks library (new Webhook(secret).verify(body, headers)), or ${SIGNATURE_HEADER}; refuse a timestamp more than 5 minutes off. A non-2xx answer, a redirect or none within ${ATTEMPT_TIMEOUT_MS / 1000} s is retried, ${MAX_WEBHOOK_ATTEMPTS} attempts in all; 410 Gone disables the address for your account.`;
