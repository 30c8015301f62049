import { generateKeyPairSync, verify as nodeVerify } from "node:crypto";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { httpbis } from "http-message-signatures";
import { calculateJwkThumbprint } from "jose";
import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/infra/env";
import { type ResponseToSign, signResponse, signResponseOffThread } from "./http-signature";
import { jwks, localSigningKeyPem, type SigningKey, signingKeySet, signingKeys } from "./keys";
import { jwkThumbprint, parseRetiredKeys, parseSigningKey, publicJwkOf } from "./material";
import type { Jwks } from "./scheme";
import { type SignedResponse, verifySignedResponse } from "./verify";

const newKey = () => generateKeyPairSync("ed25519").privateKey;
const pemOf = (key = newKey()) => key.export({ format: "pem", type: "pkcs8" }).toString();

describe("signing keys from configuration", () => {
  it("reads an Ed25519 private key as PEM, as PEM with escaped line breaks, and as a JWK", () => {
    const key = newKey();
    const kid = publicJwkOf(key).kid;
    expect(publicJwkOf(parseSigningKey(pemOf(key))).kid).toBe(kid);
    expect(publicJwkOf(parseSigningKey(pemOf(key).replaceAll("\n", "\\n"))).kid).toBe(kid);
    expect(publicJwkOf(parseSigningKey(JSON.stringify(key.export({ format: "jwk" })))).kid).toBe(kid);
  });

  it("refuses anything else without quoting it", () => {
    const rsa = generateKeyPairSync("rsa", { modulusLength: 1024 })
      .privateKey.export({ format: "pem", type: "pkcs8" })
      .toString();
    expect(() => parseSigningKey(rsa)).toThrow("must be an Ed25519 key, not rsa");
    const publicOnly = JSON.stringify({ ...publicJwkOf(newKey()) });
    expect(() => parseSigningKey(publicOnly)).toThrow(/must be an Ed25519 private key/);
    expect(() => parseEnv({ SIGNING_KEY: "not-a-key-but-a-secret-0123" })).toThrow(/SIGNING_KEY: must be an Ed25519 private key/);
    expect(() => parseEnv({ SIGNING_KEY: "not-a-key-but-a-secret-0123" })).not.toThrow(/secret-0123/);
  });

  it("takes the key id from the RFC 7638 thumbprint, as jose computes it", async () => {
    const jwk = publicJwkOf(newKey());
    expect(jwk.kid).toBe(await calculateJwkThumbprint({ kty: jwk.kty, crv: jwk.crv, x: jwk.x }, "sha256"));
    expect(jwk.kid).toBe(jwkThumbprint(jwk.x));
  });

  it("reads rotated-out keys as public JWKs with not_after, refusing private parts, wrong kids and bad dates", () => {
    const jwk = publicJwkOf(newKey());
    expect(parseRetiredKeys(JSON.stringify([{ ...jwk, not_after: "2027-01-31T00:00:00Z" }]))).toEqual([
      { jwk, notAfter: new Date("2027-01-31T00:00:00Z") },
    ]);
    expect(parseRetiredKeys(JSON.stringify([{ x: jwk.x, not_after: "2027-01-31T00:00:00+01:00" }]))[0]?.jwk).toEqual(jwk);
    const privateJwk = newKey().export({ format: "jwk" });
    expect(() => parseRetiredKeys(JSON.stringify([{ ...privateJwk, not_after: "2027-01-31T00:00:00Z" }]))).toThrow(
      /entry 0.d: a retired key needs only its public part/,
    );
    expect(() => parseRetiredKeys(JSON.stringify([{ ...jwk, kid: "other", not_after: "2027-01-31T00:00:00Z" }]))).toThrow(
      /kid does not match the key/,
    );
    expect(() => parseRetiredKeys(JSON.stringify([{ x: jwk.x, not_after: "soon" }]))).toThrow(/not_after must be an ISO 8601/);
    expect(() => parseRetiredKeys(JSON.stringify([{ x: "abc", not_after: "2027-01-31T00:00:00Z" }]))).toThrow(/32-byte/);
    expect(() => parseEnv({ SIGNING_KEYS_RETIRED: "[" })).toThrow(/SIGNING_KEYS_RETIRED: must be a JSON array/);
    expect(parseEnv({}).SIGNING_KEYS_RETIRED).toEqual([]);
  });

  it("generates a local key once, readable by its owner only, and reads it back", () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "scrapedeck-signing-")), "data", ".signing-key");
    const pem = localSigningKeyPem(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(localSigningKeyPem(file)).toBe(pem);
    expect(readFileSync(file, "utf8")).toContain("-----BEGIN PRIVATE KEY-----");
    expect(parseSigningKey(pem).asymmetricKeyType).toBe("ed25519");
  });

  it("signs with SIGNING_KEY when it is set (the test run's own key)", () => {
    expect(signingKeys().current.jwk.kid).toBe(publicJwkOf(parseSigningKey(process.env.SIGNING_KEY ?? "")).kid);
  });

  it("lists the current key and each rotated-out key until its not_after, with that time as exp", () => {
    const retired = publicJwkOf(newKey());
    const set = signingKeySet(newKey(), [{ jwk: retired, notAfter: new Date("2027-01-31T00:00:00Z") }]);
    expect(jwks(set, new Date("2027-01-30T00:00:00Z"))).toEqual({
      keys: [
        { kty: "OKP", crv: "Ed25519", x: set.current.jwk.x, kid: set.current.jwk.kid, use: "sig", alg: "EdDSA" },
        { ...retired, exp: Date.parse("2027-01-31T00:00:00Z") / 1000 },
      ],
    });
    expect(jwks(set, new Date("2027-01-31T00:00:01Z")).keys.map((key) => key.kid)).toEqual([set.current.jwk.kid]);
  });
});

