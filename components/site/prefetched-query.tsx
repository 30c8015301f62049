import "server-only";
import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";

interface PrefetchedQueryProps<T> {
  /** The query key the client components read (the API path, docs/product.md#browser-calls). */
  path: string;
  /** What GET `path` answers, loaded on the server; undefined when that failed. */
  data: T | undefined;
  children: ReactNode;
}

/**
 * Server-renders a client component's data: the answer loaded on the server goes into the browser's query cache, so
 * the HTML carries the content and the browser asks the API nothing. Without data nothing is handed over and the
 * client component fetches for itself as before (skeletons, then its own failure state).
 */
export function PrefetchedQuery<T>({ path, data, children }: PrefetchedQueryProps<T>) {
  const queryClient = new QueryClient();
  if (data !== undefined) queryClient.setQueryData([path], data);
  return <HydrationBoundary state={dehydrate(queryClient)}>{children}</HydrationBoundary>;
}
