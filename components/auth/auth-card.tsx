import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "@/components/ui/card";

/**
 * The card both the login and the register page sit in: centred across, at a fixed distance below the header. Not
 * centred vertically: the browser may paint before the parser has reached the end of the card or the footer, and a
 * vertically centred card then sits lower (a shorter card, or more space left under it) and moves up when the rest
 * arrives (layout shift 0.06–0.13 on /login). Top-aligned, content parsed later only extends the page downwards.
 */
export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <main id="main" className="flex items-start justify-center px-4 py-12 sm:py-20">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
        <CardFooter className="flex-col items-stretch gap-2 text-center text-sm text-slate-600">{footer}</CardFooter>
      </Card>
    </main>
  );
}
