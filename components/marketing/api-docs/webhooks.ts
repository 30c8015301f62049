// The /api-docs text on async runs, batches and webhooks: the snippets shown there, kept here so a unit test can
// run the verification snippet against a real signature (webhooks.test.ts).
import { API_KEY_PLACEHOLDER } from "@/components/marketing/api-samples";
import { MAX_WEBHOOK_ATTEMPTS, retryDelayMs } from "@/lib/webhooks/attempts";

/** "7 more times, 1, 2, 4, 8, 16, 32 and 64 minutes apart", from the schedule itself. */
export function retryScheduleText(): string {
  const minutes = Array.from({ length: MAX_WEBHOOK_ATTEMPTS - 1 }, (_, i) => retryDelayMs(i + 1) / 60_000);
  return `${MAX_WEBHOOK_ATTEMPTS - 1} more times, ${minutes.slice(0, -1).join(", ")} and ${minutes.at(-1)} minutes apart`;
}

export const ASYNC_RUN_SAMPLE = [
  `curl -X POST https://YOUR_HOST/api/scrapers/1/run \\`,
  `  -H "Authorization: Bearer ${API_KEY_PLACEHOLDER}" \\`,
  `  -H "Content-Type: application/json" \\`,
  `  -H "Idempotency-Key: order-4711" \\`,
  `  -d '{"url": "https://shop.example.com/p/1", "async": true, "webhook_url": "https://you.example.com/hooks"}'`,
  ``,
  `# 202 {"id": 42, "status": "queued", ..., "status_url": "https://YOUR_HOST/api/runs/42"}`,
  `curl https://YOUR_HOST/api/runs/42 -H "Authorization: Bearer ${API_KEY_PLACEHOLDER}"`,
].join("\n");

/** Node.js; a receiver passes the raw request body, as received, and the ScrapeDeck-Signature header. */
export const VERIFY_SIGNATURE_SAMPLE = `import { createHmac, timingSafeEqual } from "node:crypto";

function verifyScrapeDeckSignature(secret, rawBody, header) {
  const { t, v1 } = Object.fromEntries(header.split(",").map((part) => part.split("=")));
  if (!t || !v1 || Math.abs(Date.now() / 1000 - Number(t)) > 300) return false; // missing or replayed
  const expected = createHmac("sha256", secret).update(\`\${t}.\${rawBody}\`).digest();
  const given = Buffer.from(v1, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}`;

/**
 * Node.js with the official Standard Webhooks library (npm and PyPI: standardwebhooks), which checks our
 * webhook-signature as it is: pass the secret whole, whsec_ prefix included.
 */
export const VERIFY_STANDARD_WEBHOOK_SAMPLE = `import { Webhook } from "standardwebhooks";

function verifyStandardWebhook(secret, rawBody, headers) {
  // Throws when the signature, the id or the timestamp (more than 5 minutes off) does not match.
  return new Webhook(secret).verify(rawBody, {
    "webhook-id": headers["webhook-id"],
    "webhook-timestamp": headers["webhook-timestamp"],
    "webhook-signature": headers["webhook-signature"],
  });
}`;
