"use client";

import { notify } from "@/client/notify";
import { Button } from "@/components/ui/button";
import type { CreatedApiKeyDto } from "@/lib/api-keys/dto";

/** docs/product.md#api-keys-tab: the new key, shown once in a highlighted box with a copy button. */
export function NewApiKeyNotice({ apiKey, onDismiss }: { apiKey: CreatedApiKeyDto; onDismiss: () => void }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(apiKey.key);
      notify.success("Copied to clipboard");
    } catch {
      notify.error("Could not copy", "Select the key and copy it by hand.");
    }
  }

  return (
    <section
      aria-labelledby="new-api-key-title"
      data-testid="new-api-key"
      className="rounded-xl border-2 border-amber-300 bg-amber-50 p-5"
    >
      <h3 id="new-api-key-title" className="font-semibold text-amber-950">
        Your new API key{apiKey.description ? `: ${apiKey.description}` : ""}
      </h3>
      <p className="mt-1 text-sm text-amber-900">
        Copy it now and keep it somewhere safe. For your security it will not be shown again.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <code className="block min-w-0 flex-1 rounded-md border border-amber-200 bg-white px-3 py-2 font-mono text-sm break-all text-slate-900">
          {apiKey.key}
        </code>
        <div className="flex gap-2">
          <Button onClick={copy} aria-label="Copy API key">
            Copy
          </Button>
          <Button variant="ghost" onClick={onDismiss}>
            Done
          </Button>
        </div>
      </div>
    </section>
  );
}
