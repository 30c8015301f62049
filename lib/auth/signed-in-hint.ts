// The signed-in hint: a cookie that says only "this browser has a session", readable by scripts. Public pages are
// static, so the browser decides on its own whether to run the session check (GET /api/auth/me): without the hint it
// does not ask, and a guest's page logs no failed request. It grants nothing — every call still checks the real,
// httpOnly session cookie — and a stale hint costs one check that answers 401 and removes it
// (docs/architecture.md#session-hint).
/** How long a browser session lasts (next-auth's maxAge), and with it the hint. */
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

export const SIGNED_IN_HINT_COOKIE = "scrapedeck-signed-in";

/** Set-Cookie for the hint, alongside a new session cookie. */
export function signedInHintCookie(secure: boolean): string {
  return `${SIGNED_IN_HINT_COOKIE}=1; Path=/; Max-Age=${SESSION_MAX_AGE_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Set-Cookie that removes the hint (logout, or a session that is no longer valid). */
export function expiredSignedInHintCookie(): string {
  return `${SIGNED_IN_HINT_COOKIE}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`;
}
