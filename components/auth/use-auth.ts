"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { getJson } from "@/lib/client/api";

export interface AuthUser {
  id: number;
  email: string;
}

export const AUTH_ME_PATH = "/api/auth/me";

/**
 * Client auth state (docs/product.md#auth-state): not authenticated until the session check on load answers OK;
 * a failed check is ignored and simply leaves the visitor signed out.
 */
export function useAuth() {
  const queryClient = useQueryClient();
  const { data, isPending } = useQuery({
    queryKey: [AUTH_ME_PATH],
    queryFn: () => getJson<AuthUser>(AUTH_ME_PATH, { on401: "null" }).catch(() => null),
  });
  return {
    user: data ?? null,
    isAuthenticated: Boolean(data),
    isChecking: isPending,
    setUser: (user: AuthUser | null) => {
      // Cached data never goes stale (docs/product.md#browser-calls), so whoever signs in next must not see the last user's keys.
      // Only unused data is dropped: the pages still showing it are on their way out (logout navigates home,
      // and signing in happens on /login or /register, where no user data is on screen).
      const previous = queryClient.getQueryData<AuthUser | null>([AUTH_ME_PATH]);
      if ((previous?.id ?? null) !== (user?.id ?? null)) {
        queryClient.removeQueries({ type: "inactive", predicate: (query) => query.queryKey[0] !== AUTH_ME_PATH });
      }
      queryClient.setQueryData([AUTH_ME_PATH], user);
    },
  };
}
