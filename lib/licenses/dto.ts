import type { License, LicenseContent } from "@/lib/generated/prisma-sqlite/client";

// The API's license shapes (docs/product.md#entities), snake_case, built field by field from the rows.

export function toLicenseDto(license: License) {
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
export type LicenseDto = ReturnType<typeof toLicenseDto>;

export function toLicenseContentDto(item: LicenseContent) {
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
export type LicenseContentDto = ReturnType<typeof toLicenseContentDto>;
