"use client";

import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * The origin serving this page, for absolute API addresses: the browser's own, so one build works on any host
 * (docs/architecture.md#one-build-any-host). The server does not know it when a page is rendered ahead of time, so
 * the server HTML (and hydration) uses "" — addresses relative to the host — and the browser fills in its origin
 * right after hydration, which React does without a mismatch.
 */
export function useOrigin(): string {
  return useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => "",
  );
}

/** Base of every API path (docs/product.md#api-documentation-page: the product host plus /api/). */
export function useApiBaseUrl(): string {
  return `${useOrigin()}/api/`;
}
