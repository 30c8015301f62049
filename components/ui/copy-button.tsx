"use client";

import { useEffect, useRef, useState } from "react";
import { notify } from "@/client/notify";
import { Button, type ButtonSize, type ButtonVariant } from "@/components/ui/button";

/** docs/product.md#constants: the copy confirmation shows for 2 seconds. */
export const COPY_CONFIRMATION_MS = 2000;

interface CopyControlProps {
  label: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

interface CopyButtonProps extends CopyControlProps {
  text: string;
  /** What a screen reader hears after copying. */
  announcement: string;
}

/**
 * The button and its status line; `read` gives the text to copy and what a screen reader hears, at click time.
 * Its label reads 'Copied!' for two seconds afterwards (a second click restarts the wait).
 */
function CopyControl({
  read,
  label,
  variant = "outline",
  size = "sm",
  className,
}: CopyControlProps & { read: (button: HTMLButtonElement) => { text: string; announcement: string } }) {
  const button = useRef<HTMLButtonElement>(null);
  const [copied, setCopied] = useState<{ at: number; announcement: string } | null>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    if (!button.current) return;
    const { text, announcement } = read(button.current);
    try {
      await navigator.clipboard.writeText(text);
      setCopied({ at: Date.now(), announcement });
    } catch {
      notify.error("Could not copy", "Your browser blocked the clipboard. Select the text and copy it by hand.");
    }
  }

  return (
    <>
      <Button ref={button} variant={variant} size={size} className={className} onClick={copy}>
        {copied ? "Copied!" : label}
      </Button>
      <span role="status" className="sr-only">
        {copied?.announcement ?? ""}
      </span>
    </>
  );
}

/** Copies `text`. */
export function CopyButton({ text, announcement, ...props }: CopyButtonProps) {
  return <CopyControl {...props} read={() => ({ text, announcement })} />;
}

/**
 * "Copy code": copies the code of the figure it sits in (its `pre`), as the page shows it — so a code block sends its
 * code to the browser once, as the highlighted markup, and the copy follows any change made to it there (the origin
 * swap of use-origin.ts). A screen reader hears the figure's caption, then "copied to clipboard". No props, so its
 * fifty copies on /api-docs add next to nothing to the RSC payload.
 */
export function CopyCodeButton() {
  return (
    <CopyControl
      label="Copy code"
      variant="secondary"
      size="sm"
      read={(button) => {
        const figure = button.closest("figure");
        const caption = figure?.querySelector("figcaption")?.textContent ?? "Code";
        return { text: figure?.querySelector("pre")?.textContent ?? "", announcement: `${caption} copied to clipboard` };
      }}
    />
  );
}
