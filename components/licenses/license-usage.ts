import type { LicenseDto } from "@/lib/licenses/dto";

/** The list's usage: "3/10", or "Unlimited" without a maximum (docs/product.md#licenses-tab). */
export function usageSummary(license: Pick<LicenseDto, "usage_count" | "max_usage">): string {
  return license.max_usage === null ? "Unlimited" : `${license.usage_count}/${license.max_usage}`;
}

/** The detail page's usage: "3 / 10", or "3 (Unlimited)" (docs/product.md#license-detail). */
export function usageDetail(license: Pick<LicenseDto, "usage_count" | "max_usage">): string {
  return license.max_usage === null ? `${license.usage_count} (Unlimited)` : `${license.usage_count} / ${license.max_usage}`;
}
