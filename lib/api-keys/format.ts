import { createHash, randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";
import { site } from "@/lib/config/site";

// docs/decisions.md#api-key-format: prefix + 128 random bits as hex + CRC32 of that hex text. The prefix lets secret
// scanners find leaked keys and the checksum lets them (and us, before any database lookup) tell a real key from a typo.

export const API_KEY_PREFIX = site.apiKeyPrefix;
const RANDOM_BYTES = 16;
const API_KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}([0-9a-f]{${RANDOM_BYTES * 2}})([0-9a-f]{8})$`);

export function apiKeyChecksum(random: string): string {
  return crc32(random).toString(16).padStart(8, "0");
}

export function generateApiKey(): string {
  const random = randomBytes(RANDOM_BYTES).toString("hex");
  return `${API_KEY_PREFIX}${random}${apiKeyChecksum(random)}`;
}

/** Format and checksum only: true does not mean the key exists. */
export function isWellFormedApiKey(key: string): boolean {
  const match = API_KEY_PATTERN.exec(key);
  return Boolean(match?.[1] && match[2] === apiKeyChecksum(match[1]));
}

/** What the database stores instead of the key: hex SHA-256 (the key has 128 random bits, no salt needed). */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** The form lists show, e.g. "sdeck_…a1b2". */
export function maskApiKey(key: string): string {
  return `${API_KEY_PREFIX}…${key.slice(-4)}`;
}
