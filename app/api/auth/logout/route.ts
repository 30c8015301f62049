import { logoutSchema } from "@/lib/accounts/logout";
import { getCurrentUser } from "@/lib/auth/current-user";
import { expiredSessionCookies } from "@/lib/auth/session-cookie";
import { endAllSessions, endSession } from "@/lib/auth/sessions";
import { assertSameOrigin, jsonResponse, methods, parseJsonBody, route } from "@/lib/http";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  {
    // Ends the session (cookie) or API token (bearer) the request carries server-side, so a copy of it stops
    // working too, and removes the cookie from this browser. `everywhere` ends all of the user's sessions and
    // tokens. Signed out already is fine.
    POST: route(async ({ req }) => {
      assertSameOrigin(req);
      const { everywhere } = await parseJsonBody(req, logoutSchema);
      const user = await getCurrentUser(req.headers);
      if (user) await (everywhere ? endAllSessions(user.id) : endSession(user.session));
      const headers = new Headers();
      for (const cookie of expiredSessionCookies(req.headers.get("cookie"))) headers.append("Set-Cookie", cookie);
      return jsonResponse({ message: "Logged out" }, { headers });
    }),
  },
  { GET: "Use POST to log out" },
);
