"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState, LoadError, LoadingRows } from "@/components/ui/list-states";
import type { ApiKeyDto } from "@/lib/api-keys/dto";
import { MAX_API_KEYS_PER_USER } from "@/lib/api-keys/schema";
import { formatDate, relativeTime } from "@/lib/infra/format";
import { DeleteApiKeyDialog } from "./delete-api-key-dialog";
import { useApiKeys } from "./use-api-keys";

export function ApiKeyListCard() {
  const keys = useApiKeys();
  const [toDelete, setToDelete] = useState<ApiKeyDto | null>(null);

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Your API keys</CardTitle>
        <CardDescription>
          {keys.data
            ? `${keys.data.length} of ${MAX_API_KEYS_PER_USER} keys. Keys are shown in full only once, when generated.`
            : "Keys are shown in full only once, when generated."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {keys.isPending ? (
          <LoadingRows label="Loading API keys" />
        ) : keys.isError ? (
          <LoadError what="your API keys" error={keys.error} onRetry={() => keys.refetch()} />
        ) : keys.data.length === 0 ? (
          <EmptyState title="No API Keys">Generate a key to start calling scrapers from your code.</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="API keys">
            {keys.data.map((apiKey) => (
              <li key={apiKey.id} className="flex items-center justify-between gap-4 py-3">
                <div className="min-w-0">
                  <p className="font-mono text-sm text-slate-900">{apiKey.key}</p>
                  {apiKey.description ? <p className="truncate text-sm text-slate-700">{apiKey.description}</p> : null}
                  <p className="text-xs text-slate-500">
                    Created {formatDate(apiKey.created_at)} ·{" "}
                    {apiKey.last_used_at ? `Last used ${relativeTime(new Date(apiKey.last_used_at))}` : "Never used"}
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Delete API key ${apiKey.key}`}
                  onClick={() => setToDelete(apiKey)}
                >
                  Delete
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <DeleteApiKeyDialog apiKey={toDelete} onClose={() => setToDelete(null)} />
    </Card>
  );
}
