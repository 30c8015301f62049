// The answers of public license verification (docs/product.md#license-verification): pure, no database, so the
// benchmark's bare baseline (scripts/bench/baseline-server.ts) answers with exactly the same JSON.

import type { z } from "zod";
import type { verifyResultSchema } from "./schemas";

/** The answer's shape is the contract's (lib/licenses/schemas.ts); a type-only import keeps this file free of zod at run time. */
export type VerifyResult = z.output<typeof verifyResultSchema>;
export type VerifyCode = VerifyResult["code"];

const MESSAGES: Record<VerifyCode, string> = {
  not_found: "License key not found.",
  inactive: "This license has been deactivated.",
  expired: "This license has expired.",
  usage_exceeded: "This license has reached its maximum usage.",
  valid: "License is valid.",
};

/** The answer for `code`; the request's nonce, if it sent one, is echoed last (and only then, so answers without one stay as they were). */
export function answer(code: VerifyCode, content: string[] = [], nonce?: string): VerifyResult {
  const result: VerifyResult = { valid: code === "valid", code, message: MESSAGES[code], content };
  if (nonce !== undefined) result.nonce = nonce;
  return result;
}

/** Where a license stands now, as the database works it out (no date arithmetic in JavaScript). */
export interface LicenseState {
  isActive: boolean;
  expired: boolean;
  usedUp: boolean;
}

/** Why a license cannot be used, in the documented order; null when nothing stops it. */
export function refusal(license: LicenseState | null): Exclude<VerifyCode, "valid"> | null {
  if (!license) return "not_found";
  if (!license.isActive) return "inactive";
  if (license.expired) return "expired";
  if (license.usedUp) return "usage_exceeded";
  return null;
}

/** A content item's URLs in column order, the ones it has. */
export function itemUrls(item: { downloadUrl: string | null; accessUrl: string | null; apiEndpoint: string | null }): string[] {
  return [item.downloadUrl, item.accessUrl, item.apiEndpoint].filter((url) => url !== null);
}
