// docs/product.md#notifications: at most one notification is visible, and a new one replaces the old. sonner loads
// with the first notification rather than with every page (components/providers.tsx mounts its Toaster lazily too).
type Kind = "success" | "error";

function show(kind: Kind, title: string, description?: string) {
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
