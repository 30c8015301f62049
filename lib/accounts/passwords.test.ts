import { describe, expect, it } from "vitest";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./passwords";

describe("passwords", () => {
  it("hashes with argon2id and a fresh salt, and verifies only the same password", async () => {
    const [first, second] = await Promise.all([hashPassword("correct horse"), hashPassword("correct horse")]);
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword(first, "correct horse")).toBe(true);
    expect(await verifyPassword(first, "correct horsE")).toBe(false);
    expect(await verifyPassword(first, "")).toBe(false);
  });

  it("treats an unreadable stored hash as a wrong password", async () => {
    expect(await verifyPassword("not-a-hash", "anything")).toBe(false);
  });

  it("never accepts anything against the dummy hash", async () => {
    expect(await verifyAgainstDummy("")).toBe(false);
    expect(await verifyAgainstDummy("correct horse")).toBe(false);
  });
});
