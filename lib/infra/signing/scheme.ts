// The signed-answer scheme (docs/api.md#signed-answers): an HTTP Message Signature (RFC 9421) by an Ed25519 key over
// the answer's status, the request's path, the answer's Content-Digest (RFC 9530, sha-256) and its Date. Shared by
// the signer (node:crypto, server only) and the verifier (WebCrypto, anywhere), so both build the same signature base.
// No Node or server imports: the verifier ships in the SDKs.

/** The signature's label in `Signature-Input` and `Signature`. */
export const SIGNATURE_LABEL = "sig1";
/** RFC 9421's name of the algorithm (its `alg` parameter). */
export const SIGNATURE_ALG = "ed25519";
/** RFC 8037's name of the same algorithm in a JWK. */
export const JWK_ALG = "EdDSA";
/** What every signature covers, in this order: the verifier refuses a signature that leaves one out. */
export const COVERED_COMPONENTS = ['"@status"', '"@path";req', '"content-digest"', '"date"'] as const;
/** The headers a signed answer adds, which a verifier reads (and a browser must be allowed to: CORS exposes them). */
export const SIGNED_ANSWER_HEADERS = ["Signature", "Signature-Input", "Content-Digest", "Date"] as const;

/** A `Date` (or `created`) further than this from the verifier's clock, either way, is refused. */
export const MAX_SIGNATURE_AGE_SECONDS = 300;

/** The public half of a signing key as the JWKS document lists it. `exp` (seconds) only on a rotated-out key. */
export interface PublicJwk {
  kty: "OKP";
  crv: "Ed25519";
  x: string;
  kid: string;
  use: "sig";
  alg: typeof JWK_ALG;
  exp?: number;
}

export interface Jwks {
  keys: PublicJwk[];
}

/**
 * RFC 9421 §2.5: one line per covered component (`<identifier>: <value>`), then the `@signature-params` line,
 * joined by LF with no trailing newline.
 */
export function signatureBase(components: ReadonlyArray<readonly [identifier: string, value: string]>, params: string): string {
  let base = "";
  for (const [identifier, value] of components) base += `${identifier}: ${value}\n`;
  return `${base}"@signature-params": ${params}`;
}
