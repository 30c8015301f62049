// docs/product.md#notifications: at most one notification is visible, and a new one replaces the old. sonner loads
// with the first notification rather than with every page, and its Toaster mounts then too
// (components/site/lazy-toaster.tsx): loading it on every page after hydration was a long main-thread task (its
// module, its injected stylesheet and a render) for a notification most visits never show.
type Kind = "success" | "error";

let wanted = false;
const listeners = new Set<() => void>();

/** Whether a notification was asked for yet: the Toaster mounts from then on. */
export function toasterWanted(): boolean {
  return wanted;
}

export function onToasterWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function show(kind: Kind, title: string, description?: string) {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  // A toast created before the Toaster subscribes is handed to it when it does (sonner's ToastState.subscribe).
  void import("sonner").then(({ toast }) => {
    toast.dismiss();
    toast[kind](title, { description });
  });
}

export const notify = {
  success(title: string, description?: string) {
    show("success", title, description);
  },
  error(title: string, description?: string) {
    show("error", title, description);
  },
};
