"use client";

import { useEffect, useState } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "@/components/ui/button";
import { notify } from "@/lib/client/notify";

/** docs/product.md#constants: the copy confirmation shows for 2 seconds. */
export const COPY_CONFIRMATION_MS = 2000;

interface CopyButtonProps {
  text: string;
  label: string;
  /** What a screen reader hears after copying. */
  announcement: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** Copies `text`; its label reads 'Copied!' for two seconds afterwards (a second click restarts the wait). */
export function CopyButton({ text, label, announcement, variant = "outline", size = "sm", className }: CopyButtonProps) {
  const [copiedAt, setCopiedAt] = useState(0);
  useEffect(() => {
    if (copiedAt === 0) return;
    const timer = setTimeout(() => setCopiedAt(0), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copiedAt]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopiedAt(Date.now());
    } catch {
      notify.error("Could not copy", "Your browser blocked the clipboard. Select the text and copy it by hand.");
    }
  }

  return (
    <>
      <Button variant={variant} size={size} className={className} onClick={copy}>
        {copiedAt ? "Copied!" : label}
      </Button>
      <span role="status" className="sr-only">
        {copiedAt ? announcement : ""}
      </span>
    </>
  );
}
