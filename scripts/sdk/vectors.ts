// The verifiers' shared test vectors (sdk/test-vectors.json): real signatures by fixed throwaway keys, each case with
// the verdict every verifier we ship must reach: the server's own (lib/), the TypeScript SDK's and the Python SDK's.
// Ed25519 and HMAC are deterministic, so the file is the same on every run: `npm run sdk:check` regenerates it.
import { createHash, createPrivateKey, type KeyObject } from "node:crypto";
import { signResponse } from "@/lib/infra/signing/http-signature";
import { jwks, type SigningKey, signingKeySet } from "@/lib/infra/signing/keys";
import type { Jwks } from "@/lib/infra/signing/scheme";
import { signLicenseFile } from "@/lib/licenses/license-file";
import {
  encodeLicenseFilePayload,
  formatLicenseFile,
  LICENSE_FILE_BEGIN,
  LICENSE_FILE_END,
  type LicenseFilePayload,
} from "@/lib/licenses/license-file-format";
import { answer } from "@/lib/licenses/verdict";
import { deliveryHeaders } from "@/lib/webhooks/standard";

/** An Ed25519 key from a label: its seed is the label's SHA-256 (PKCS#8 is a fixed prefix before the 32-byte seed). */
function throwawayKey(label: string): SigningKey {
  const seed = createHash("sha256").update(`scrapedeck sdk test vectors: ${label}`).digest();
  const der = Buffer.concat([Buffer.from("302e020100300506032b657004220420", "hex"), seed]);
  const privateKey: KeyObject = createPrivateKey({ key: der, format: "der", type: "pkcs8" });
  return signingKeySet(privateKey).current;
}

const SIGNED_AT = new Date("2026-11-28T10:00:00Z");
const at = (seconds: number) => new Date(SIGNED_AT.getTime() + seconds * 1000).toISOString();
const key = throwawayKey("current");
const other = throwawayKey("other");
const keys: Jwks = jwks(signingKeySet(key.privateKey));
const otherKeys: Jwks = jwks(signingKeySet(other.privateKey));
/** The key set after a rotation, listing our key as retired until two minutes after it signed. */
const rotatedKeys: Jwks = jwks(signingKeySet(other.privateKey, [{ jwk: key.jwk, notAfter: new Date(at(120)) }]), SIGNED_AT);
const notEdDsaKeys: Jwks = { keys: keys.keys.map((jwk) => ({ ...jwk, alg: "RS256" as "EdDSA" })) };

interface Response {
  status: number;
  path: string;
  headers: Record<string, string>;
  body: string;
}

function signedAnswer(body: string, status = 200): Response {
  const path = "/api/verify-license";
  return { status, path, headers: { ...signResponse({ status, path, body, date: SIGNED_AT }, key) }, body };
}

const flipAt = (text: string, at: number) => text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1);
const withHeader = (response: Response, name: string, value: string | undefined): Response => {
  const headers = { ...response.headers };
  if (value === undefined) delete headers[name];
  else headers[name] = value;
  return { ...response, headers };
};

