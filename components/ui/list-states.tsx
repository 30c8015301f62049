"use client";

import type { ReactNode } from "react";
import { errorMessage } from "@/client/api";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";

// The three states a list loaded in the browser shows besides its items (dashboard tabs, license pages).

/** Skeleton rows, announced once to screen readers by their label. */
export function LoadingRows({
  label,
  count = 3,
  rowClassName = "h-16 w-full",
}: {
  label: string;
  count?: number;
  rowClassName?: string;
}) {
  return (
    <div role="status" className="space-y-3">
      <span className="sr-only">{label}</span>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className={rowClassName} />
      ))}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center">
      <p className="font-medium text-slate-900">{title}</p>
      {children ? <p className="mt-1 text-sm text-slate-600">{children}</p> : null}
    </div>
  );
}

export function LoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <div className="space-y-3 text-sm text-red-700">
      <p>
        Could not load {what}: {errorMessage(error)}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
