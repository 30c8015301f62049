import { expiredSessionCookies } from "@/lib/auth/session-cookie";
import { assertSameOrigin, jsonResponse, methods, route } from "@/lib/http";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  {
    // Sessions are stateless JWTs: logging out removes the cookie from this browser. Signed out already is fine.
    POST: route(async ({ req }) => {
      assertSameOrigin(req);
      const headers = new Headers();
      for (const cookie of expiredSessionCookies(req.headers.get("cookie"))) headers.append("Set-Cookie", cookie);
      return jsonResponse({ message: "Logged out" }, { headers });
    }),
  },
  { GET: "Use POST to log out" },
);
