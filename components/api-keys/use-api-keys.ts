"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiKeyDto, CreatedApiKeyDto } from "@/lib/api-keys/dto";
import type { CreateApiKeyInput } from "@/lib/api-keys/schema";
import { apiRequest, errorMessage } from "@/lib/client/api";
import { notify } from "@/lib/client/notify";
import { forgetNewApiKey } from "./use-new-api-key";

export const API_KEYS_PATH = "/api/keys";

export function useApiKeys() {
  return useQuery<ApiKeyDto[]>({ queryKey: [API_KEYS_PATH] });
}

/** Notices on success and failure (docs/product.md#error-catalogue), and the list refetched after every successful change. */
export function useCreateApiKey(onCreated: (key: CreatedApiKeyDto) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) => apiRequest<CreatedApiKeyDto>("POST", API_KEYS_PATH, input),
    onSuccess: async (key) => {
      onCreated(key);
      notify.success("API key generated", "Copy it now: it will not be shown again.");
      await queryClient.invalidateQueries({ queryKey: [API_KEYS_PATH] });
    },
    onError: (error) => notify.error("Failed to generate API key", errorMessage(error)),
  });
}

export function useDeleteApiKey(onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest("DELETE", `${API_KEYS_PATH}/${id}`),
    onSuccess: async (_, id) => {
      onDeleted();
      forgetNewApiKey(queryClient, id);
      notify.success("API key deleted", "Applications using it can no longer call the API.");
      await queryClient.invalidateQueries({ queryKey: [API_KEYS_PATH] });
    },
    onError: (error) => notify.error("Failed to delete API key", errorMessage(error)),
  });
}
