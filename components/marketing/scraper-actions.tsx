"use client";

import { useAuth } from "@/components/auth/use-auth";
import { Button, ButtonLink } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";

/** docs/product.md#scraper-detail: signed-in users get their keys and the run button; guests get sign-up and log-in prompts. */
export function ScraperActions() {
  const { isAuthenticated, isChecking } = useAuth();
  if (isChecking) {
    // The same two button rows as what follows, so the card does not move when the check answers.
    return (
      <div className="flex flex-col gap-3">
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }
  if (isAuthenticated) {
    return (
      <div className="flex flex-col gap-3">
        {/* docs/product.md#scraper-detail: the run button is shown but has no action; runs go through the API with a key. */}
        <Button size="lg">Run This Scraper</Button>
        <ButtonLink href="/dashboard" prefetch={false} variant="outline" size="lg">
          View your API keys
        </ButtonLink>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <ButtonLink href="/register" prefetch={false} size="lg">
        Create Account to Get API Key
      </ButtonLink>
      <ButtonLink href="/login" prefetch={false} variant="outline" size="lg">
        Log In to Use
      </ButtonLink>
    </div>
  );
}
