"use client";

import { useApiBaseUrl } from "@/components/site/use-origin";
import { CopyButton } from "@/components/ui/copy-button";

export function BaseUrl() {
  const apiBaseUrl = useApiBaseUrl();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-slate-900 px-4 py-3">
      <code data-testid="api-base-url" className="min-h-10 min-w-0 flex-1 font-mono text-sm break-all text-slate-100 sm:min-h-0">
        {apiBaseUrl}
      </code>
      <CopyButton text={apiBaseUrl} label="Copy" announcement="Base URL copied to clipboard" variant="secondary" />
    </div>
  );
}