function signedAnswerCases() {
  const nonce = "5f0c1e9a-3b7d-4c2a-9e61-0d8f3a2b7c45";
  const valid = signedAnswer(JSON.stringify(answer("valid", ["https://cdn.example.com/ebook.pdf"], nonce)));
  const refused = signedAnswer(JSON.stringify(answer("not_found", [], nonce)));
  const input = valid.headers["Signature-Input"] as string;
  const base = { keys, now: at(60), nonce };
  return [
    { name: "a valid answer", ...base, response: valid, expect: "ok" },
    { name: "a refusal, signed like every answer", ...base, response: refused, expect: "ok" },
    {
      name: "an error answer (400): signed, but no verdict",
      ...base,
      nonce: undefined,
      response: signedAnswer(
        '{"message":"license_key is required.","code":"validation_error","issues":[{"path":"license_key","message":"license_key is required."}],"request_id":"5b0e6c1a-3f0e-4a57-9c2b-0d4e77a1b2c3"}',
        400,
      ),
      expect: "error_answer",
    },
    {
      name: "a byte of the body changed (false to true)",
      ...base,
      response: { ...refused, body: refused.body.replace('"valid":false', '"valid":true ') },
      expect: "digest_mismatch",
    },
    {
      name: "a byte of the signature changed",
      ...base,
      response: withHeader(valid, "Signature", flipAt(valid.headers.Signature as string, 10)),
      expect: "bad_signature",
    },
    {
      name: "the Date changed by a second",
      ...base,
      response: withHeader(valid, "Date", new Date(at(1)).toUTCString()),
      expect: "bad_signature",
    },
    { name: "the status changed", ...base, response: { ...valid, status: 201 }, expect: "bad_signature" },
    { name: "an answer for another path", ...base, response: { ...valid, path: "/api/licenses" }, expect: "bad_signature" },
    { name: "a Date older than 5 minutes", ...base, now: at(301), response: valid, expect: "stale" },
    { name: "a Date 5 minutes ahead", ...base, now: at(-301), response: valid, expect: "stale" },
    {
      name: "a kid naming another key of the set",
      ...base,
      keys: { keys: [...keys.keys, ...otherKeys.keys] },
      response: withHeader(valid, "Signature-Input", input.replace(key.jwk.kid, other.jwk.kid)),
      expect: "bad_signature",
    },
    { name: "a kid the key set does not list", ...base, keys: otherKeys, response: valid, expect: "unknown_key" },
    { name: "a rotated-out key before its expiry", ...base, keys: rotatedKeys, response: valid, expect: "ok" },
    {
      name: "a rotated-out key after its expiry",
      ...base,
      keys: rotatedKeys,
      now: at(180),
      response: valid,
      expect: "key_expired",
    },
    {
      name: "an alg other than ed25519",
      ...base,
      response: withHeader(valid, "Signature-Input", input.replace('alg="ed25519"', 'alg="hmac-sha256"')),
      expect: "unsupported_algorithm",
    },
    { name: "a key whose alg is not EdDSA", ...base, keys: notEdDsaKeys, response: valid, expect: "unsupported_algorithm" },
    {
      name: "a signature that leaves the Date out",
      ...base,
      response: withHeader(valid, "Signature-Input", input.replace(' "date"', "")),
      expect: "incomplete",
    },
    { name: "no Signature header", ...base, response: withHeader(valid, "Signature", undefined), expect: "unsigned" },
    {
      name: "a replay: the answer to another check's nonce",
      ...base,
      nonce: "another-check",
      response: valid,
      expect: "nonce_mismatch",
    },
  ];
}

function licenseFileCases() {
  const payload: LicenseFilePayload = {
    license: {
      key: "SDECK-3F2A-9C1B-0D4E-77A1-B2C3-D4E5-F601-2A3B",
      name: "Course bundle 2027",
      status: "active",
      max_verifications: 1000,
      expires_at: "2027-12-31T23:59:59.000Z",
      content: [
        {
          content_type: "ebook",
          content_id: "ebook-42",
          download_url: "https://cdn.example.com/ebook.pdf",
          access_url: null,
          api_endpoint: null,
        },
      ],
    },
    issued_at: SIGNED_AT.toISOString(),
    expires_at: at(30 * 86_400),
  };
  const file = signLicenseFile(payload, key);
  const envelope = JSON.parse(
    Buffer.from(file.replace(LICENSE_FILE_BEGIN, "").replace(LICENSE_FILE_END, "").replace(/\s+/g, ""), "base64").toString(),
  );
  const rewrapped = (change: Record<string, string>) => formatLicenseFile({ ...envelope, ...change });
  const base = { keys, now: at(86_400) };
  return [
    { name: "a valid license file", ...base, file, expect: "ok" },
    {
      name: "the expiry changed (payload re-encoded, signature kept)",
      ...base,
      file: rewrapped({ enc: encodeLicenseFilePayload({ ...payload, expires_at: at(365 * 86_400) }) }),
      expect: "bad_signature",
    },
    {
      name: "a byte of the signature changed",
      ...base,
      file: rewrapped({ sig: flipAt(envelope.sig, 5) }),
      expect: "bad_signature",
    },
    { name: "past its expires_at", ...base, now: at(30 * 86_400 + 1), file, expect: "expired" },
    { name: "a kid the key set does not list", ...base, keys: otherKeys, file, expect: "unknown_key" },
    { name: "a rotated-out key after its expiry", ...base, keys: rotatedKeys, file, expect: "key_expired" },
    {
      name: "an alg other than base64+ed25519",
      ...base,
      file: rewrapped({ alg: "base64+rsa" }),
      expect: "unsupported_algorithm",
    },
    { name: "a key whose alg is not EdDSA", ...base, keys: notEdDsaKeys, file, expect: "unsupported_algorithm" },
    {
      name: "not a license file",
      ...base,
      file: "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n",
      expect: "malformed",
    },
  ];
}

