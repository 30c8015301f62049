import { randomBytes } from "node:crypto";

// docs/decisions.md#license-key-format: a fixed prefix and 128 random bits as uppercase hex in groups of four, easy to
// read out and paste:
// SDECK-3F2A-9C1B-0D4E-77A1-B2C3-D4E5-F601-2A3B
export const LICENSE_KEY_PREFIX = "SDECK";
const GROUPS = 8;
const LICENSE_KEY_PATTERN = new RegExp(`^${LICENSE_KEY_PREFIX}(?:-[0-9A-F]{4}){${GROUPS}}$`);

export function generateLicenseKey(): string {
  const hex = randomBytes(GROUPS * 2)
    .toString("hex")
    .toUpperCase();
  return [LICENSE_KEY_PREFIX, ...(hex.match(/.{4}/g) ?? [])].join("-");
}

/** Partners may paste a key in lower case or with stray spaces; anything that cannot be a key is null. */
export function normalizeLicenseKey(input: string): string | null {
  const key = input.trim().toUpperCase();
  return LICENSE_KEY_PATTERN.test(key) ? key : null;
}
