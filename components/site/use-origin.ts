"use client";

import { type RefObject, useEffect, useSyncExternalStore } from "react";

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

/**
 * The same swap for code highlighted on the server (a server component's markup, which no client state renders):
 * once hydrated, every `placeholder` in the text of the code elements under `container` becomes this page's origin.
 * The code is a code block's inner HTML, which React never touches again, so the change stays; a copy button reads
 * the code from the page and copies it as shown.
 */
export function useOriginInCode(container: RefObject<HTMLElement | null>, placeholder: string): void {
  useEffect(() => {
    const origin = window.location.origin;
    if (!container.current || origin === placeholder) return;
    for (const code of container.current.querySelectorAll("pre code")) {
      const texts = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        if (node.nodeValue?.includes(placeholder)) node.nodeValue = node.nodeValue.replaceAll(placeholder, origin);
      }
    }
  }, [container, placeholder]);
}
