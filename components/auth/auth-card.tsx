import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "@/components/ui/card";

/**
 * The centred card both the login and the register page sit in. It is centred in the first screen under the header
 * (100svh less the header's 4rem), not in whatever space the frame leaves: that space depends on the footer, and a
 * paint before the parser has reached the footer would centre the card lower, then move it (layout shift).
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
    <main id="main" className="flex min-h-[calc(100svh-4rem)] items-center justify-center px-4 py-16">
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
