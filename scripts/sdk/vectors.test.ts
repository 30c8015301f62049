import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Jwks } from "@/lib/infra/signing/scheme";
import { verifyLicenseFile } from "@/lib/licenses/license-file-format";
import { verifyLicenseAnswer } from "@/lib/licenses/signed-answer";
import { verifyWebhook } from "@/lib/webhooks/verify";
import { testVectors } from "./vectors";

// The server's own verifiers (lib/) on the test vectors the SDKs run too (sdk/test-vectors.json): each tampered,
// stale, rotated-out or foreign case refused with its reason by every verifier we ship.
const file = path.resolve(import.meta.dirname, "..", "..", "sdk", "test-vectors.json");
const vectors = JSON.parse(readFileSync(file, "utf8"));
const verdictOf = (result: { ok: boolean; reason?: string }) => (result.ok ? "ok" : result.reason);

interface Case {
  name: string;
  now: string;
  expect: string;
}

describe("the shared test vectors", () => {
  it("are what the generator makes (Ed25519 and HMAC are deterministic), and cover every refusal the issue lists", () => {
    expect(readFileSync(file, "utf8")).toBe(testVectors());
    const expected = (cases: Case[]) => new Set(cases.map((entry) => entry.expect));
    expect([...expected(vectors.signed_answers)].sort()).toEqual(
      [
        "bad_signature",
        "digest_mismatch",
        "error_answer",
        "incomplete",
        "key_expired",
        "nonce_mismatch",
        "ok",
        "stale",
        "unknown_key",
        "unsigned",
        "unsupported_algorithm",
      ].sort(),
    );
    expect(expected(vectors.license_files)).toEqual(
      new Set(["ok", "bad_signature", "expired", "unknown_key", "key_expired", "unsupported_algorithm", "malformed"]),
    );
    expect(expected(vectors.webhooks)).toEqual(new Set(["ok", "bad_signature", "stale", "malformed", "unsigned"]));
  });

  it.each(vectors.signed_answers as (Case & { keys: Jwks; nonce?: string; response: never })[])(
    "lib's license answer verifier: $name → $expect",
    async ({ keys, nonce, response, now, expect: expected }) => {
      expect(verdictOf(await verifyLicenseAnswer(response, keys, { nonce, now: new Date(now) }))).toBe(expected);
    },
  );

  it.each(vectors.license_files as (Case & { keys: Jwks; file: string })[])(
    "lib's license file verifier: $name → $expect",
    async ({ keys, file: text, now, expect: expected }) => {
      expect(verdictOf(await verifyLicenseFile(text, keys, { now: new Date(now) }))).toBe(expected);
    },
  );

  it.each(vectors.webhooks as (Case & { secret: string; body: string; headers: Record<string, string> })[])(
    "lib's webhook verifier: $name → $expect",
    async ({ secret, body, headers, now, expect: expected }) => {
      expect(verdictOf(await verifyWebhook(body, headers, secret, { now: new Date(now) }))).toBe(expected);
    },
  );
});
