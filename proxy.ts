import { type NextRequest, NextResponse } from "next/server";
import { safeCallbackPath } from "@/lib/auth/callback-url";
import { readCookie, userIdFromSessionCookie } from "@/lib/auth/session-cookie";
import { expiredSignedInHintCookie, SIGNED_IN_HINT_COOKIE, signedInHintCookie } from "@/lib/auth/signed-in-hint";

const SIGNED_IN_ONLY = [/^\/dashboard(\/|$)/, /^\/licenses(\/|$)/];
const SIGNED_OUT_ONLY = new Set(["/login", "/register"]);

/**
 * Optimistic redirects from the session cookie alone (no database): signed-out visitors of the signed-in area go
 * to /login and keep where they were going in `callbackUrl`; signed-in visitors of /login and /register go on to
 * the dashboard. Every page checks the session again against the database. The cookie is decrypted, not just
 * looked for, so an expired or forged one never bounces a visitor between /login and /dashboard.
 */
export async function proxy(request: NextRequest) {
  const cookies = request.headers.get("cookie");
  const signedIn = (await userIdFromSessionCookie(cookies)) !== null;
  const response = redirectFor(request, signedIn) ?? NextResponse.next();
  // The signed-in hint (lib/auth/signed-in-hint.ts) follows the session: a session from before the hint existed gets
  // one, and an expired or forged session loses its stale one.
  const hinted = readCookie(cookies, SIGNED_IN_HINT_COOKIE) !== undefined;
  if (signedIn && !hinted) response.headers.append("Set-Cookie", signedInHintCookie(request.nextUrl.protocol === "https:"));
  if (!signedIn && hinted) response.headers.append("Set-Cookie", expiredSignedInHintCookie());
  return response;
}

function redirectFor(request: NextRequest, signedIn: boolean): NextResponse | null {
  const { pathname, search } = request.nextUrl;
  if (!signedIn && SIGNED_IN_ONLY.some((pattern) => pattern.test(pathname))) {
    const login = new URL("/login", request.url);
    login.searchParams.set("callbackUrl", `${pathname}${search}`);
    return NextResponse.redirect(login);
  }
  if (signedIn && SIGNED_OUT_ONLY.has(pathname)) {
    return NextResponse.redirect(new URL(safeCallbackPath(request.nextUrl.searchParams.get("callbackUrl")), request.url));
  }
  return null;
}

export const config = {
  matcher: ["/dashboard/:path*", "/licenses/:path*", "/login", "/register"],
};
