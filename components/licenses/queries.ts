"use client";

import { useApi } from "@/lib/client/use-api";
import type { LicenseContentDto, LicenseDto } from "@/lib/licenses/dto";

// Query keys are the API paths (lib/client/query-client.ts fetches them).
export const LICENSES_PATH = "/api/licenses";
export const licensePath = (id: number) => `${LICENSES_PATH}/${id}`;
export const licenseContentPath = (id: number) => `${LICENSES_PATH}/${id}/content`;

export function useLicenses() {
  return useApi(LICENSES_PATH);
}

export function useLicense(initial: LicenseDto) {
  return useApi("/api/licenses/{id}", { params: { id: initial.id }, initialData: initial });
}

export function useLicenseContent(id: number, initial: LicenseContentDto[]) {
  return useApi("/api/licenses/{id}/content", { params: { id }, initialData: initial });
}

/** What any license change touches: the list, and the license and its content (docs/product.md#lists-after-changes). */
export function licenseReads(id?: number): string[] {
  return id === undefined ? [LICENSES_PATH] : [LICENSES_PATH, licensePath(id), licenseContentPath(id)];
}
