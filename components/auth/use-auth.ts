"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { readApi } from "@/client/api";
import { type ApiAnswer, apiPath } from "@/client/contract";
import { SIGNED_IN_HINT_COOKIE } from "@/lib/auth/signed-in-hint";

/** The signed-in user, as GET /api/auth/me answers it. */
export type AuthUser = ApiAnswer<"GET", "/api/auth/me">;

/** The session check's query key: its API path, like every read's (client/query-client.ts). */
export const SESSION_KEY = apiPath("/api/auth/me");

const noSubscription = () => () => {};
const hasSignedInHint = () => document.cookie.split("; ").some((cookie) => cookie.startsWith(`${SIGNED_IN_HINT_COOKIE}=`));

/**
 * Whether this browser holds the signed-in hint (lib/auth/signed-in-hint.ts). The server renders public pages ahead
 * of time without cookies, so it, and hydration, assume a guest.
 */
function useSignedInHint(): boolean {
  return useSyncExternalStore(noSubscription, hasSignedInHint, () => false);
}

/**
 * The session check (on load, and after signing in): the user, or null when signed out or the check failed. Its 401
 * also removes a hint that outlived the session (app/api/auth/me/route.ts).
 */
export function checkSession(): Promise<AuthUser | null> {
  return readApi("/api/auth/me", { on401: "null" }).catch(() => null);
}

/**
 * Client auth state (docs/product.md#auth-state): not authenticated until the session check on load answers OK;
 * a failed check is ignored and simply leaves the visitor signed out. The check runs only when the browser holds
 * the signed-in hint: a guest is known to be one without asking, so a guest's page logs no failed request.
 */
export function useAuth() {
  const queryClient = useQueryClient();
  const hinted = useSignedInHint();
  const { data, isPending } = useQuery({ queryKey: [SESSION_KEY], queryFn: checkSession, enabled: hinted });
  return {
    user: data ?? null,
    isAuthenticated: Boolean(data),
    isChecking: hinted && isPending,
    setUser: (user: AuthUser | null) => {
      // Cached data never goes stale (docs/product.md#browser-calls), so whoever signs in next must not see the last user's keys.
      // Only unused data is dropped: the pages still showing it are on their way out (logout navigates home,
      // and signing in happens on /login or /register, where no user data is on screen).
      const previous = queryClient.getQueryData<AuthUser | null>([SESSION_KEY]);
      if ((previous?.id ?? null) !== (user?.id ?? null)) {
        queryClient.removeQueries({ type: "inactive", predicate: (query) => query.queryKey[0] !== SESSION_KEY });
      }
      queryClient.setQueryData([SESSION_KEY], user);
    },
  };
}
