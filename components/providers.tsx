"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Toaster } from "sonner";
import { createQueryClient } from "@/lib/client/query-client";

/** docs/product.md#notifications: one visible at a time, 5000 ms, F8 focuses the region, swipe right to dismiss. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster
        visibleToasts={1}
        duration={5000}
        hotkey={["F8"]}
        swipeDirections={["right"]}
        position="bottom-right"
        richColors
        closeButton
      />
    </QueryClientProvider>
  );
}
