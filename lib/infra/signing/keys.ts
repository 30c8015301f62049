import "server-only";
import { generateKeyPairSync, type KeyObject, sign } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "@/lib/infra/env";
import { processWide } from "@/lib/infra/process-state";
import { parseSigningKey, publicJwkOf, type RetiredKey } from "./material";
import type { Jwks, PublicJwk } from "./scheme";
import { SigningThread } from "./signing-thread";

// The keys that sign what partners must be able to prove came from us (docs/api.md#signed-answers): the current key
// signs, rotated-out keys stay listed in the JWKS document until their not_after (docs/api.md#key-rotation).

export interface SigningKey {
  privateKey: KeyObject;
  /** Its public half as listed, `kid` the RFC 7638 thumbprint. */
  jwk: PublicJwk;
}

export interface SigningKeySet {
  current: SigningKey;
  retired: RetiredKey[];
}

export function signingKeySet(privateKey: KeyObject, retired: RetiredKey[] = []): SigningKeySet {
  return { current: { privateKey, jwk: publicJwkOf(privateKey) }, retired };
}

let configured: SigningKeySet | undefined;

/** SIGNING_KEY and SIGNING_KEYS_RETIRED, read once; without SIGNING_KEY outside production, the key in data/. */
export function signingKeys(): SigningKeySet {
  configured ??= signingKeySet(env.SIGNING_KEY ?? unconfiguredKey(), env.SIGNING_KEYS_RETIRED);
  return configured;
}

function unconfiguredKey(): KeyObject {
  if (env.NODE_ENV === "production") {
    throw new Error("SIGNING_KEY is required in production (openssl genpkey -algorithm ed25519)");
  }
  return parseSigningKey(localSigningKeyPem());
}

const LOCAL_KEY_FILE = path.resolve("data", ".signing-key");

/**
 * Reads, or creates once, the generated key in data/.signing-key (PKCS#8 PEM, readable by its owner only), as
 * lib/infra/env.ts does for the auth secret: a local run signs with a stable key without any setup.
 */
export function localSigningKeyPem(file: string = LOCAL_KEY_FILE): string {
  // turbopackIgnore: the route kit signs answers, so Next's build reaches this module; a file path it cannot resolve at
  // build time would make it trace the whole project into the server output. The file is data, not code.
  if (existsSync(/* turbopackIgnore: true */ file)) return readFileSync(/* turbopackIgnore: true */ file, "utf8");
  mkdirSync(path.dirname(file), { recursive: true });
  const pem = generateKeyPairSync("ed25519").privateKey.export({ format: "pem", type: "pkcs8" }).toString();
  try {
    writeFileSync(file, pem, { mode: 0o600, flag: "wx" });
    return pem;
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return readFileSync(/* turbopackIgnore: true */ file, "utf8");
    throw error;
  }
}

/**
 * The document of /.well-known/scrapedeck-keys.json: the current key, and each rotated-out key until its not_after,
 * with that time as `exp` (seconds) so a verifier holding a cached copy refuses the key after it too.
 */
export function jwks(keys: SigningKeySet = signingKeys(), now: Date = new Date()): Jwks {
  const listed: PublicJwk[] = [keys.current.jwk];
  for (const { jwk, notAfter } of keys.retired) {
    if (notAfter > now && jwk.kid !== keys.current.jwk.kid) listed.push({ ...jwk, exp: Math.floor(notAfter.getTime() / 1000) });
  }
  return { keys: listed };
}

/** An Ed25519 signature of `data` by the key (the current one unless told). */
export function signBytes(data: Uint8Array | string, key: SigningKey = signingKeys().current): Buffer {
  return sign(null, typeof data === "string" ? Buffer.from(data) : data, key.privateKey);
}

/**
 * The same signature, computed off the event loop: on the process's signing thread, batched with the other
 * signatures asked for in the same turn (lib/infra/signing/signing-thread.ts). Ed25519 is the largest single cost of a
 * signed answer (npm run bench:hot's profile), so a server that signs every answer keeps its event loop for the
 * requests.
 */
export function signBytesOffThread(data: Uint8Array | string, key: SigningKey = signingKeys().current): Promise<Buffer> {
  return processWide("signing-thread", () => new SigningThread()).sign(data, key.privateKey);
}
