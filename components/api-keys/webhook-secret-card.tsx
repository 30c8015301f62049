"use client";

import { useState } from "react";
import { apiPath } from "@/client/contract";
import { useApi, useApiMutation } from "@/client/use-api";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { LoadError, LoadingRows } from "@/components/ui/list-states";
import { formatDate } from "@/lib/infra/format";

/** What shows while the secret is hidden: its prefix, so the user sees which kind of value it is, and nothing more. */
const masked = (secret: string) => `${secret.slice(0, secret.indexOf("_") + 1)}${"•".repeat(24)}`;

/**
 * docs/product.md#api-keys-tab: the secret webhooks are signed with. Hidden until 'Show' (anyone looking at the
 * screen could forge deliveries with it), copyable either way; 'Rotate secret' asks first, since receivers
 * checking ScrapeDeck-Signature with the old secret reject deliveries until they are updated (webhook-signature
 * carries both for 24 h). Below it, the addresses disabled by a receiver's 410 Gone.
 */
export function WebhookSecretCard() {
  const secret = useApi("/api/webhooks/secret");
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const rotate = useApiMutation("POST", "/api/webhooks/secret/rotate", {
    onSuccess: () => {
      setConfirming(false);
      setShown(true);
    },
    refetch: () => [apiPath("/api/webhooks/secret")],
    success: () => ({
      title: "Webhook secret rotated",
      description: "Update your receivers: deliveries now use the new secret.",
    }),
    failure: { title: "Failed to rotate webhook secret" },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Webhook signing secret</CardTitle>
        <CardDescription>
          Webhooks (<code className="font-mono">webhook_url</code> on an async run or a batch) are signed with this secret, in the{" "}
          <code className="font-mono">ScrapeDeck-Signature</code> header and in the Standard Webhooks{" "}
          <code className="font-mono">webhook-signature</code> header. Check one before trusting a delivery.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {secret.isPending ? (
          <LoadingRows label="Loading webhook secret" count={1} rowClassName="h-10 w-full" />
        ) : secret.isError ? (
          <LoadError what="your webhook secret" error={secret.error} onRetry={() => secret.refetch()} />
        ) : (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <code
              data-testid="webhook-secret"
              className="block min-w-0 flex-1 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900"
            >
              {shown ? secret.data.secret : masked(secret.data.secret)}
            </code>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" aria-pressed={shown} onClick={() => setShown(!shown)}>
                {shown ? "Hide" : "Show"}
              </Button>
              <CopyButton text={secret.data.secret} label="Copy secret" announcement="Webhook secret copied to the clipboard" />
              <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
                Rotate secret
              </Button>
            </div>
          </div>
        )}
        {secret.data && secret.data.disabled_urls.length > 0 ? <DisabledUrls entries={secret.data.disabled_urls} /> : null}
      </CardContent>
      <Dialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open && !rotate.isPending) setConfirming(false);
        }}
      >
        <DialogContent dismissOnOutsideClick={false}>
          <DialogTitle className="text-lg font-semibold">Rotate webhook secret?</DialogTitle>
          <DialogDescription className="mt-2 text-sm text-slate-600">
            Deliveries from now on are signed with a new secret. Receivers that check ScrapeDeck-Signature with the current one
            will reject them until you update them; webhook-signature carries both secrets' signatures for 24 hours. This cannot
            be undone.
          </DialogDescription>
          <div className="mt-6 flex justify-end gap-3">
            <DialogClose asChild>
              <Button variant="outline" disabled={rotate.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button variant="destructive" disabled={rotate.isPending} onClick={() => rotate.mutate({})}>
              {rotate.isPending ? "Rotating..." : "Rotate"}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </Card>
  );
}

/** Addresses whose receiver answered 410 Gone: deliveries to them are no longer attempted. */
function DisabledUrls({ entries }: { entries: { url: string; disabled_at: string }[] }) {
  return (
    <section aria-labelledby="disabled-webhooks" className="mt-6" data-testid="disabled-webhook-urls">
      <h3 id="disabled-webhooks" className="text-sm font-semibold text-slate-900">
        Disabled webhook addresses
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Their receiver answered <code className="font-mono">410 Gone</code>, so later deliveries to them are not attempted.
      </p>
      <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200">
        {entries.map((entry) => (
          <li key={entry.url} className="flex flex-col gap-1 px-3 py-2 text-sm sm:flex-row sm:items-center sm:justify-between">
            <code className="min-w-0 font-mono break-all text-slate-900">{entry.url}</code>
            <span className="shrink-0 text-slate-600">since {formatDate(entry.disabled_at)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
