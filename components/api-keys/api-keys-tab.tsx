"use client";

import { useAuth } from "@/components/auth/use-auth";
import { MAX_API_KEYS_PER_USER } from "@/lib/api-keys/schema";
import { ApiKeyListCard } from "./api-key-list-card";
import { ApiKeyUsageExample } from "./api-key-usage-example";
import { GenerateApiKeyCard } from "./generate-api-key-card";
import { NewApiKeyNotice } from "./new-api-key-notice";
import { setNewApiKey, useNewApiKey } from "./new-api-key-store";
import { useApiKeys } from "./use-api-keys";

export function ApiKeysTab() {
  const ownerId = useAuth().user?.id ?? null;
  const newKey = useNewApiKey(ownerId);
  const keys = useApiKeys();

  return (
    <div className="space-y-6">
      {newKey ? <NewApiKeyNotice apiKey={newKey} onDismiss={() => setNewApiKey(null)} /> : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <ApiKeyListCard />
        <GenerateApiKeyCard
          atLimit={(keys.data?.length ?? 0) >= MAX_API_KEYS_PER_USER}
          onCreated={(key) => setNewApiKey({ ownerId, key })}
        />
      </div>
      <ApiKeyUsageExample />
    </div>
  );
}
