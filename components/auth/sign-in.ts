"use client";

import { useRouter } from "next/navigation";
import { notify } from "@/client/notify";
import { type AuthUser, checkSession, useAuth } from "./use-auth";

/**
 * Signs in through next-auth's credentials provider (which sets the session cookie). Resolves to null on
 * success, else to next-auth's error code.
 */
export async function signInWithPassword(email: string, password: string): Promise<string | null> {
  try {
    // Loaded on submit: the page does not need next-auth's client until then.
    const { signIn } = await import("next-auth/react");
    const result = await signIn("credentials", { email, password, redirect: false });
    return result?.ok && !result.error ? null : (result?.error ?? "CredentialsSignin");
  } catch {
    return "NetworkError";
  }
}

/** After a successful sign-in (docs/product.md#auth-state): store the user, say so, and go to where the visitor was heading. */
export function useFinishSignIn() {
  const { setUser } = useAuth();
  const router = useRouter();
  return async (notice: { title: string; description: string }, destination: string, user?: AuthUser) => {
    setUser(user ?? (await checkSession()));
    notify.success(notice.title, notice.description);
    // Pages prefetched while signed out were cached as redirects to /login; drop them before moving on.
    router.refresh();
    router.push(destination);
  };
}
