import {
  type BareItem,
  type InnerList,
  type Item,
  isInnerList,
  parseDictionary,
  serializeInnerList,
  serializeItem,
} from "structured-headers";
import {
  COVERED_COMPONENTS,
  JWK_ALG,
  type Jwks,
  MAX_SIGNATURE_AGE_SECONDS,
  type PublicJwk,
  SIGNATURE_ALG,
  SIGNATURE_LABEL,
  signatureBase,
} from "./scheme";

// The verifier of signed answers (docs/api.md#signed-answers), the one the SDKs ship: WebCrypto and a structured-field
// parser only, so it runs in Node, browsers, Deno and edge workers alike. It checks our scheme and nothing looser:
// every failure has a reason a program can act on.

export type SignatureFailure =
  /** A header the scheme needs is missing. */
  | "unsigned"
  /** A header does not parse, or says something the scheme does not allow. */
  | "malformed"
  /** Not Ed25519 (the signature's `alg`, or the key's). */
  | "unsupported_algorithm"
  /** No key with this `kid` in the key set. */
  | "unknown_key"
  /** The key was rotated out and its `exp` has passed. */
  | "key_expired"
  /** The signature leaves out a component the scheme covers. */
  | "incomplete"
  /** The body is not the one the Content-Digest names. */
  | "digest_mismatch"
  /** `Date` or `created` further than the allowed age from now: an old answer replayed, or a wrong clock. */
  | "stale"
  /** The signature does not match: a changed header or status, another path, another key. */
  | "bad_signature";

/** ok with what was proven, or the reason it was refused (a verifier of a signed format adds reasons of its own). */
export type Verified<T, Reason extends string = SignatureFailure> =
  | ({ ok: true } & T)
  | { ok: false; reason: Reason; message: string };

const fail = (reason: SignatureFailure, message: string) => ({ ok: false, reason, message }) as const;

export interface SignedResponse {
  status: number;
  /** The path of the request that was answered, as sent (percent-encoded, without the query). */
  path: string;
  headers: Headers | Record<string, string | string[] | undefined>;
  /** The body exactly as received: verify the bytes before parsing them. */
  body: Uint8Array | string;
}

export interface VerifyOptions {
  now?: Date;
  /** How far `Date` may be from `now`, either way (default 300 s). */
  maxAgeSeconds?: number;
}

function headerOf(headers: SignedResponse["headers"], name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value.join(", ") : value;
  }
  return undefined;
}

const bytesOf = (body: Uint8Array | string): Uint8Array<ArrayBuffer> =>
  typeof body === "string" ? new TextEncoder().encode(body) : new Uint8Array(body);

const importedKeys = new Map<string, Promise<CryptoKey>>();

/**
 * The key `kid` names, if the set lists it as an Ed25519 signing key that has not expired. Shared by every verifier
 * of what our keys sign (answers, license files).
 */
export async function verificationKey(jwks: Jwks, kid: unknown, now: Date): Promise<Verified<{ key: CryptoKey }>> {
  const jwk: PublicJwk | undefined = typeof kid === "string" ? jwks.keys.find((candidate) => candidate.kid === kid) : undefined;
  if (!jwk) return fail("unknown_key", `No key ${JSON.stringify(kid)} in the key set.`);
  if (jwk.kty !== "OKP" || jwk.crv !== "Ed25519" || (jwk.alg !== undefined && jwk.alg !== JWK_ALG)) {
    return fail("unsupported_algorithm", `Key ${jwk.kid} is not an Ed25519 (EdDSA) key.`);
  }
  if (jwk.use !== undefined && jwk.use !== "sig") return fail("unsupported_algorithm", `Key ${jwk.kid} is not a signing key.`);
  if (jwk.exp !== undefined && now.getTime() / 1000 > jwk.exp) {
    return fail("key_expired", `Key ${jwk.kid} was rotated out and expired at ${new Date(jwk.exp * 1000).toISOString()}.`);
  }
  let key = importedKeys.get(jwk.x);
  if (!key) {
    key = crypto.subtle.importKey("jwk", { kty: "OKP", crv: "Ed25519", x: jwk.x }, { name: "Ed25519" }, false, ["verify"]);
    importedKeys.set(jwk.x, key);
  }
  return { ok: true, key: await key };
}

