export const DEFAULT_SIGNED_IN_PATH = "/dashboard";

const BASE = "http://callback.invalid";
const AUTH_PAGES = new Set(["/login", "/register"]);

/**
 * Where to go after signing in: the `callbackUrl` the visitor was sent with when it is a page of this site,
 * else the dashboard. Parsing it the way a browser does keeps out other hosts however they are spelled
 * (`//host`, `/\host`, tabs or newlines inside), so the login page is never an open redirect; the auth pages
 * themselves are refused so that a signed-in visitor is never sent back to them.
 */
export function safeCallbackPath(raw: string | string[] | null | undefined): string {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value?.startsWith("/")) return DEFAULT_SIGNED_IN_PATH;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return DEFAULT_SIGNED_IN_PATH;
  }
  if (url.origin !== BASE || AUTH_PAGES.has(url.pathname)) return DEFAULT_SIGNED_IN_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}
