"use client";

import { useSyncExternalStore } from "react";
import { site } from "@/lib/config/site";

const noSubscription = () => () => {};
const configuredOrigin = new URL(site.url).origin;

/**
 * The product host for absolute API addresses. Static pages are prerendered with the configured APP_URL and
 * corrected in the browser to the origin actually serving them (another port, a preview host, a proxy).
 */
export function useOrigin(): string {
  return useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => configuredOrigin,
  );
}

/** Base of every API path (docs/product.md#api-documentation-page: the product host plus /api/). */
export function useApiBaseUrl(): string {
  return `${useOrigin()}/api/`;
}
