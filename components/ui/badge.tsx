import type { ComponentProps } from "react";
import { cn } from "@/components/ui/cn";

export type BadgeVariant = "default" | "secondary" | "destructive" | "outline" | "green" | "blue";

const VARIANTS: Record<BadgeVariant, string> = {
  default: "bg-brand-600 text-white",
  secondary: "bg-slate-100 text-slate-800",
  destructive: "bg-red-600 text-white",
  outline: "border border-slate-300 text-slate-700",
  green: "bg-green-100 text-green-800",
  blue: "bg-blue-100 text-blue-800",
};

export function Badge({ variant = "default", className, ...props }: ComponentProps<"span"> & { variant?: BadgeVariant }) {
  return (
    <span
      data-variant={variant}
      className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold", VARIANTS[variant], className)}
      {...props}
    />
  );
}
