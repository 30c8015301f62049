"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { getJson } from "@/lib/client/api";

export interface AuthUser {
  id: number;
  email: string;
}

export const AUTH_ME_PATH = "/api/auth/me";

/**
 * Client auth state (spec §4): not authenticated until the session check on load answers OK;
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
    setUser: (user: AuthUser | null) => queryClient.setQueryData([AUTH_ME_PATH], user),
  };
}
