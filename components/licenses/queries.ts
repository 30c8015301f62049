"use client";

import { apiPath } from "@/client/contract";
import { useApi } from "@/client/use-api";
import type { LicenseContentDto, LicenseDto } from "@/lib/licenses/dto";

// Query keys are the API paths (client/query-client.ts fetches them).

export function useLicenses() {
  return useApi("/api/licenses");
}

export function useLicense(initial: LicenseDto) {
  return useApi("/api/licenses/{id}", { params: { id: initial.id }, initialData: initial });
}

export function useLicenseContent(id: number, initial: LicenseContentDto[]) {
  return useApi("/api/licenses/{id}/content", { params: { id }, initialData: initial });
}

/** What any license change touches: the list, and the license and its content (docs/product.md#lists-after-changes). */
export function licenseReads(id?: number): string[] {
  const list = apiPath("/api/licenses");
  if (id === undefined) return [list];
  return [list, apiPath("/api/licenses/{id}", { id }), apiPath("/api/licenses/{id}/content", { id })];
}
