import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type Jwks, verifyLicenseAnswer, verifyLicenseFile, verifyWebhook } from "../src/index";

// The verifiers' shared test vectors (sdk/test-vectors.json): real signatures, tampered ones, old ones, other keys.
// The server's own verifiers and the Python SDK run the same cases.
const vectors = JSON.parse(readFileSync(path.join(import.meta.dirname, "..", "..", "test-vectors.json"), "utf8"));

interface Case {
  name: string;
  now: string;
  expect: string;
}
const verdictOf = (result: { ok: boolean; reason?: string }) => (result.ok ? "ok" : result.reason);

describe("the SDK's verifiers on the shared test vectors", () => {
  it.each(vectors.signed_answers as (Case & { keys: Jwks; nonce?: string; response: never })[])(
    "license answer: $name → $expect",
    async ({ keys, nonce, response, now, expect: expected }) => {
      expect(verdictOf(await verifyLicenseAnswer(response, keys, { nonce, now: new Date(now) }))).toBe(expected);
    },
  );

  it.each(vectors.license_files as (Case & { keys: Jwks; file: string })[])(
    "license file: $name → $expect",
    async ({ keys, file, now, expect: expected }) => {
      expect(verdictOf(await verifyLicenseFile(file, keys, { now: new Date(now) }))).toBe(expected);
    },
  );

  it.each(vectors.webhooks as (Case & { secret: string; body: string; headers: Record<string, string> })[])(
    "webhook: $name → $expect",
    async ({ secret, body, headers, now, expect: expected }) => {
      expect(verdictOf(await verifyWebhook(body, headers, secret, { now: new Date(now) }))).toBe(expected);
    },
  );
});