describe("signed answers (RFC 9421 over the status, the request's path, Content-Digest and Date)", () => {
  const key: SigningKey = signingKeySet(newKey()).current;
  const keySet: Jwks = { keys: [key.jwk] };
  const now = new Date("2026-11-28T10:00:00Z");
  const answer: ResponseToSign = {
    status: 200,
    path: "/api/verify-license",
    body: JSON.stringify({ valid: true, code: "valid", message: "License is valid.", content: [], nonce: "n-1" }),
    date: now,
  };

  /** The answer as a client receives it, with `change` applied to what came over the wire. */
  type Received = Omit<SignedResponse, "headers"> & { headers: Record<string, string> };
  function received(change: (response: Received) => void = () => {}): Received {
    const response: Received = {
      status: answer.status,
      path: answer.path,
      body: answer.body,
      headers: { ...signResponse(answer, key) },
    };
    change(response);
    return response;
  }

  const verify = (response: SignedResponse, options: { now?: Date; keys?: Jwks } = {}) =>
    verifySignedResponse(response, options.keys ?? keySet, { now: options.now ?? now });

  const reasonOf = async (response: SignedResponse, options?: { now?: Date; keys?: Jwks }) => {
    const result = await verify(response, options);
    return result.ok ? "ok" : result.reason;
  };

  it("adds Date, Content-Digest, Signature-Input and Signature", () => {
    const headers = signResponse(answer, key);
    expect(headers.Date).toBe("Sat, 28 Nov 2026 10:00:00 GMT");
    expect(headers["Content-Digest"]).toMatch(/^sha-256=:[A-Za-z0-9+/]{43}=:$/);
    expect(headers["Signature-Input"]).toBe(
      `sig1=("@status" "@path";req "content-digest" "date");created=${now.getTime() / 1000};keyid="${key.jwk.kid}";alg="ed25519"`,
    );
    expect(headers.Signature).toMatch(/^sig1=:[A-Za-z0-9+/]{86}==:$/);
  });

  it("signs off the event loop to the same headers, which verify", async () => {
    const offThread = await signResponseOffThread(answer, key);
    // Ed25519 is deterministic: the thread pool's signature is the very one signed in place.
    expect(offThread).toEqual(signResponse(answer, key));
    expect(await reasonOf({ ...answer, headers: { ...offThread } })).toBe("ok");
  });

  it("verifies, with the key's id", async () => {
    expect(await verify(received())).toEqual({ ok: true, kid: key.jwk.kid });
    // Header names in any case, in a Headers object too.
    expect((await verify(received((response) => (response.headers = new Headers(response.headers) as never)))).ok).toBe(true);
    // The body as bytes.
    expect((await verify(received((response) => (response.body = new TextEncoder().encode(answer.body as string))))).ok).toBe(
      true,
    );
  });

  it("is an RFC 9421 signature an independent implementation (http-message-signatures) verifies", async () => {
    // Signed now: that library checks `created` against the real clock.
    const headers = { ...signResponse({ ...answer, date: new Date() }, key) };
    const publicKey = key.privateKey;
    const theirVerdict = (status: number) =>
      httpbis.verifyMessage(
        {
          keyLookup: async ({ keyid }) =>
            keyid === key.jwk.kid
              ? { id: keyid, algs: ["ed25519"], verify: async (data, signature) => nodeVerify(null, data, publicKey, signature) }
              : null,
        },
        { status, headers },
        { method: "POST", url: `https://scrapedeck.example${answer.path}`, headers: {} },
      );
    expect(await theirVerdict(200)).toBe(true);
    expect(await theirVerdict(201)).toBe(false);
  });

  it("refuses a body with one byte changed", async () => {
    expect(await reasonOf(received((response) => (response.body = (response.body as string).replace("true", "tru3"))))).toBe(
      "digest_mismatch",
    );
    // …even when the digest is recomputed to match: the signature covers it.
    const forged = received((response) => {
      response.body = (response.body as string).replace('"valid":true', '"valid":fals');
    });
    forged.headers["Content-Digest"] = signResponse({ ...answer, body: forged.body }, signingKeySet(newKey()).current)[
      "Content-Digest"
    ];
    expect(await reasonOf(forged)).toBe("bad_signature");
  });

  it("refuses a changed signature, Date, status or path", async () => {
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1);
    expect(
      await reasonOf(received((response) => (response.headers.Signature = flip(String(response.headers.Signature), 10)))),
    ).toBe("bad_signature");
    expect(await reasonOf(received((response) => (response.headers.Date = "Sat, 28 Nov 2026 10:00:01 GMT")))).toBe(
      "bad_signature",
    );
    expect(await reasonOf(received((response) => (response.status = 201)))).toBe("bad_signature");
    expect(await reasonOf(received((response) => (response.path = "/api/verify-license2")))).toBe("bad_signature");
  });

  it("refuses a Date older than 5 minutes (or as far ahead)", async () => {
    expect(await reasonOf(received(), { now: new Date(now.getTime() + 300_000) })).toBe("ok");
    expect(await reasonOf(received(), { now: new Date(now.getTime() + 301_000) })).toBe("stale");
    expect(await reasonOf(received(), { now: new Date(now.getTime() - 301_000) })).toBe("stale");
  });

  it("refuses an unknown kid, and a kid naming another key of the set", async () => {
    const other = signingKeySet(newKey()).current.jwk;
    expect(await reasonOf(received(), { keys: { keys: [other] } })).toBe("unknown_key");
    const renamed = received((response) => {
      response.headers["Signature-Input"] = String(response.headers["Signature-Input"]).replace(key.jwk.kid, other.kid);
    });
    expect(await reasonOf(renamed, { keys: { keys: [key.jwk, other] } })).toBe("bad_signature");
  });

  it("refuses a rotated-out key after its expiry, using the key set as it was listed", async () => {
    const rotated = signingKeySet(newKey(), [{ jwk: key.jwk, notAfter: new Date(now.getTime() + 60_000) }]);
    const listedBefore = jwks(rotated, now);
    expect(await reasonOf(received(), { keys: listedBefore })).toBe("ok");
    expect(await reasonOf(received(), { keys: listedBefore, now: new Date(now.getTime() + 61_000) })).toBe("key_expired");
    expect(await reasonOf(received(), { keys: jwks(rotated, new Date(now.getTime() + 61_000)) })).toBe("unknown_key");
  });

  it("refuses an algorithm other than ed25519, in the signature or in the key", async () => {
    const relabelled = received((response) => {
      response.headers["Signature-Input"] = String(response.headers["Signature-Input"]).replace(
        'alg="ed25519"',
        'alg="hmac-sha256"',
      );
    });
    expect(await reasonOf(relabelled)).toBe("unsupported_algorithm");
    const noAlg = received((response) => {
      response.headers["Signature-Input"] = String(response.headers["Signature-Input"]).replace(';alg="ed25519"', "");
    });
    expect(await reasonOf(noAlg)).toBe("unsupported_algorithm");
    expect(await reasonOf(received(), { keys: { keys: [{ ...key.jwk, alg: "RS256" as "EdDSA" }] } })).toBe(
      "unsupported_algorithm",
    );
  });

  it("refuses a signature that covers less, or a missing or garbled header", async () => {
    const partial = received((response) => {
      response.headers["Signature-Input"] = String(response.headers["Signature-Input"]).replace(' "date"', "");
    });
    expect(await reasonOf(partial)).toBe("incomplete");
    expect(await reasonOf(received((response) => delete response.headers.Signature))).toBe("unsigned");
    expect(await reasonOf(received((response) => (response.headers.Signature = "sig1=(")))).toBe("malformed");
    expect(await reasonOf(received((response) => (response.headers.Signature = "sig2=:AAAA:")))).toBe("malformed");
  });

  it("verifies the example answer of docs/api.md, so the documented scheme is the one in code", async () => {
    const docs = readFileSync(path.join(process.cwd(), "docs", "api.md"), "utf8");
    const [head = "", body = ""] = (/```http\n([\s\S]*?)```/.exec(docs)?.[1] ?? "").split("\n\n");
    const headers = Object.fromEntries(
      head
        .split("\n")
        .slice(1)
        .map((line) => line.split(/: (.*)/s).slice(0, 2) as [string, string]),
    );
    const x = /throwaway key, `x` = `([\w-]+)`/.exec(docs)?.[1] ?? "";
    const documented = { status: 200, path: "/api/verify-license", headers, body: body.trim() };
    const keys: Jwks = { keys: [{ kty: "OKP", crv: "Ed25519", x, kid: jwkThumbprint(x), use: "sig", alg: "EdDSA" }] };
    expect(await verifySignedResponse(documented, keys, { now: new Date(headers.Date ?? "") })).toEqual({
      ok: true,
      kid: jwkThumbprint(x),
    });
  });

  it("refuses to sign for a path that is not one as sent", () => {
    expect(() => signResponse({ ...answer, path: "/api/verify-license\nx" }, key)).toThrow(/Cannot sign an answer for the path/);
    expect(() => signResponse({ ...answer, path: "/ä" }, key)).toThrow(/Cannot sign/);
  });
});
