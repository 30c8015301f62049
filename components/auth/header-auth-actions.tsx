"use client";

import { useRouter } from "next/navigation";
import { Button, ButtonLink } from "@/components/ui/button";
import { apiRequest } from "@/lib/client/api";
import { notify } from "@/lib/client/notify";
import { useAuth } from "./use-auth";

/** Header right side (docs/product.md#shared-frame): Login + Sign Up when signed out, Logout when signed in. */
export function HeaderAuthActions({ onNavigate }: { onNavigate?: () => void }) {
  const { isAuthenticated, setUser } = useAuth();
  const router = useRouter();

  async function logout() {
    try {
      await apiRequest("POST", "/api/auth/logout", {});
      setUser(null);
      notify.success("Logged out", "You have been logged out successfully");
      onNavigate?.();
      router.push("/");
      router.refresh();
    } catch {
      notify.error("Logout failed", "Could not log out. Please try again.");
    }
  }

  if (isAuthenticated) {
    return (
      <Button variant="outline" size="sm" onClick={logout}>
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
