"use client";

import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LicenseContentDto, LicenseDto } from "@/lib/licenses/dto";

// Query keys are the API paths (lib/client/query-client.ts fetches them).
export const LICENSES_PATH = "/api/licenses";
export const licensePath = (id: number) => `${LICENSES_PATH}/${id}`;
export const licenseContentPath = (id: number) => `${LICENSES_PATH}/${id}/content`;

export function useLicenses() {
  return useQuery<LicenseDto[]>({ queryKey: [LICENSES_PATH] });
}

export function useLicense(initial: LicenseDto) {
  return useQuery<LicenseDto>({ queryKey: [licensePath(initial.id)], initialData: initial });
}

export function useLicenseContent(id: number, initial: LicenseContentDto[]) {
  return useQuery<LicenseContentDto[]>({ queryKey: [licenseContentPath(id)], initialData: initial });
}

/** After any license mutation the list, the license and its content are fetched again (docs/product.md#lists-after-changes). */
export function useRefetchLicense(): (id?: number) => Promise<void> {
  const queryClient = useQueryClient();
  return (id) => refetchLicense(queryClient, id);
}

async function refetchLicense(queryClient: QueryClient, id?: number): Promise<void> {
  const keys = id === undefined ? [LICENSES_PATH] : [LICENSES_PATH, licensePath(id), licenseContentPath(id)];
  await Promise.all(keys.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
}
