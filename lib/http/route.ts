import { randomUUID } from "node:crypto";
import { AppError } from "@/lib/infra/errors";
import { log } from "@/lib/infra/log";
import { routeId } from "@/lib/infra/route-id";
import { answerableError, errorResponse } from "./errors";
import { jsonResponse } from "./json";

type RawParams = Record<string, string | string[] | undefined>;

export interface RouteContext {
  req: Request;
  params: RawParams;
  requestId: string;
  /** Headers added to the answer, error or not (rate-limit headers, CORS). */
  responseHeaders: Headers;
}

/** A handler returns a Response, or data that is sent as 200 JSON. */
export type Handler<C extends RouteContext = RouteContext> = (ctx: C) => Promise<Response | unknown>;

export type NextRouteHandler = (req: Request, segment: { params: Promise<RawParams> }) => Promise<Response>;

/**
 * API answers are not stored by browsers or shared caches unless a route says otherwise: most depend on who
 * asks, and some carry an API key or a token. A route whose answer is the same for everyone may set its own
 * Cache-Control; one that returns a key, a token or a secret never does.
 */
export const API_CACHE_CONTROL = "no-store";

/**
 * Wraps a route handler: awaits params, gives it a request id, turns its result into JSON and every
 * failure into the one error shape. Unknown errors are logged with the request id and answered 500
 * without internals.
 */
export function route(handler: Handler): NextRouteHandler {
  return async (req, segment) => {
    const requestId = randomUUID();
    const responseHeaders = new Headers({ "X-Request-Id": requestId, "Cache-Control": API_CACHE_CONTROL });
    try {
      const params = (await segment?.params) ?? {};
      const result = await handler({ req, params, requestId, responseHeaders });
      const response = result instanceof Response ? result : jsonResponse(result);
      for (const [name, value] of responseHeaders) if (!response.headers.has(name)) response.headers.set(name, value);
      return response;
    } catch (error) {
      if (error instanceof AppError) return errorResponse(error, requestId, responseHeaders);
      log.error({ err: error, requestId, method: req.method, url: req.url }, "unhandled error in route");
      return errorResponse(answerableError(error), requestId, responseHeaders);
    }
  };
}

/** Adds behaviour in front of a handler, e.g. authentication that extends the context. */
export function compose<C extends RouteContext>(
  extend: (ctx: RouteContext) => Promise<C>,
  handler: Handler<C>,
): NextRouteHandler {
  return route(async (ctx) => handler(await extend(ctx)));
}

/** Route ids are integers (docs/product.md#route-ids): anything that is not a positive integer is simply not found. */
export function parseId(raw: string | string[] | undefined, what = "Resource"): number {
  const id = routeId(raw);
  if (id === 0) throw new AppError("not_found", `${what} not found`);
  return id;
}
