import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

/**
 * argon2id (the library's default algorithm) with OWASP's baseline: 19 MiB of memory, 2 passes, 1 lane.
 * `npx tsx --conditions=react-server scripts/bench/argon2.ts` prints what one hash costs on this machine.
 */
export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a stored hash that cannot be read. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verified against when the email is unknown, so that answer takes as long as a wrong password. Made at
// load time so that even the first unknown email costs one verification, not a hash plus a verification.
const dummyHash = hashPassword(randomBytes(16).toString("hex"));

/** Spends the same time as verifying a real password, and always fails. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(await dummyHash, password);
  return false;
}
