import type { Verified } from "@/lib/infra/signing/verify";

// The verifier of our webhooks' Standard Webhooks signature (docs/api.md#standard-webhooks), the one the SDKs ship:
// WebCrypto only, so it runs in Node, browsers, Deno and edge workers alike, with a reason for every refusal. The
// official `standardwebhooks` libraries accept the same deliveries; this one says why it refuses.

export type WebhookFailure =
  /** webhook-id, webhook-timestamp or webhook-signature is missing. */
  | "unsigned"
  /** The secret is not whsec_ and base64, or a header does not parse, or no signature is a v1 one. */
  | "malformed"
  /** webhook-timestamp further than the tolerance from now, either way: a replay, or a wrong clock. */
  | "stale"
  /** No v1 signature matches: another secret, or a changed id, timestamp or body. */
  | "bad_signature";

export interface WebhookVerifyOptions {
  now?: Date;
  /** How far webhook-timestamp may be from `now`, either way (default 300 s). */
  toleranceSeconds?: number;
}

const DEFAULT_TOLERANCE_SECONDS = 300;
const SECRET_PREFIX = "whsec_";

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function headerOf(headers: HeaderBag, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value.join(" ") : value;
  }
  return undefined;
}

function base64Bytes(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

const fail = (reason: WebhookFailure, message: string) => ({ ok: false, reason, message }) as const;

/**
 * Checks a delivery as received (the raw body, before parsing it, and its headers) against the webhook secret of
 * GET /api/webhooks/secret (`whsec_…`, as it is): ok with the parsed event, or why not. During a rotation's 24 h the
 * delivery carries a signature per secret; either secret passes.
 */
export async function verifyWebhook<Event = { id: string; type: string; created_at: string; data: unknown }>(
  body: string | Uint8Array,
  headers: HeaderBag,
  secret: string,
  { now = new Date(), toleranceSeconds = DEFAULT_TOLERANCE_SECONDS }: WebhookVerifyOptions = {},
): Promise<Verified<{ id: string; event: Event }, WebhookFailure>> {
  const key = secret.startsWith(SECRET_PREFIX) ? base64Bytes(secret.slice(SECRET_PREFIX.length)) : null;
  if (!key || key.length === 0) return fail("malformed", "The secret is not whsec_ followed by base64.");
  const [id, timestamp, signatures] = ["webhook-id", "webhook-timestamp", "webhook-signature"].map((name) =>
    headerOf(headers, name),
  );
  if (!id || !timestamp || !signatures)
    return fail("unsigned", "The delivery lacks webhook-id, webhook-timestamp or webhook-signature.");
  if (!/^\d+$/.test(timestamp)) return fail("malformed", "webhook-timestamp is not Unix seconds.");
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > toleranceSeconds) {
    return fail(
      "stale",
      `webhook-timestamp is more than ${toleranceSeconds} s from now: an old delivery, or a clock that is off.`,
    );
  }
  const candidates = signatures
    .split(" ")
    .map((entry) => entry.split(","))
    .filter(([version, value]) => version === "v1" && value !== undefined)
    .map(([, value]) => base64Bytes(value as string))
    .filter((bytes): bytes is Uint8Array<ArrayBuffer> => bytes !== null);
  if (candidates.length === 0) return fail("malformed", "webhook-signature has no v1 signature.");

  const bodyText = typeof body === "string" ? body : new TextDecoder().decode(body);
  const hmac = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
  const signed = new TextEncoder().encode(`${id}.${timestamp}.${bodyText}`);
  for (const candidate of candidates) {
    // WebCrypto's verify compares in constant time.
    if (await crypto.subtle.verify("HMAC", hmac, candidate, signed)) {
      return { ok: true, id, event: JSON.parse(bodyText) as Event };
    }
  }
  return fail("bad_signature", "No signature of the delivery matches this secret.");
}
