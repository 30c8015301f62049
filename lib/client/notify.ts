import { toast } from "sonner";

// docs/product.md#notifications: at most one notification is visible, and a new one replaces the old.
function replace(show: () => void) {
  toast.dismiss();
  show();
}

export const notify = {
  success(title: string, description?: string) {
    replace(() => toast.success(title, { description }));
  },
  error(title: string, description?: string) {
    replace(() => toast.error(title, { description }));
  },
};
