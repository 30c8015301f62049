import { describe, expect, it } from "vitest";
import { signJsonAnswer } from "@/lib/infra/signing/http-signature";
import { jwks } from "@/lib/infra/signing/keys";
import { createTestUser } from "@/test/support/users";
import { createLicense } from "./licenses";
import { VERIFY_NONCE_MAX, verifyLicenseSchema } from "./schemas";
import { verifyLicenseAnswer } from "./signed-answer";
import { verifyLicense } from "./verify";

const PATH = "/api/verify-license";

/** What the verify route will send (phase 2 wires it): the answer's bytes signed once, as a partner receives them. */
function signed(result: Awaited<ReturnType<typeof verifyLicense>>, date = new Date()) {
  const { body, headers } = signJsonAnswer(result, { status: 200, path: PATH, date });
  return { status: 200, path: PATH, body: new Uint8Array(body), headers };
}

describe("the verify answer's nonce", () => {
  it("is optional, and capped in length", () => {
    expect(verifyLicenseSchema.parse({ license_key: "k" })).toEqual({ license_key: "k" });
    expect(verifyLicenseSchema.parse({ license_key: "k", nonce: "n".repeat(VERIFY_NONCE_MAX) }).nonce).toHaveLength(
      VERIFY_NONCE_MAX,
    );
    expect(
      verifyLicenseSchema.safeParse({ license_key: "k", nonce: "n".repeat(VERIFY_NONCE_MAX + 1) }).error?.issues[0]?.message,
    ).toBe("nonce must be at most 128 characters.");
    expect(verifyLicenseSchema.safeParse({ license_key: "k", nonce: "" }).success).toBe(false);
    expect(verifyLicenseSchema.safeParse({ license_key: "k", nonce: 7 }).error?.issues[0]?.message).toBe(
      "nonce must be a string.",
    );
  });

  it("is echoed in every answer, valid or not, and absent when none was sent", async () => {
    const owner = await createTestUser();
    const { licenseKey } = await createLicense(owner.id, { name: "Nonce" });
    expect(await verifyLicense(licenseKey, { nonce: "n-1" })).toEqual({
      valid: true,
      code: "valid",
      message: "License is valid.",
      content: [],
      nonce: "n-1",
    });
    expect(await verifyLicense("SDECK-0000", { nonce: "n-2" })).toMatchObject({ code: "not_found", nonce: "n-2" });
    expect(JSON.stringify(await verifyLicense(licenseKey))).toBe(
      '{"valid":true,"code":"valid","message":"License is valid.","content":[]}',
    );
  });
});

describe("verifyLicenseAnswer (what partners and the SDKs run)", () => {
  it("passes a signed answer carrying this check's nonce, and refuses one made for another check", async () => {
    const owner = await createTestUser();
    const { licenseKey } = await createLicense(owner.id, { name: "Signed" });
    const answer = signed(await verifyLicense(licenseKey, { nonce: "check-1" }));
    expect(await verifyLicenseAnswer(answer, jwks(), { nonce: "check-1" })).toMatchObject({
      ok: true,
      result: { valid: true, nonce: "check-1" },
    });
    // The same answer, replayed for a later check.
    expect(await verifyLicenseAnswer(answer, jwks(), { nonce: "check-2" })).toMatchObject({
      ok: false,
      reason: "nonce_mismatch",
    });
    // An answer to a check that sent no nonce cannot stand for one that did.
    const plain = signed(await verifyLicense(licenseKey));
    expect(await verifyLicenseAnswer(plain, jwks(), { nonce: "check-3" })).toMatchObject({ ok: false, reason: "nonce_mismatch" });
  });

  it("refuses valid:false turned into true on the way", async () => {
    const answer = signed(await verifyLicense("SDECK-0000", { nonce: "n" }));
    const text = new TextDecoder().decode(answer.body).replace('"valid":false', '"valid":true ');
    const tampered = { ...answer, body: new TextEncoder().encode(text) };
    expect(await verifyLicenseAnswer(tampered, jwks(), { nonce: "n" })).toMatchObject({ ok: false, reason: "digest_mismatch" });
  });
});
