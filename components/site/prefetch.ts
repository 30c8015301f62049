// proxy.ts redirects these by session: /dashboard and /licenses to /login when signed out, /login and
// /register to /dashboard when signed in. A copy prefetched before signing in or out would replay the old
// redirect afterwards (the router sends a visitor who has just signed in back to /login and ends in a full
// reload), so links to them are never prefetched.
const SESSION_DEPENDENT = ["/dashboard", "/licenses", "/login", "/register"];

/** The `prefetch` prop for a link to `href`: off for session-dependent pages, Next's default otherwise. */
export function prefetchFor(href: string): false | undefined {
  const path = href.split(/[?#]/)[0] ?? href;
  return SESSION_DEPENDENT.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)) ? false : undefined;
}
