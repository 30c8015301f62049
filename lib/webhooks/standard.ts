import { createHmac } from "node:crypto";
import { SIGNATURE_HEADER, signPayload } from "./signature";

// Standard Webhooks (docs/api.md#standard-webhooks): every delivery carries webhook-id, webhook-timestamp and
// webhook-signature, so receivers can check it with the official verifiers, beside the ScrapeDeck-Signature that
// existing receivers check.

export const WEBHOOK_ID_HEADER = "webhook-id";
export const WEBHOOK_TIMESTAMP_HEADER = "webhook-timestamp";
export const WEBHOOK_SIGNATURE_HEADER = "webhook-signature";

const SECRET_PREFIX = "whsec_";

/**
 * The HMAC key of a `whsec_` secret as the Standard Webhooks libraries read it: the base64 decoding of what follows the
 * prefix. Our secrets are whsec_ and 64 hex characters, which are base64 characters too: the same string is a valid
 * secret for both schemes (a 48-byte key here, the whole string as the key of ScrapeDeck-Signature).
 */
export function standardWebhookKey(secret: string): Buffer {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error("A webhook secret starts with whsec_");
  return Buffer.from(secret.slice(SECRET_PREFIX.length), "base64");
}

/** `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`. */
export function standardWebhookSignature(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac("sha256", standardWebhookKey(secret)).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/**
 * The signature headers of one delivery attempt. `secrets` is the current secret, then the previous one while a
 * rotation's overlap lasts: webhook-signature carries one signature per secret (space-separated, as the standard
 * allows), ScrapeDeck-Signature only the current one's (its readers take a single v1).
 */
export function deliveryHeaders(
  secrets: readonly [current: string, ...previous: string[]],
  eventId: string,
  body: string,
  timestamp: number,
): Record<string, string> {
  return {
    [SIGNATURE_HEADER]: signPayload(secrets[0], body, timestamp),
    [WEBHOOK_ID_HEADER]: eventId,
    [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
    [WEBHOOK_SIGNATURE_HEADER]: secrets.map((secret) => standardWebhookSignature(secret, eventId, timestamp, body)).join(" "),
  };
}
