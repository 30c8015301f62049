"use client";

import dynamic from "next/dynamic";
import { useRef, useState } from "react";
import { MenuIcon } from "./icons";

// The drawer (Radix Dialog) is fetched when a visitor first reaches for the menu, so wide screens never load it.
const loadDrawer = () => import("./mobile-drawer").then((module) => module.MobileDrawer);
const MobileDrawer = dynamic(loadDrawer, { ssr: false });

/** Small screens (docs/product.md#shared-frame): the menu button; the links open in a side drawer. */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? "mobile-menu" : undefined}
        onPointerEnter={loadDrawer}
        onFocus={loadDrawer}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className="inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden"
      >
        <MenuIcon width={24} height={24} />
        <span className="sr-only">Open menu</span>
      </button>
      {wanted ? <MobileDrawer open={open} onOpenChange={setOpen} returnFocusTo={buttonRef} /> : null}
    </>
  );
}
