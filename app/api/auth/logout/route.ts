import { expiredSessionCookies } from "@/lib/auth/session-cookie";
import { assertSameOrigin, jsonResponse, methodNotAllowed, otherMethods, route } from "@/lib/http";

// Sessions are stateless JWTs: logging out removes the cookie from this browser. Signed out already is fine.
export const POST = route(async ({ req }) => {
  assertSameOrigin(req);
  const headers = new Headers();
  for (const cookie of expiredSessionCookies(req.headers.get("cookie"))) headers.append("Set-Cookie", cookie);
  return jsonResponse({ message: "Logged out" }, { headers });
});

export const GET = methodNotAllowed(["POST"], "Use POST to log out");

export const { PUT, PATCH, DELETE } = otherMethods(["POST"]);
