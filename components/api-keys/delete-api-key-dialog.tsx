"use client";

import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import type { ApiKeyDto } from "@/lib/api-keys/dto";
import { useDeleteApiKey } from "./use-api-keys";

/** docs/product.md#api-keys-tab: a confirmation that clicking outside cannot dismiss; it stays open while the delete runs. */
export function DeleteApiKeyDialog({ apiKey, onClose }: { apiKey: ApiKeyDto | null; onClose: () => void }) {
  const remove = useDeleteApiKey(onClose);

  return (
    <Dialog
      open={apiKey !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
    >
      <DialogContent dismissOnOutsideClick={false}>
        <DialogTitle className="text-lg font-semibold">Delete API key?</DialogTitle>
        <DialogDescription className="mt-2 text-sm text-slate-600">
          Applications using <span className="font-mono text-slate-900">{apiKey?.key}</span>
          {apiKey?.description ? ` (${apiKey.description})` : ""} will stop working immediately. This cannot be undone.
        </DialogDescription>
        <div className="mt-6 flex justify-end gap-3">
          <DialogClose asChild>
            <Button variant="outline" disabled={remove.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() => apiKey && remove.mutate({ params: { id: apiKey.id } })}
          >
            {remove.isPending ? "Deleting..." : "Delete"}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
