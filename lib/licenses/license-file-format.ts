import { arrayBufferToBase64, base64ToArrayBuffer } from "structured-headers";
import type { Jwks } from "@/lib/infra/signing/scheme";
import { type SignatureFailure, type Verified, verificationKey, verifyEd25519 } from "@/lib/infra/signing/verify";

// Offline license files (docs/api.md#license-files): what a partner keeps to check a license while ScrapeDeck cannot
// be reached, verified with the public key alone. Written by lib/licenses/license-file.ts; read and verified here
// with WebCrypto only, so the SDKs ship this file's verifier as it is.
//
//   -----BEGIN SCRAPEDECK LICENSE FILE-----
//   base64 of {"enc": base64 of the payload JSON, "sig": base64 Ed25519 signature of "license/" + enc,
//              "alg": "base64+ed25519", "kid": the signing key's id}, in lines of 64
//   -----END SCRAPEDECK LICENSE FILE-----

export const LICENSE_FILE_BEGIN = "-----BEGIN SCRAPEDECK LICENSE FILE-----";
export const LICENSE_FILE_END = "-----END SCRAPEDECK LICENSE FILE-----";
/** The payload is base64 (not encrypted), the signature Ed25519: Keygen's name for the same scheme. */
export const LICENSE_FILE_ALG = "base64+ed25519";
const LINE_LENGTH = 64;

/** A license as the file states it at its issue. Only `status: "active"` is usable. */
export interface LicenseFileLicense {
  key: string;
  name: string;
  /** "usage_exceeded": the license had used up its verifications when the file was issued. */
  status: "active" | "usage_exceeded";
  max_verifications: number | null;
  /** The license's own expiry (ISO 8601), null for none. */
  expires_at: string | null;
  content: {
    content_type: string;
    content_id: string;
    download_url: string | null;
    access_url: string | null;
    api_endpoint: string | null;
  }[];
}

export interface LicenseFilePayload {
  license: LicenseFileLicense;
  issued_at: string;
  /** When the file stops being valid: its ttl after issued_at, never after the license's own expiry. */
  expires_at: string;
}

interface Envelope {
  enc: string;
  sig: string;
  alg: string;
  kid: string;
}

/** The bytes the signature covers: the encoded payload behind a prefix of its own, so no other signed message can pass for it. */
export const licenseFileSigningInput = (enc: string) => `license/${enc}`;

const encodeText = (text: string) => arrayBufferToBase64(new TextEncoder().encode(text));
const decodeText = (base64: string) => new TextDecoder("utf-8", { fatal: true }).decode(base64ToArrayBuffer(base64));

/** The payload as the signer encodes it, ready for `licenseFileSigningInput`. */
export const encodeLicenseFilePayload = (payload: LicenseFilePayload) => encodeText(JSON.stringify(payload));

/** The file's text from the encoded payload and its signature (base64). */
export function formatLicenseFile(envelope: Envelope): string {
  const body = encodeText(JSON.stringify({ enc: envelope.enc, sig: envelope.sig, alg: envelope.alg, kid: envelope.kid }));
  const lines = body.match(new RegExp(`.{1,${LINE_LENGTH}}`, "g")) ?? [];
  return `${LICENSE_FILE_BEGIN}\n${lines.join("\n")}\n${LICENSE_FILE_END}\n`;
}

export type LicenseFileFailure = SignatureFailure | "expired";

/**
 * Checks a license file against the key set (the JWKS document) and the clock: ok with its payload, or why not
 * (a changed byte anywhere, another or an expired key, a file past its expires_at). The payload's `license.status`
 * is the caller's to read: only "active" is usable.
 */
export async function verifyLicenseFile(
  text: string,
  jwks: Jwks,
  { now = new Date() }: { now?: Date } = {},
): Promise<Verified<{ kid: string; payload: LicenseFilePayload }, LicenseFileFailure>> {
  const malformed = (message: string) => ({ ok: false, reason: "malformed", message }) as const;
  const begin = text.indexOf(LICENSE_FILE_BEGIN);
  const end = text.indexOf(LICENSE_FILE_END);
  if (begin < 0 || end < begin) return malformed("Not a ScrapeDeck license file: its BEGIN and END lines are missing.");
  let envelope: Partial<Envelope>;
  try {
    envelope = JSON.parse(decodeText(text.slice(begin + LICENSE_FILE_BEGIN.length, end).replace(/\s+/g, "")));
  } catch {
    return malformed("The license file's contents are not base64 JSON.");
  }
  if (typeof envelope.enc !== "string" || typeof envelope.sig !== "string")
    return malformed("The license file lacks enc or sig.");
  if (envelope.alg !== LICENSE_FILE_ALG) {
    return { ok: false, reason: "unsupported_algorithm", message: `The license file's alg is ${JSON.stringify(envelope.alg)}.` };
  }
  const found = await verificationKey(jwks, envelope.kid, now);
  if (!found.ok) return found;
  let signature: ArrayBuffer;
  try {
    signature = base64ToArrayBuffer(envelope.sig);
  } catch {
    return malformed("The license file's signature is not base64.");
  }
  if (!(await verifyEd25519(found.key, signature, licenseFileSigningInput(envelope.enc)))) {
    return { ok: false, reason: "bad_signature", message: "The license file's signature does not match its contents." };
  }
  // Signed by us from here on: the payload is as we wrote it.
  const payload = JSON.parse(decodeText(envelope.enc)) as LicenseFilePayload;
  const expiresAt = Date.parse(payload.expires_at);
  if (!(now.getTime() < expiresAt)) {
    return { ok: false, reason: "expired", message: `The license file expired at ${payload.expires_at}.` };
  }
  return { ok: true, kid: envelope.kid as string, payload };
}
