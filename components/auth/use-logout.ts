"use client";

import { useRouter } from "next/navigation";
import { callApi } from "@/client/api";
import { notify } from "@/client/notify";
import { useAuth } from "./use-auth";

/**
 * Logs out (docs/product.md#auth-state): ends this session on the server, or with `everywhere` every session and
 * API token of the account (docs/architecture.md#sessions), then clears the user and goes home.
 */
export function useLogout(onDone?: () => void) {
  const { setUser } = useAuth();
  const router = useRouter();
  return async ({ everywhere = false }: { everywhere?: boolean } = {}) => {
    try {
      await callApi("POST", "/api/auth/logout", { body: everywhere ? { everywhere: true } : {} });
      setUser(null);
      notify.success(
        "Logged out",
        everywhere ? "You have been logged out on every device" : "You have been logged out successfully",
      );
      onDone?.();
      router.push("/");
      router.refresh();
    } catch {
      notify.error("Logout failed", "Could not log out. Please try again.");
    }
  };
}
