import "server-only";
import { hash } from "node:crypto";
import { type SigningKey, signBytes, signBytesOffThread, signingKeys } from "./keys";
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
 * The Date header and the signature parameters of one second and key: answers signed within the same second share
 * them (formatting a date per answer showed in the profile of bench:hot's verify row, as sqlTimestamp's did).
 */
function secondTexts(date: Date, kid: string): { dateHeader: string; params: string } {
  const second = Math.floor(date.getTime() / 1000);
  if (second !== lastSecond.second || kid !== lastSecond.kid) {
    lastSecond = {
      second,
      kid,
      dateHeader: date.toUTCString(),
      params: `(${COVERED_COMPONENTS.join(" ")});created=${second};keyid="${kid}";alg="${SIGNATURE_ALG}"`,
    };
  }
  return lastSecond;
}
let lastSecond = { second: Number.NaN, kid: "", dateHeader: "", params: "" };

/** Everything of an answer's signature but the signature itself: the headers, and the base the signature is over. */
function signatureInput(
  { status, path, body, date }: ResponseToSign,
  key: SigningKey,
): { headers: Omit<SignatureHeaders, "Signature">; base: string } {
  if (!WIRE_PATH.test(path)) throw new Error(`Cannot sign an answer for the path ${JSON.stringify(path)}`);
  const { dateHeader, params } = secondTexts(date, key.jwk.kid);
  // One-shot hash (node ≥ 20.12): no Hash object per answer.
  const digest = `sha-256=:${hash("sha256", body, "base64")}:`;
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
  return { headers: { Date: dateHeader, "Content-Digest": digest, "Signature-Input": `${SIGNATURE_LABEL}=${params}` }, base };
}

const signatureHeader = (signature: Buffer) => `${SIGNATURE_LABEL}=:${signature.toString("base64")}:`;

/**
 * Signs an answer (docs/api.md#signed-answers): `Content-Digest` (RFC 9530, sha-256) of the body, then an RFC 9421
 * signature over "@status", "@path";req, "content-digest" and "date" by the current key, with `created`, `keyid` and
 * `alg="ed25519"`. The signature base is a fixed template: nothing to parse, one hash and one Ed25519 signature.
 */
export function signResponse(answer: ResponseToSign, key: SigningKey = signingKeys().current): SignatureHeaders {
  const { headers, base } = signatureInput(answer, key);
  return { ...headers, Signature: signatureHeader(signBytes(base, key)) };
}

/** The same headers, the Ed25519 signature computed off the event loop (signBytesOffThread): what servers use. */
export async function signResponseOffThread(
  answer: ResponseToSign,
  key: SigningKey = signingKeys().current,
): Promise<SignatureHeaders> {
  const { headers, base } = signatureInput(answer, key);
  return { ...headers, Signature: signatureHeader(await signBytesOffThread(base, key)) };
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
