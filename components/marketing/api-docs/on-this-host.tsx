"use client";

import { type ReactNode, useRef } from "react";
import { useOriginInCode } from "@/components/site/use-origin";

/** Server-rendered code blocks that name `placeholder`, shown with this page's origin instead (use-origin.ts). */
export function OnThisHost({ placeholder, children }: { placeholder: string; children: ReactNode }) {
  const container = useRef<HTMLDivElement>(null);
  useOriginInCode(container, placeholder);
  return <div ref={container}>{children}</div>;
}
