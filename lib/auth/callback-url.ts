export const DEFAULT_SIGNED_IN_PATH = "/dashboard";

/**
 * Where to go after signing in: the `callbackUrl` the visitor was sent with when it is a path on this site,
 * else the dashboard. Anything else (other hosts, `//host`, `/\host`) would make the login page an open redirect.
 */
export function safeCallbackPath(raw: string | string[] | null | undefined): string {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return DEFAULT_SIGNED_IN_PATH;
  return value;
}
