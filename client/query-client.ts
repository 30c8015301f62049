import { QueryClient } from "@tanstack/react-query";
import { apiRequest } from "./api";

/**
 * docs/product.md#browser-calls: the query key is the path; data never goes stale, is never refetched on focus or polled,
 * and neither reads nor mutations are retried. Mutations refetch what they change by invalidating it.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: ({ queryKey }) => apiRequest("GET", String(queryKey[0])),
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
