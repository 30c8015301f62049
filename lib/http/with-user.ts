import { type CurrentUser, getCurrentUser } from "@/lib/auth/current-user";
import { AppError, authenticationRequired } from "@/lib/infra/errors";
import { compose, type Handler, type NextRouteHandler, type RouteContext } from "./route";

export interface UserContext extends RouteContext {
  user: CurrentUser;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const crossOrigin = () => new AppError("cross_origin", "Cross-origin request refused");

/**
 * A cookie is sent by the browser whoever made the page, so a cookie-authenticated mutation must come from
 * our own origin. Bearer tokens are not sent automatically and need no such check. X-Forwarded-Host is the
 * edge's (server/edge.ts): a trusted proxy's, else the request's own Host.
 */
export function assertSameOrigin(req: Request): void {
  if (SAFE_METHODS.has(req.method)) return;
  const origin = req.headers.get("origin");
  if (origin) {
    const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
    let originHost: string | null = null;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = null;
    }
    if (!host || originHost !== host) throw crossOrigin();
    return;
  }
  if (req.headers.get("sec-fetch-site") === "cross-site") throw crossOrigin();
}

/** Signed-in routes: session cookie or bearer JWT; 401 JSON otherwise (never a redirect). */
export function userRoute(handler: Handler<UserContext>): NextRouteHandler {
  return compose(async (ctx) => {
    const user = await getCurrentUser(ctx.req.headers);
    if (!user) throw authenticationRequired();
    if (user.via === "cookie") assertSameOrigin(ctx.req);
    return { ...ctx, user };
  }, handler);
}
