import { describe, expect, it } from "vitest";
import { jwks } from "@/lib/infra/signing/keys";
import { KEYS_MAX_AGE_SECONDS } from "@/lib/licenses/contract";
import { callJson } from "@/test/support/requests";
import { GET, OPTIONS, POST } from "./route";

describe("GET /.well-known/scrapedeck-keys.json", () => {
  it("lists the signing key as a JWKS document anyone may cache and read from any origin", async () => {
    const res = await callJson(GET, {
      path: "/.well-known/scrapedeck-keys.json",
      headers: { origin: "https://partner.example" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(jwks());
    expect(res.body.keys[0]).toMatchObject({ kty: "OKP", crv: "Ed25519", use: "sig", alg: "EdDSA" });
    expect(res.body.keys[0]).not.toHaveProperty("d");
    expect(res.headers.get("cache-control")).toBe(`public, max-age=${KEYS_MAX_AGE_SECONDS}`);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
  });

  it("answers other methods 405 (not cacheable), and the CORS preflight", async () => {
    const res = await callJson(POST, { method: "POST", path: "/.well-known/scrapedeck-keys.json", body: {} });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, OPTIONS");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const preflight = await callJson(OPTIONS, { method: "OPTIONS", path: "/.well-known/scrapedeck-keys.json" });
    expect(preflight.status).toBe(204);
  });
});
