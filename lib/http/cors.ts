import { HTTP_METHODS, type HttpMethod } from "./methods";
import { type NextRouteHandler, route } from "./route";

// Headers a partner's script may read on our answers: the rate limit and the request id to quote to support.
const EXPOSED_HEADERS = "Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, X-Request-Id";
const PREFLIGHT_MAX_AGE_SECONDS = 24 * 60 * 60;

/** The CORS headers of a public endpoint serving `methods` (OPTIONS, its preflight, is added). */
export function publicCorsHeaders(methods: readonly HttpMethod[]): Record<string, string> {
  return {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Methods": HTTP_METHODS.filter((method) => method === "OPTIONS" || methods.includes(method)).join(", "),
    "Access-Control-Allow-Headers": "Content-Type",
    "Access-Control-Expose-Headers": EXPOSED_HEADERS,
    "Access-Control-Max-Age": String(PREFLIGHT_MAX_AGE_SECONDS),
  };
}

/**
 * Opens handlers to every origin, for public endpoints that partners call from their own sites and that take no
 * credentials (so no cookie is ever sent along). Each answer, errors included, carries the CORS headers, and
 * OPTIONS answers the browser's preflight with the methods given.
 */
export function withPublicCors<S extends Partial<Record<Exclude<HttpMethod, "OPTIONS">, NextRouteHandler>>>(
  served: S,
): S & { OPTIONS: NextRouteHandler } {
  const headers = publicCorsHeaders(HTTP_METHODS.filter((method) => method !== "OPTIONS" && served[method] !== undefined));
  const open =
    (handler: NextRouteHandler): NextRouteHandler =>
    async (req, segment) => {
      const response = await handler(req, segment);
      for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
      return response;
    };
  // Same keys as `served`, each handler opened.
  const opened = Object.fromEntries(Object.entries(served).map(([method, handler]) => [method, handler && open(handler)])) as S;
  return { ...opened, OPTIONS: route(async () => new Response(null, { status: 204, headers })) };
}
