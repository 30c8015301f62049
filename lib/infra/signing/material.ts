import { createHash, createPrivateKey, createPublicKey, type KeyObject } from "node:crypto";
import { z } from "zod";
import { JWK_ALG, type PublicJwk } from "./scheme";

// Reading signing keys from configuration (lib/infra/env.ts validates SIGNING_KEY and SIGNING_KEYS_RETIRED with
// these). Messages never quote the value: it is a private key.

/** An Ed25519 private key in PKCS#8 PEM (`openssl genpkey -algorithm ed25519`) or as a JWK with `d`. */
export function parseSigningKey(text: string): KeyObject {
  const value = text.trim();
  let key: KeyObject;
  try {
    if (value.startsWith("{")) {
      key = createPrivateKey({ key: JSON.parse(value), format: "jwk" });
    } else {
      // A PEM pasted into a one-line setting often carries its line breaks as "\n".
      key = createPrivateKey(value.replaceAll("\\n", "\n"));
    }
  } catch {
    throw new Error("must be an Ed25519 private key: PKCS#8 PEM (openssl genpkey -algorithm ed25519) or a JWK with d");
  }
  if (key.asymmetricKeyType !== "ed25519") throw new Error(`must be an Ed25519 key, not ${key.asymmetricKeyType}`);
  return key;
}

/** RFC 7638: the SHA-256 of the key's required members in lexicographic order, base64url. */
export function jwkThumbprint(x: string): string {
  return createHash("sha256").update(`{"crv":"Ed25519","kty":"OKP","x":"${x}"}`).digest("base64url");
}

/** The JWKS entry of a public (or private) Ed25519 key. */
export function publicJwkOf(key: KeyObject): PublicJwk {
  const { x } = createPublicKey(key).export({ format: "jwk" });
  if (!x) throw new Error("not an Ed25519 key");
  return { kty: "OKP", crv: "Ed25519", x, kid: jwkThumbprint(x), use: "sig", alg: JWK_ALG };
}

/** A key that signs no more but stays listed, so answers and license files it signed verify until `notAfter`. */
export interface RetiredKey {
  jwk: PublicJwk;
  notAfter: Date;
}

const retiredKeySchema = z
  .object({
    kty: z.literal("OKP").optional(),
    crv: z.literal("Ed25519").optional(),
    x: z.base64url().refine((x) => Buffer.from(x, "base64url").length === 32, "x must be a 32-byte Ed25519 public key"),
    kid: z.string().optional(),
    d: z.never({ error: "a retired key needs only its public part: drop d (and destroy the private key)" }).optional(),
    not_after: z.iso.datetime({ offset: true, error: "not_after must be an ISO 8601 date-time, e.g. 2027-01-31T00:00:00Z" }),
  })
  .refine((entry) => entry.kid === undefined || entry.kid === jwkThumbprint(entry.x), {
    error: "kid does not match the key (it is the RFC 7638 thumbprint of x)",
  });

/**
 * SIGNING_KEYS_RETIRED: a JSON array of the public JWKs of rotated-out keys (an entry of the JWKS document, as it
 * was listed), each with `not_after`, when it stops being listed and verifiers stop accepting it.
 */
export function parseRetiredKeys(text: string): RetiredKey[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('must be a JSON array, e.g. [{"kty":"OKP","crv":"Ed25519","x":"…","not_after":"2027-01-31T00:00:00Z"}]');
  }
  const parsed = z.array(retiredKeySchema).safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`entry ${issue?.path.join(".")}: ${issue?.message}`);
  }
  return parsed.data.map((entry) => ({
    jwk: { kty: "OKP", crv: "Ed25519", x: entry.x, kid: jwkThumbprint(entry.x), use: "sig", alg: JWK_ALG },
    notAfter: new Date(entry.not_after),
  }));
}
