import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/** CardTitle's look as an h2: these cards sit right under the page's h1, and CardTitle is always an h3. */
export function CardHeading({ className, ...props }: ComponentProps<"h2">) {
  return <h2 className={cn("text-lg font-semibold leading-tight", className)} {...props} />;
}
