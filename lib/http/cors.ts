import { HTTP_METHODS, type HttpMethod } from "./methods";

// Headers a partner's script may read on our answers: the rate limit and the request id to quote to support.
const EXPOSED_HEADERS = "Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, X-Request-Id";
const PREFLIGHT_MAX_AGE_SECONDS = 24 * 60 * 60;

/**
 * The CORS headers of a path open to every origin (docs/api.md#cors), serving `methods` (OPTIONS, its preflight,
 * is added). Such a path takes no credentials, so no cookie is ever sent along; each answer of its operations,
 * errors included, carries these.
 */
export function publicCorsHeaders(methods: readonly string[]): Record<string, string> {
  return {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Methods": HTTP_METHODS.filter(
      (method: HttpMethod) => method === "OPTIONS" || methods.includes(method),
    ).join(", "),
    "Access-Control-Allow-Headers": "Content-Type",
    "Access-Control-Expose-Headers": EXPOSED_HEADERS,
    "Access-Control-Max-Age": String(PREFLIGHT_MAX_AGE_SECONDS),
  };
}
