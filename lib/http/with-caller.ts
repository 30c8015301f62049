import { isWellFormedApiKey } from "@/lib/api-keys/format";
import { bearerCredential } from "@/lib/auth/bearer";
import { getCurrentUser } from "@/lib/auth/current-user";
import type { PlanId } from "@/lib/config/plans";
import { authenticationRequired } from "@/lib/infra/errors";
import { compose, type Handler, type NextRouteHandler, type RouteContext } from "./route";
import { authenticateApiKey } from "./with-api-key";
import { assertSameOrigin } from "./with-user";

export interface CallerContext extends RouteContext {
  user: { id: number; email: string; plan: PlanId };
}

/**
 * Routes open to every way of calling: an API key (what submitted a run reads its status with), a bearer JWT
 * or the session cookie (same-origin check for cookie writes). A bearer credential shaped like an API key is
 * checked as one; anything else as the other two, as userRoute does.
 */
export function callerRoute(handler: Handler<CallerContext>): NextRouteHandler {
  return compose(async (ctx) => {
    const credential = bearerCredential(ctx.req.headers.get("authorization"));
    if (credential && isWellFormedApiKey(credential)) {
      const { user } = await authenticateApiKey(ctx.req.headers);
      return { ...ctx, user };
    }
    const user = await getCurrentUser(ctx.req.headers);
    if (!user) throw authenticationRequired();
    if (user.via === "cookie") assertSameOrigin(ctx.req);
    return { ...ctx, user };
  }, handler);
}
