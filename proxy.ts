import { type NextRequest, NextResponse } from "next/server";
import { safeCallbackPath } from "@/lib/auth/callback-url";
import { userIdFromSessionCookie } from "@/lib/auth/session-cookie";

const SIGNED_IN_ONLY = [/^\/dashboard(\/|$)/, /^\/licenses(\/|$)/];
const SIGNED_OUT_ONLY = new Set(["/login", "/register"]);

/**
 * Optimistic redirects from the session cookie alone (no database): signed-out visitors of the signed-in area go
 * to /login and keep where they were going in `callbackUrl`; signed-in visitors of /login and /register go on to
 * the dashboard. Every page checks the session again against the database. The cookie is decrypted, not just
 * looked for, so an expired or forged one never bounces a visitor between /login and /dashboard.
 */
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const signedIn = (await userIdFromSessionCookie(request.headers.get("cookie"))) !== null;

  if (!signedIn && SIGNED_IN_ONLY.some((pattern) => pattern.test(pathname))) {
    const login = new URL("/login", request.url);
    login.searchParams.set("callbackUrl", `${pathname}${search}`);
    return NextResponse.redirect(login);
  }
  if (signedIn && SIGNED_OUT_ONLY.has(pathname)) {
    return NextResponse.redirect(new URL(safeCallbackPath(request.nextUrl.searchParams.get("callbackUrl")), request.url));
  }
  return NextResponse.next();
}

export const config = {
  matcher: ["/dashboard/:path*", "/licenses/:path*", "/login", "/register"],
};
