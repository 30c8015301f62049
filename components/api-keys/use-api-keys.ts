"use client";

import { useQueryClient } from "@tanstack/react-query";
import { apiPath } from "@/client/contract";
import { useApi, useApiMutation } from "@/client/use-api";
import type { CreatedApiKeyDto } from "@/lib/api-keys/dto";
import { forgetNewApiKey } from "./use-new-api-key";

/** What every key change refetches: the list. */
const keyList = () => [apiPath("/api/keys")];

export function useApiKeys() {
  return useApi("/api/keys");
}

/** Notices on success and failure (docs/product.md#error-catalogue), and the list refetched after every successful change. */
export function useCreateApiKey(onCreated: (key: CreatedApiKeyDto) => void) {
  return useApiMutation("POST", "/api/keys", {
    onSuccess: onCreated,
    refetch: keyList,
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
    refetch: keyList,
    success: () => ({ title: "API key deleted", description: "Applications using it can no longer call the API." }),
    failure: { title: "Failed to delete API key" },
  });
}
