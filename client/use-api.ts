"use client";

import { type DefinedUseQueryResult, type UseQueryResult, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi, errorMessage } from "./api";
import { type ApiAnswer, type ApiBody, type ApiParams, type ApiPath, apiPath } from "./contract";
import { notify } from "./notify";

// The one read and the one write of the browser (docs/product.md#browser-calls): cookies always sent, JSON only with a
// body, no retries (client/query-client.ts), the server's message in the failure notice, and what a change
// touched fetched again after it.

interface ReadOptions<P extends ApiPath<"GET">> {
  params?: ApiParams<P>;
  query?: Record<string, string | number | undefined>;
  /** false: not fetched yet (e.g. until an id is known). */
  enabled?: boolean;
  /** Server-rendered data: shown at once, fetched again only when invalidated. */
  initialData?: ApiAnswer<"GET", P>;
}

/** A GET, cached under its concrete path (the query key is the API path). */
export function useApi<P extends ApiPath<"GET">>(
  path: P,
  options: ReadOptions<P> & { initialData: ApiAnswer<"GET", P> },
): DefinedUseQueryResult<ApiAnswer<"GET", P>>;
export function useApi<P extends ApiPath<"GET">>(path: P, options?: ReadOptions<P>): UseQueryResult<ApiAnswer<"GET", P>>;
export function useApi<P extends ApiPath<"GET">>(path: P, options: ReadOptions<P> = {}): UseQueryResult<ApiAnswer<"GET", P>> {
  return useQuery<ApiAnswer<"GET", P>>({
    queryKey: [apiPath(path, options.params, options.query)],
    enabled: options.enabled,
    initialData: options.initialData,
  });
}

type WriteMethod = "POST" | "PATCH" | "DELETE";

export interface ApiVariables<M extends WriteMethod, P extends string> {
  params?: ApiParams<P>;
  body?: ApiBody<M, P>;
}

interface WriteOptions<M extends WriteMethod, P extends string> {
  /** Runs first on success (reset a form, show the new key). */
  onSuccess?: (data: ApiAnswer<M, P>, variables: ApiVariables<M, P>) => void;
  /** The reads (API paths) fetched again after a success, before the notice shows. */
  refetch?: (data: ApiAnswer<M, P>, variables: ApiVariables<M, P>) => readonly string[];
  /** The success notice (docs/product.md#error-catalogue). */
  success: (data: ApiAnswer<M, P>) => { title: string; description?: string };
  /** The failure notice: its title, and the text shown when the server gave no message. */
  failure: { title: string; fallback?: string };
}

/** A POST, PATCH or DELETE with the notices and the refetch every change in the dashboard needs. */
export function useApiMutation<M extends WriteMethod, P extends ApiPath<M>>(method: M, path: P, options: WriteOptions<M, P>) {
  const queryClient = useQueryClient();
  return useMutation({
    // TypeScript cannot see that P, a path of a write method M, is a path of M among all methods: the caller's P was checked.
    mutationFn: (variables: ApiVariables<M, P>) =>
      callApi(method, path as ApiPath<M>, variables as ApiVariables<M, ApiPath<M>>) as Promise<ApiAnswer<M, P>>,
    onSuccess: async (data, variables) => {
      options.onSuccess?.(data, variables);
      const keys = options.refetch?.(data, variables) ?? [];
      await Promise.all(keys.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
      const notice = options.success(data);
      notify.success(notice.title, notice.description);
    },
    onError: (error) => notify.error(options.failure.title, errorMessage(error, options.failure.fallback)),
  });
}
