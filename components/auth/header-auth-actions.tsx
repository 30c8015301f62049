"use client";

import { Button, ButtonLink } from "@/components/ui/button";
import { useAuth } from "./use-auth";
import { useLogout } from "./use-logout";

/** Header right side (docs/product.md#shared-frame): Login + Sign Up when signed out, Logout when signed in. */
export function HeaderAuthActions({ onNavigate }: { onNavigate?: () => void }) {
  const { isAuthenticated } = useAuth();
  const logout = useLogout(onNavigate);

  if (isAuthenticated) {
    return (
      <Button variant="outline" size="sm" onClick={() => logout()}>
        Logout
      </Button>
    );
  }
  return (
    <>
      <ButtonLink href="/login" prefetch={false} variant="ghost" size="sm" onClick={onNavigate}>
        Login
      </ButtonLink>
      <ButtonLink href="/register" prefetch={false} size="sm" onClick={onNavigate}>
        Sign Up
      </ButtonLink>
    </>
  );
}
