"use client";

import { useQueryClient } from "@tanstack/react-query";
import type { CreatedApiKeyDto } from "@/lib/api-keys/dto";
import { useApi, useApiMutation } from "@/lib/client/use-api";
import { forgetNewApiKey } from "./use-new-api-key";

export const API_KEYS_PATH = "/api/keys";

export function useApiKeys() {
  return useApi(API_KEYS_PATH);
}

/** Notices on success and failure (docs/product.md#error-catalogue), and the list refetched after every successful change. */
export function useCreateApiKey(onCreated: (key: CreatedApiKeyDto) => void) {
  return useApiMutation("POST", API_KEYS_PATH, {
    onSuccess: onCreated,
    refetch: () => [API_KEYS_PATH],
    success: () => ({ title: "API key generated", description: "Copy it now: it will not be shown again." }),
    failure: { title: "Failed to generate API key" },
  });
}

export function useDeleteApiKey(onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useApiMutation("DELETE", "/api/keys/{id}", {
    onSuccess: ({ id }) => {
      onDeleted();
      forgetNewApiKey(queryClient, id);
    },
    refetch: () => [API_KEYS_PATH],
    success: () => ({ title: "API key deleted", description: "Applications using it can no longer call the API." }),
    failure: { title: "Failed to delete API key" },
  });
}