function webhookCases() {
  const secretOf = (label: string) =>
    `whsec_${createHash("sha256").update(`scrapedeck sdk test vectors: ${label}`).digest("hex")}`;
  const secret = secretOf("webhook secret");
  const previous = secretOf("previous webhook secret");
  const timestamp = SIGNED_AT.getTime() / 1000;
  const id = "evt_5c1e0a9b2d7f4e8a6b3c1d0e";
  const body = JSON.stringify({
    id,
    type: "run.succeeded",
    created_at: SIGNED_AT.toISOString(),
    data: { id: 1042, status: "success" },
  });
  const headers = deliveryHeaders([secret], id, body, timestamp);
  const base = { secret, now: at(60), body, headers };
  const signature = headers["webhook-signature"] as string;
  return [
    { name: "a valid delivery", ...base, expect: "ok" },
    {
      name: "during a rotation, checked with the previous secret",
      ...base,
      secret: previous,
      headers: deliveryHeaders([secret, previous], id, body, timestamp),
      expect: "ok",
    },
    { name: "a byte of the body changed", ...base, body: body.replace("succeeded", "succeedeD"), expect: "bad_signature" },
    {
      name: "a byte of the signature changed",
      ...base,
      headers: { ...headers, "webhook-signature": flipAt(signature, 5) },
      expect: "bad_signature",
    },
    {
      name: "the timestamp changed",
      ...base,
      headers: { ...headers, "webhook-timestamp": String(timestamp + 1) },
      expect: "bad_signature",
    },
    { name: "a timestamp older than 5 minutes", ...base, now: at(301), expect: "stale" },
    { name: "another secret", ...base, secret: secretOf("another secret"), expect: "bad_signature" },
    {
      name: "a signature of another scheme than v1",
      ...base,
      headers: { ...headers, "webhook-signature": signature.replace("v1,", "v1a,") },
      expect: "malformed",
    },
    { name: "no webhook-id", ...base, headers: { ...headers, "webhook-id": undefined }, expect: "unsigned" },
  ].map(({ headers: caseHeaders, ...rest }) => ({
    ...rest,
    headers: Object.fromEntries(Object.entries(caseHeaders).filter(([, value]) => value !== undefined)) as Record<string, string>,
  }));
}

/** The vectors file's text. */
export function testVectors(): string {
  const vectors = {
    comment:
      "Generated by npm run sdk:generate (scripts/sdk/vectors.ts): real signatures by throwaway keys. Every verifier ScrapeDeck ships must reach each case's `expect` (ok, or the refusal's reason) at the case's `now`.",
    signed_answers: signedAnswerCases(),
    license_files: licenseFileCases(),
    webhooks: webhookCases(),
  };
  return `${JSON.stringify(vectors, null, 2)}\n`;
}
