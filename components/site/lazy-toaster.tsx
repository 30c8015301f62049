"use client";

import dynamic from "next/dynamic";
import { useSyncExternalStore } from "react";
import { onToasterWanted, toasterWanted } from "@/client/notify";

/**
 * sonner's Toaster, loaded and mounted with the first notification (client/notify.ts): no page needs it for its
 * first paint, and it stays out of every page's load, first-load JavaScript and main-thread work alike
 * (docs/decisions.md#javascript-budget). docs/product.md#notifications: one visible at a time, 5000 ms, F8 focuses
 * the region, swipe right to dismiss.
 */
const Toaster = dynamic(() => import("sonner").then((module) => module.Toaster), { ssr: false });

export function LazyToaster() {
  const wanted = useSyncExternalStore(onToasterWanted, toasterWanted, () => false);
  if (!wanted) return null;
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
