import type { License, LicenseContent } from "@/lib/generated/prisma-sqlite/client";
import type { LicenseContentDto, LicenseDto } from "./schemas";

export type { LicenseContentDto, LicenseDto };

// The API's license shapes (docs/product.md#entities), snake_case, built field by field from the rows.

export function toLicenseDto(license: License): LicenseDto {
  return {
    id: license.id,
    name: license.name,
    license_key: license.licenseKey,
    is_active: license.isActive,
    expires_at: license.expiresAt?.toISOString() ?? null,
    max_usage: license.maxUsage,
    usage_count: license.usageCount,
    created_at: license.createdAt.toISOString(),
  };
}

export function toLicenseContentDto(item: LicenseContent): LicenseContentDto {
  return {
    id: item.id,
    content_type: item.contentType,
    content_id: item.contentId,
    download_url: item.downloadUrl,
    access_url: item.accessUrl,
    api_endpoint: item.apiEndpoint,
    created_at: item.createdAt.toISOString(),
  };
}
