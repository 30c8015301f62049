"use client";

import * as DialogPrimitive from "@radix-ui/react-dialog";
import type { RefObject } from "react";
import { HeaderAuthActions } from "@/components/auth/header-auth-actions";
import { Dialog, DialogClose, DialogTitle } from "@/components/ui/dialog";
import { CloseIcon } from "./icons";
import { NavLinks } from "./nav-links";

interface MobileDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button lives outside this lazily loaded module, so focus is handed back to it explicitly. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/** The side drawer of small screens (docs/product.md#shared-frame); choosing a link closes it. */
export function MobileDrawer({ open, onOpenChange, returnFocusTo }: MobileDrawerProps) {
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <DialogPrimitive.Content
          id="mobile-menu"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-72 max-w-[85vw] flex-col gap-6 overflow-y-auto bg-white p-6 shadow-xl"
        >
          <div className="flex items-center justify-between">
            <DialogTitle className="text-lg font-semibold">Menu</DialogTitle>
            <DialogClose className="inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100">
              <CloseIcon width={24} height={24} />
              <span className="sr-only">Close menu</span>
            </DialogClose>
          </div>
          <nav aria-label="Main">
            <NavLinks orientation="vertical" onNavigate={close} />
          </nav>
          <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-6">
            <HeaderAuthActions onNavigate={close} />
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </Dialog>
  );
}
