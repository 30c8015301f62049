import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { API_KEY_PREFIX, apiKeyChecksum, generateApiKey, hashApiKey, isWellFormedApiKey, maskApiKey } from "./format";

describe("API key format", () => {
  it("is the prefix, 32 random hex and the CRC32 of them", () => {
    const key = generateApiKey();
    expect(key).toMatch(/^sdeck_[0-9a-f]{40}$/);
    expect(key.startsWith(API_KEY_PREFIX)).toBe(true);
    const random = key.slice(API_KEY_PREFIX.length, -8);
    expect(key.slice(-8)).toBe(apiKeyChecksum(random));
    expect(isWellFormedApiKey(key)).toBe(true);
  });

  it("uses the standard CRC32 (secret scanners recompute it)", () => {
    // Reference value of CRC-32/ISO-HDLC for "123456789".
    expect(apiKeyChecksum("123456789")).toBe("cbf43926");
  });

  it("differs every time", () => {
    const keys = new Set(Array.from({ length: 100 }, generateApiKey));
    expect(keys.size).toBe(100);
  });

  it("refuses keys whose checksum does not match", () => {
    const key = generateApiKey();
    const flipped = key.slice(0, 10) + (key[10] === "a" ? "b" : "a") + key.slice(11);
    expect(isWellFormedApiKey(flipped)).toBe(false);
  });

  it.each([
    ["empty", ""],
    ["no prefix", "0123456789abcdef0123456789abcdef01234567"],
    ["wrong prefix", "sk_live_0123456789abcdef0123456789abcdef01234567"],
    ["too short", "sdeck_0123456789abcdef"],
    ["uppercase hex", `sdeck_${"A".repeat(40)}`],
    ["trailing text", `${generateApiKey()}x`],
    ["a JWT", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig"],
  ])("refuses %s", (_name, key) => {
    expect(isWellFormedApiKey(key)).toBe(false);
  });

  it("hashes with SHA-256 and masks to the last four characters", () => {
    const key = generateApiKey();
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(key)).toBe(createHash("sha256").update(key).digest("hex"));
    expect(maskApiKey(key)).toBe(`sdeck_…${key.slice(-4)}`);
  });
});
