import "server-only";
import { hash } from "node:crypto";
import { type SigningKey, signBytes, signingKeys } from "./keys";
import { COVERED_COMPONENTS, SIGNATURE_ALG, SIGNATURE_LABEL, signatureBase } from "./scheme";

export interface ResponseToSign {
  status: number;
  /** The path of the request being answered, as it came on the wire (percent-encoded, no query). */
  path: string;
  /** The exact bytes sent as the body. */
  body: Uint8Array | string;
  /** Sent as the `Date` header (second precision) and the signature's `created`. */
  date: Date;
}

/** The headers to add to the answer: the body and these, unchanged, are what a verifier checks. A type, not an interface, so it passes as a plain header record. */
export type SignatureHeaders = {
  Date: string;
  "Content-Digest": string;
  "Signature-Input": string;
  Signature: string;
};

/** Anything but visible ASCII would not be a path as sent, and a line break would forge lines of the signature base. */
const WIRE_PATH = /^\/[\x21-\x7e]*$/;

/**
 * Signs an answer (docs/api.md#signed-answers): `Content-Digest` (RFC 9530, sha-256) of the body, then an RFC 9421
 * signature over "@status", "@path";req, "content-digest" and "date" by the current key, with `created`, `keyid` and
 * `alg="ed25519"`. The signature base is a fixed template: nothing to parse, one hash and one Ed25519 signature.
 */
export function signResponse(
  { status, path, body, date }: ResponseToSign,
  key: SigningKey = signingKeys().current,
): SignatureHeaders {
  if (!WIRE_PATH.test(path)) throw new Error(`Cannot sign an answer for the path ${JSON.stringify(path)}`);
  const dateHeader = date.toUTCString();
  // One-shot hash (node ≥ 20.12): no Hash object per answer.
  const digest = `sha-256=:${hash("sha256", body, "base64")}:`;
  const params = `(${COVERED_COMPONENTS.join(" ")});created=${Math.floor(date.getTime() / 1000)};keyid="${key.jwk.kid}";alg="${SIGNATURE_ALG}"`;
  const [status_, path_, digest_, date_] = COVERED_COMPONENTS;
  const base = signatureBase(
    [
      [status_, String(status)],
      [path_, path],
      [digest_, digest],
      [date_, dateHeader],
    ],
    params,
  );
  return {
    Date: dateHeader,
    "Content-Digest": digest,
    "Signature-Input": `${SIGNATURE_LABEL}=${params}`,
    Signature: `${SIGNATURE_LABEL}=:${signBytes(base, key).toString("base64")}:`,
  };
}

/** A JSON answer serialized once and signed over exactly those bytes: send `body` as it is, beside `headers`. */
export function signJsonAnswer(
  value: unknown,
  answer: Omit<ResponseToSign, "body">,
  key: SigningKey = signingKeys().current,
): { body: Buffer; headers: SignatureHeaders } {
  const body = Buffer.from(JSON.stringify(value));
  return { body, headers: signResponse({ ...answer, body }, key) };
}