export async function verifyEd25519(key: CryptoKey, signature: BufferSource, data: Uint8Array | string): Promise<boolean> {
  return crypto.subtle.verify({ name: "Ed25519" }, key, signature, bytesOf(data));
}

/** One covered component's value, or null for one this scheme does not sign. */
function componentValue(name: BareItem, params: Map<string, BareItem>, response: SignedResponse): string | null | undefined {
  if (typeof name !== "string") return null;
  const flags = [...params.keys()];
  if (name === "@status") return flags.length === 0 ? String(response.status) : null;
  if (name === "@path") return flags.length === 1 && params.get("req") === true ? response.path : null;
  if (name.startsWith("@") || flags.length > 0) return null;
  return headerOf(response.headers, name)?.trim();
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);

/** Checks a signed answer against the key set (the JWKS document): ok with the signing key's id, or why not. */
export async function verifySignedResponse(
  response: SignedResponse,
  jwks: Jwks,
  { now = new Date(), maxAgeSeconds = MAX_SIGNATURE_AGE_SECONDS }: VerifyOptions = {},
): Promise<Verified<{ kid: string }>> {
  const [date, contentDigest, signatureInput, signatureHeader] = ["date", "content-digest", "signature-input", "signature"].map(
    (name) => headerOf(response.headers, name),
  );
  if (!date || !contentDigest || !signatureInput || !signatureHeader) {
    return fail("unsigned", "The answer lacks Date, Content-Digest, Signature-Input or Signature.");
  }
  let input: Item | InnerList | undefined;
  let signature: unknown;
  let digest: unknown;
  try {
    input = parseDictionary(signatureInput).get(SIGNATURE_LABEL);
    signature = parseDictionary(signatureHeader).get(SIGNATURE_LABEL)?.[0];
    digest = parseDictionary(contentDigest).get("sha-256")?.[0];
  } catch {
    return fail("malformed", "Signature-Input, Signature or Content-Digest is not a structured field dictionary.");
  }
  if (!input || !isInnerList(input) || !(signature instanceof ArrayBuffer)) {
    return fail("malformed", `No signature labelled ${SIGNATURE_LABEL}.`);
  }
  if (!(digest instanceof ArrayBuffer)) return fail("malformed", "Content-Digest has no sha-256 digest.");
  const [items, params] = input;
  if (params.get("alg") !== SIGNATURE_ALG) {
    return fail("unsupported_algorithm", `The signature's alg is ${JSON.stringify(params.get("alg"))}, not "${SIGNATURE_ALG}".`);
  }
  const created = params.get("created");
  if (typeof created !== "number" || !Number.isInteger(created)) return fail("malformed", "The signature has no created time.");

  const components: [string, string][] = [];
  for (const [name, itemParams] of items) {
    const value = componentValue(name, itemParams, response);
    const identifier = serializeItem(name, itemParams);
    if (value === null) return fail("malformed", `The signature covers ${identifier}, which this scheme does not sign.`);
    if (value === undefined) return fail("unsigned", `The signature covers ${identifier}, which the answer lacks.`);
    components.push([identifier, value]);
  }
  const missing = COVERED_COMPONENTS.filter((identifier) => !components.some(([covered]) => covered === identifier));
  if (missing.length > 0) return fail("incomplete", `The signature does not cover ${missing.join(", ")}.`);

  const dateMs = Date.parse(date);
  if (Number.isNaN(dateMs)) return fail("malformed", "Date is not an HTTP date.");
  for (const [what, ms] of [
    ["Date", dateMs],
    ["created", created * 1000],
  ] as const) {
    if (Math.abs(now.getTime() - ms) > maxAgeSeconds * 1000) {
      return fail("stale", `${what} is more than ${maxAgeSeconds} s from now: an old answer, or a clock that is off.`);
    }
  }

  const bodyDigest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytesOf(response.body)));
  if (!sameBytes(bodyDigest, new Uint8Array(digest))) return fail("digest_mismatch", "The body is not the one that was signed.");

  const found = await verificationKey(jwks, params.get("keyid"), now);
  if (!found.ok) return found;
  const base = signatureBase(components, serializeInnerList(input));
  if (!(await verifyEd25519(found.key, signature, base)))
    return fail("bad_signature", "The signature does not match the answer.");
  return { ok: true, kid: params.get("keyid") as string };
}
