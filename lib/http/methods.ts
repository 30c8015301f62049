import { AppError } from "@/lib/infra/errors";
import { type Answer, toResponse } from "./answer";
import { isMethodProbe } from "./edge-probe";
import { failureAnswer, openEnvelope } from "./envelope";
import type { NextRouteHandler } from "./route";

/** The methods every route file exports (Next answers HEAD from GET by itself). */
export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type { NextRouteHandler };

/** What a route file exports: a handler for every method, served or refused. */
export type RouteMethods = Record<HttpMethod, NextRouteHandler>;

// The 405 answers the kit made, so that servedMethods() can tell them from the handlers a route file serves.
const refusals = new WeakSet<object>();

export function markRefusal<H extends object>(handler: H): H {
  refusals.add(handler);
  return handler;
}

/** The methods a route module really serves (the contract test checks each is documented). */
export function servedMethods(routeModule: Partial<Record<HttpMethod, unknown>>): HttpMethod[] {
  return HTTP_METHODS.filter((method) => {
    const handler = routeModule[method];
    return typeof handler === "function" && !refusals.has(handler);
  });
}

/**
 * The 405 of a path serving `allow` (its methods in HTTP_METHODS order, so every answer of a path agrees on it):
 * method_not_allowed in the JSON error shape (Next's own 405 has no body and no `Allow`), the hint as the
 * message where one is given.
 */
export function notAllowed(allow: string): (hint: string | undefined, request: { method?: string; url?: string }) => Answer {
  return (hint, request) => {
    const envelope = openEnvelope({ Allow: allow });
    return failureAnswer(new AppError("method_not_allowed", hint ?? `This endpoint accepts ${allow}.`), envelope, request);
  };
}

/** A route file's exports, each method's handler made by `handlerFor`. */
export function routeMethods(handlerFor: (method: HttpMethod) => NextRouteHandler): RouteMethods {
  return Object.fromEntries(HTTP_METHODS.map((method) => [method, handlerFor(method)])) as RouteMethods;
}

/** The same handler for every method, e.g. the JSON 404 of unknown API paths. */
export function forEveryMethod(handler: NextRouteHandler): RouteMethods {
  return routeMethods(() => handler);
}

/**
 * A route file's own handlers (route()), for the few routes no operation serves; every other method is refused
 * as serve() refuses it, and the edge's method probe too:
 *
 *   export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: … }, { POST: "hint" });
 */
export function methods(
  served: Partial<Record<HttpMethod, NextRouteHandler>>,
  hints: Partial<Record<HttpMethod, string>> = {},
): RouteMethods {
  const allowed = HTTP_METHODS.filter((method) => served[method] !== undefined);
  if (allowed.length === 0) throw new Error("methods(): a route serves at least one method");
  const refuse = notAllowed(allowed.join(", "));
  const refusal = (method: HttpMethod): NextRouteHandler => markRefusal(async (req) => toResponse(refuse(hints[method], req)));
  const handlerFor = (method: HttpMethod): NextRouteHandler => {
    const handler = served[method];
    if (!handler) return refusal(method);
    if (method !== "OPTIONS") return handler;
    // A served OPTIONS still refuses the edge's method probe (lib/http/edge-probe.ts).
    const probeRefusal = refusal("OPTIONS");
    return async (req, segment) => (isMethodProbe(req.headers) ? probeRefusal(req, segment) : handler(req, segment));
  };
  return routeMethods(handlerFor);
}
