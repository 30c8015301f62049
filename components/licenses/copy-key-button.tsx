"use client";

import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { notify } from "@/lib/client/notify";

const COPIED_FOR_MS = 2000;

/** Copies the text and reads 'Copied!' for 2 seconds (spec §9). */
export function CopyKeyButton({ text, label = "Copy" }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      notify.error("Copy failed", "Your browser did not allow copying. Select the key and copy it by hand.");
    }
  };

  return (
    <Button variant="outline" size="sm" onClick={copy} aria-live="polite">
      {copied ? "Copied!" : label}
    </Button>
  );
}
