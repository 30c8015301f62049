import "server-only";
import type { z } from "zod";
import { db } from "@/lib/db";
import type { License, Prisma } from "@/lib/generated/prisma-sqlite/client";
import { normalizeLicenseKey } from "./key";
import type { verifyResultSchema } from "./schemas";

// Public license verification (docs/decisions.md#license-verification). A valid answer counts one use, and the count and
// the checks happen in one conditional UPDATE, so parallel verifies can never push usage_count past max_usage.

export type VerifyResult = z.output<typeof verifyResultSchema>;
export type VerifyCode = VerifyResult["code"];

const MESSAGES: Record<VerifyCode, string> = {
  not_found: "License key not found.",
  inactive: "This license has been deactivated.",
  expired: "This license has expired.",
  usage_exceeded: "This license has reached its maximum usage.",
  valid: "License is valid.",
};

/** A license changed by its owner between our UPDATE and our read is retried; more than this is a bug. */
const MAX_ATTEMPTS = 3;

function answer(code: VerifyCode, content: string[] = []): VerifyResult {
  return { valid: code === "valid", code, message: MESSAGES[code], content };
}

function usableNow(licenseKey: string, now: Date): Prisma.LicenseWhereInput {
  return {
    licenseKey,
    isActive: true,
    AND: [
      { OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
      { OR: [{ maxUsage: null }, { usageCount: { lt: db.license.fields.maxUsage } }] },
    ],
  };
}

type LicenseState = Pick<License, "isActive" | "expiresAt" | "maxUsage" | "usageCount">;

/** Why a license cannot be used, in the documented order; null when nothing stops it. */
function refusal(license: LicenseState | null, now: Date): Exclude<VerifyCode, "valid"> | null {
  if (!license) return "not_found";
  if (!license.isActive) return "inactive";
  if (license.expiresAt && license.expiresAt <= now) return "expired";
  if (license.maxUsage !== null && license.usageCount >= license.maxUsage) return "usage_exceeded";
  return null;
}

async function contentUrls(licenseKey: string): Promise<string[]> {
  const items = await db.licenseContent.findMany({
    where: { license: { licenseKey } },
    orderBy: { id: "asc" },
    select: { downloadUrl: true, accessUrl: true, apiEndpoint: true },
  });
  return items.flatMap((item) => [item.downloadUrl, item.accessUrl, item.apiEndpoint].filter((url) => url !== null));
}

export async function verifyLicense(rawKey: string, now: Date = new Date()): Promise<VerifyResult> {
  const licenseKey = normalizeLicenseKey(rawKey);
  if (!licenseKey) return answer("not_found");
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const { count } = await db.license.updateMany({
      where: usableNow(licenseKey, now),
      data: { usageCount: { increment: 1 } },
    });
    if (count === 1) return answer("valid", await contentUrls(licenseKey));
    const license = await db.license.findUnique({
      where: { licenseKey },
      select: { isActive: true, expiresAt: true, maxUsage: true, usageCount: true },
    });
    const code = refusal(license, now);
    if (code) return answer(code);
  }
  throw new Error(`License verification did not settle after ${MAX_ATTEMPTS} attempts`);
}
