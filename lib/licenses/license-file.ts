import "server-only";
import { db } from "@/lib/infra/db";
import { AppError } from "@/lib/infra/errors";
import { type SigningKey, signBytes, signingKeys } from "@/lib/infra/signing/keys";
import {
  encodeLicenseFilePayload,
  formatLicenseFile,
  LICENSE_FILE_ALG,
  type LicenseFilePayload,
  licenseFileSigningInput,
} from "./license-file-format";
import { getLicense } from "./licenses";
import { LICENSE_FILE_TTL_SECONDS, type LicenseFileDto } from "./schemas";

/**
 * A signed offline license file for the owner's license (docs/api.md#license-files), valid for `ttlSeconds` (30 days
 * by default) and never past the license's own expiry. Another user's license is not found; a deactivated or expired
 * one gets no new file (a file already issued stays valid until its own expires_at). Counts no use.
 */
export async function issueLicenseFile(
  userId: number,
  licenseId: number,
  ttlSeconds: number = LICENSE_FILE_TTL_SECONDS.default,
  { now = new Date(), key = signingKeys().current }: { now?: Date; key?: SigningKey } = {},
): Promise<LicenseFileDto> {
  const license = await getLicense(userId, licenseId);
  if (!license.isActive)
    throw new AppError("license_inactive", "This license has been deactivated: it gets no new license file.");
  if (license.expiresAt && license.expiresAt <= now) {
    throw new AppError("license_expired", "This license has expired: it gets no new license file.");
  }
  const ttlEnd = new Date(now.getTime() + ttlSeconds * 1000);
  const expiresAt = license.expiresAt && license.expiresAt < ttlEnd ? license.expiresAt : ttlEnd;
  const content = await db.licenseContent.findMany({ where: { licenseId }, orderBy: { id: "asc" } });
  const payload: LicenseFilePayload = {
    license: {
      key: license.licenseKey,
      name: license.name,
      status: license.maxUsage !== null && license.usageCount >= license.maxUsage ? "usage_exceeded" : "active",
      max_verifications: license.maxUsage,
      expires_at: license.expiresAt?.toISOString() ?? null,
      content: content.map((item) => ({
        content_type: item.contentType,
        content_id: item.contentId,
        download_url: item.downloadUrl,
        access_url: item.accessUrl,
        api_endpoint: item.apiEndpoint,
      })),
    },
    issued_at: now.toISOString(),
    expires_at: expiresAt.toISOString(),
  };
  return {
    license_file: signLicenseFile(payload, key),
    issued_at: payload.issued_at,
    expires_at: payload.expires_at,
    kid: key.jwk.kid,
  };
}

/** The license file of a payload, signed by the key (docs/api.md#license-files). */
export function signLicenseFile(payload: LicenseFilePayload, key: SigningKey = signingKeys().current): string {
  const enc = encodeLicenseFilePayload(payload);
  const sig = signBytes(licenseFileSigningInput(enc), key).toString("base64");
  return formatLicenseFile({ enc, sig, alg: LICENSE_FILE_ALG, kid: key.jwk.kid });
}
