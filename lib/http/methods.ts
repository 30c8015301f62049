import { isMethodProbe } from "@/lib/http/edge-probe";
import { AppError } from "@/lib/infra/errors";
import { type NextRouteHandler, route } from "./route";

/** The methods every route file exports (Next answers HEAD from GET by itself). */
export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Any handler Next can call: ours (route, userRoute, …) or a library's, such as next-auth's. */
type AnyRouteHandler = (req: never, segment: never) => Promise<Response>;

type Served = Partial<Record<HttpMethod, AnyRouteHandler>>;

/** What a route file exports: each served method's own handler, the 405 answer for every other one. */
export type RouteMethods<S extends Served> = { [M in HttpMethod]: M extends keyof S ? NonNullable<S[M]> : NextRouteHandler };

/** 405 messages for methods a path does not serve, where a hint helps more than the generic one. */
export type NotAllowedHints<S extends Served> = { [M in Exclude<HttpMethod, keyof S>]?: string };

// The 405 answers methods() made, so that servedMethods() can tell them from the handlers a route file serves.
const refusals = new WeakSet<object>();

/** The methods a route module really serves (the contract test checks each is documented). */
export function servedMethods(routeModule: Partial<Record<HttpMethod, unknown>>): HttpMethod[] {
  return HTTP_METHODS.filter((method) => {
    const handler = routeModule[method];
    return typeof handler === "function" && !refusals.has(handler);
  });
}

/** The same handler for every method, e.g. the JSON 404 of unknown API paths. */
export function forEveryMethod(handler: NextRouteHandler): Record<HttpMethod, NextRouteHandler> {
  return { GET: handler, POST: handler, PUT: handler, PATCH: handler, DELETE: handler, OPTIONS: handler };
}

/**
 * A route file's methods, each declared once:
 *
 *   export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: …, POST: … }, { DELETE: "hint" });
 *
 * The methods given are served. Every other one answers 405 method_not_allowed in the JSON error shape (Next's
 * own 405 has no body and no `Allow`) with `Allow` naming the served methods in HTTP_METHODS order, so every
 * answer of a path agrees on it; `hints` replace the generic message for the methods named. OPTIONS is served
 * only where a route says so (CORS preflight); elsewhere it is refused like any other method, which also makes
 * a cross-origin preflight fail.
 */
export function methods<S extends Served>(served: S, hints: NotAllowedHints<S> = {}): RouteMethods<S> {
  const allowed = HTTP_METHODS.filter((method) => served[method] !== undefined);
  if (allowed.length === 0) throw new Error("methods(): a route serves at least one method");
  const allow = allowed.join(", ");
  const notAllowed = (message: string): NextRouteHandler => {
    const refusal = route(async ({ responseHeaders }) => {
      responseHeaders.set("Allow", allow);
      throw new AppError("method_not_allowed", message);
    });
    refusals.add(refusal);
    return refusal;
  };
  const generic = notAllowed(`This endpoint accepts ${allow}.`);
  const hinted: Partial<Record<HttpMethod, string>> = hints;
  const handlerFor = (method: HttpMethod) => {
    const hint = hinted[method];
    return served[method] ?? (hint ? notAllowed(hint) : generic);
  };
  return {
    GET: handlerFor("GET"),
    POST: handlerFor("POST"),
    PUT: handlerFor("PUT"),
    PATCH: handlerFor("PATCH"),
    DELETE: handlerFor("DELETE"),
    OPTIONS: probeAware(handlerFor("OPTIONS"), generic),
  } as RouteMethods<S>;
}

/**
 * A method the route kit does not know (TRACE, PROPFIND, FOO…) reaches the route as the edge's OPTIONS probe
 * (lib/http/edge-probe.ts): it is answered 405 with the route's Allow, even where OPTIONS itself is served.
 */
function probeAware(options: AnyRouteHandler, notAllowed: NextRouteHandler): AnyRouteHandler {
  const handler = (async (req: Request, segment: { params: Promise<Record<string, string | string[] | undefined>> }) =>
    isMethodProbe(req.headers)
      ? notAllowed(req, segment)
      : (options as unknown as NextRouteHandler)(req, segment)) as AnyRouteHandler;
  // Wrapping a refusal keeps it one: OPTIONS stays unserved for servedMethods().
  if (refusals.has(options)) refusals.add(handler);
  return handler;
}
