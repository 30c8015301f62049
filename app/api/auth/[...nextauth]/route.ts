import NextAuth from "next-auth";
import { authOptions } from "@/lib/accounts/next-auth-options";
import { nextAuthAnswer, nextAuthMethod } from "@/lib/accounts/next-auth-routes";
import { withSignedInHint } from "@/lib/auth/session-cookie";
import { AppError, forEveryMethod, MAX_BODY_BYTES, route } from "@/lib/http";
import { isMethodProbe } from "@/lib/http/edge-probe";

type Segment = { params: Promise<{ nextauth: string[] }> };

/**
 * next-auth's own endpoints, only those the sign-in page uses (lib/accounts/next-auth-routes.ts); every other path
 * under /api/auth that no route of ours serves is 404 and every answer is JSON. Options are built per request so
 * that the secret is read at run time, never at build time.
 */
const nextAuth = route(async ({ req, params, responseHeaders }) => {
  const action = nextAuthMethod(params.nextauth);
  if (!action) throw new AppError("not_found", "No API endpoint at this path. See /api-docs.");
  if (req.method !== action.method && !(req.method === "HEAD" && action.method === "GET")) {
    responseHeaders.set("Allow", action.method);
    throw new AppError("method_not_allowed", `This endpoint accepts ${action.method}.`);
  }
  if (isMethodProbe(req.headers)) {
    responseHeaders.set("Allow", action.method);
    throw new AppError("method_not_allowed", `This endpoint accepts ${action.method}.`);
  }
  if (action.method === "POST") {
    if (Number(req.headers.get("content-length") ?? "0") > MAX_BODY_BYTES) {
      throw new AppError("payload_too_large", `Request body must be at most ${MAX_BODY_BYTES / 1024} KiB`);
    }
    // The only form next-auth's client sends; next-auth itself fails on anything else with a 500.
    if (!req.headers.get("content-type")?.toLowerCase().startsWith("application/x-www-form-urlencoded")) {
      throw new AppError("malformed_request", "Send the sign-in form as application/x-www-form-urlencoded");
    }
  }
  const segment: Segment = { params: Promise.resolve({ nextauth: action.segments }) };
  // The signed-in hint follows the session cookie next-auth sets or removes (lib/auth/signed-in-hint.ts).
  return withSignedInHint(await nextAuthAnswer(await NextAuth(req as never, segment, authOptions())));
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = forEveryMethod(nextAuth);
