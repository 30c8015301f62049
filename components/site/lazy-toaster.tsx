"use client";

import dynamic from "next/dynamic";

/**
 * sonner's Toaster, loaded after the page has hydrated: no page needs it for its first paint, and it stays out of
 * every page's first-load JavaScript (docs/decisions.md#javascript-budget). docs/product.md#notifications: one
 * visible at a time, 5000 ms, F8 focuses the region, swipe right to dismiss.
 */
const Toaster = dynamic(() => import("sonner").then((module) => module.Toaster), { ssr: false });

export function LazyToaster() {
  return (
    <Toaster
      visibleToasts={1}
      duration={5000}
      hotkey={["F8"]}
      swipeDirections={["right"]}
      position="bottom-right"
      richColors
      closeButton
    />
  );
}
