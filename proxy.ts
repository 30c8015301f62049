import { type NextRequest, NextResponse } from "next/server";
import { readCookie, userIdFromSessionCookie } from "@/lib/auth/session-cookie";
import { expiredSignedInHintCookie, SIGNED_IN_HINT_COOKIE, signedInHintCookie } from "@/lib/auth/signed-in-hint";

const SIGNED_IN_ONLY = [/^\/dashboard(\/|$)/, /^\/licenses(\/|$)/];

/**
 * Optimistic redirect from the session cookie alone (no database): signed-out visitors of the signed-in area go
 * to /login and keep where they were going in `callbackUrl`. Every page checks the session again against the
 * database. The cookie is decrypted, not just looked for, so an expired or forged one counts as signed out.
 *
 * Signed-in visitors of /login and /register are sent on by those pages themselves (redirectIfSignedIn), not
 * here: a cookie can be revoked (logout, docs/architecture.md#sessions), which only the database knows, and an
 * optimistic redirect from /login to the dashboard would then bounce such a visitor back and forth.
 */
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (!SIGNED_IN_ONLY.some((pattern) => pattern.test(pathname))) return NextResponse.next();
  const cookies = request.headers.get("cookie");
  const hinted = readCookie(cookies, SIGNED_IN_HINT_COOKIE) !== undefined;
  // The signed-in hint (lib/auth/signed-in-hint.ts) follows the session: a session from before the hint existed gets
  // one here, and a visitor sent to sign in loses a stale one.
  if ((await userIdFromSessionCookie(cookies)) !== null) {
    const through = NextResponse.next();
    if (!hinted) through.headers.append("Set-Cookie", signedInHintCookie(request.nextUrl.protocol === "https:"));
    return through;
  }
  const login = new URL("/login", request.url);
  login.searchParams.set("callbackUrl", `${pathname}${search}`);
  const redirect = NextResponse.redirect(login);
  if (hinted) redirect.headers.append("Set-Cookie", expiredSignedInHintCookie());
  return redirect;
}

export const config = {
  matcher: ["/dashboard/:path*", "/licenses/:path*"],
};
