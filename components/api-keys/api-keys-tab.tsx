"use client";

import { MAX_API_KEYS_PER_USER } from "@/lib/api-keys/schema";
import { ApiKeyListCard } from "./api-key-list-card";
import { ApiKeyUsageExample } from "./api-key-usage-example";
import { GenerateApiKeyCard } from "./generate-api-key-card";
import { NewApiKeyNotice } from "./new-api-key-notice";
import { useApiKeys } from "./use-api-keys";
import { useNewApiKey } from "./use-new-api-key";
import { WebhookSecretCard } from "./webhook-secret-card";

export function ApiKeysTab() {
  const { newKey, setNewKey } = useNewApiKey();
  const keys = useApiKeys();

  return (
    <div className="space-y-6">
      {newKey ? <NewApiKeyNotice apiKey={newKey} onDismiss={() => setNewKey(null)} /> : null}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <ApiKeyListCard />
        <GenerateApiKeyCard atLimit={(keys.data?.length ?? 0) >= MAX_API_KEYS_PER_USER} onCreated={setNewKey} />
      </div>
      <ApiKeyUsageExample />
      <WebhookSecretCard />
    </div>
  );
}
