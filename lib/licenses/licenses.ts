import "server-only";
import type { License } from "@/lib/generated/prisma-sqlite/client";
import { db } from "@/lib/infra/db";
import { AppError } from "@/lib/infra/errors";
import { generateLicenseKey } from "./key";
import type { AddLicenseContentInput, CreateLicenseInput, UpdateLicenseInput } from "./schemas";

// Owner-scoped license operations: every query names the owner, so another user's license is simply not found.

const licenseNotFound = () => new AppError("not_found", "License not found");

const toDate = (value: string | null | undefined) => (value == null ? value : new Date(value));

export function listLicenses(userId: number): Promise<License[]> {
  return db.license.findMany({ where: { userId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
}

export function createLicense(userId: number, input: CreateLicenseInput): Promise<License> {
  return db.license.create({
    data: {
      userId,
      name: input.name,
      licenseKey: generateLicenseKey(),
      expiresAt: toDate(input.expires_at) ?? null,
      maxUsage: input.max_usage ?? null,
    },
  });
}

/** The license when it belongs to the user, else null (pages render their not-found state). */
export function findLicense(userId: number, id: number): Promise<License | null> {
  return db.license.findFirst({ where: { id, userId } });
}

export async function getLicense(userId: number, id: number): Promise<License> {
  const license = await findLicense(userId, id);
  if (!license) throw licenseNotFound();
  return license;
}

export async function updateLicense(userId: number, id: number, input: UpdateLicenseInput): Promise<License> {
  const { count } = await db.license.updateMany({
    where: { id, userId },
    data: {
      isActive: input.is_active,
      name: input.name,
      expiresAt: toDate(input.expires_at),
      maxUsage: input.max_usage,
    },
  });
  if (count === 0) throw licenseNotFound();
  return getLicense(userId, id);
}

export function deactivateLicense(userId: number, id: number): Promise<License> {
  return updateLicense(userId, id, { is_active: false });
}

export async function listLicenseContent(userId: number, id: number) {
  await getLicense(userId, id);
  return db.licenseContent.findMany({ where: { licenseId: id }, orderBy: { id: "asc" } });
}

export async function addLicenseContent(userId: number, id: number, input: AddLicenseContentInput) {
  await getLicense(userId, id);
  return db.licenseContent.create({
    data: {
      licenseId: id,
      contentType: input.content_type,
      contentId: input.content_id,
      downloadUrl: input.download_url,
      accessUrl: input.access_url,
      apiEndpoint: input.api_endpoint,
    },
  });
}
