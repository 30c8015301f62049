import { describe, expect, it } from "vitest";
import { generateLicenseKey, normalizeLicenseKey } from "./key";
import { licenseFormSchema, localDay } from "./schemas";

describe("licenseFormSchema (the generate-license form)", () => {
  const form = (values: Partial<{ name: string; expires_on: string; max_usage: string }>) =>
    licenseFormSchema.safeParse({ name: "", expires_on: "", max_usage: "", ...values });

  it("turns the inputs into the POST payload with an empty key, blank meaning none", () => {
    expect(form({ name: "  Bundle " }).data).toEqual({
      name: "Bundle",
      license_key: "",
      expires_at: undefined,
      max_usage: undefined,
    });
  });

  it("refuses a blank name with the spec's message", () => {
    expect(form({ name: "   " }).error?.issues[0]).toMatchObject({ path: ["name"], message: "Please enter a license name." });
  });

  it("sends the expiry day as the end of that day, local time, in ISO form", () => {
    const expiresAt = form({ name: "A", expires_on: "2031-03-09" }).data?.expires_at;
    expect(expiresAt).toBe(new Date(2031, 2, 9, 23, 59, 59, 999).toISOString());
    expect(form({ name: "A", expires_on: localDay(new Date()) }).success).toBe(true);
  });

  it("gives the blank-name message whatever else is wrong", () => {
    expect(form({ name: " ", max_usage: "0" }).error?.issues[0]).toMatchObject({
      path: ["name"],
      message: "Please enter a license name.",
    });
  });

  it("sends max usage only when it parses as an integer, blank or anything else meaning unlimited", () => {
    expect(form({ name: "A", max_usage: "25" }).data?.max_usage).toBe(25);
    expect(form({ name: "A", max_usage: "  " }).data?.max_usage).toBeUndefined();
    expect(form({ name: "A", max_usage: "2.5" }).data?.max_usage).toBeUndefined();
    expect(form({ name: "A", max_usage: "many" }).data?.max_usage).toBeUndefined();
    for (const value of ["0", "-3"]) {
      expect(form({ name: "A", max_usage: value }).error?.issues[0]).toMatchObject({
        path: ["max_usage"],
        message: "Maximum usage must be a whole number of at least 1.",
      });
    }
  });
});

describe("license keys", () => {
  it("carry the prefix and 128 bits as eight groups of uppercase hex", () => {
    expect(generateLicenseKey()).toMatch(/^SDECK(-[0-9A-F]{4}){8}$/);
  });

  it("normalize case and spaces, and reject anything else", () => {
    const key = generateLicenseKey();
    expect(normalizeLicenseKey(` ${key.toLowerCase()}\n`)).toBe(key);
    expect(normalizeLicenseKey(key.slice(0, -1))).toBeNull();
    expect(normalizeLicenseKey(`${key}' OR 1=1`)).toBeNull();
  });
});
