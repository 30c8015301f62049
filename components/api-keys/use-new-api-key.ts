"use client";

import { type QueryClient, skipToken, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreatedApiKeyDto } from "@/lib/api-keys/dto";

// The one moment a full key exists in the browser. It lives in the query cache rather than in the tab's state
// so that switching tabs does not lose it before it is copied. A reload ends it, and signing in as someone
// else drops it with the rest of the previous user's data (see useAuth).
const NEW_API_KEY = ["new-api-key"];

export function useNewApiKey() {
  const queryClient = useQueryClient();
  const { data } = useQuery<CreatedApiKeyDto | null>({
    queryKey: NEW_API_KEY,
    queryFn: skipToken,
    gcTime: Number.POSITIVE_INFINITY,
  });
  return {
    newKey: data ?? null,
    setNewKey: (key: CreatedApiKeyDto | null) => queryClient.setQueryData(NEW_API_KEY, key),
  };
}

/** A deleted key is no use to copy: its box goes with it. */
export function forgetNewApiKey(queryClient: QueryClient, deletedId: number) {
  queryClient.setQueryData<CreatedApiKeyDto | null>(NEW_API_KEY, (current) => (current?.id === deletedId ? null : current));
}
