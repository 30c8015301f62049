import { SIGNED_ANSWER_HEADERS } from "@/lib/infra/signing/scheme";
import { HTTP_METHODS, type HttpMethod } from "./methods";

// Headers a partner's script may read on our answers: the rate limit and the request id to quote to support, and on
// a signed path the signature's own, which its verifier needs (a browser hides every other header from the script).
const EXPOSED_HEADERS = ["Retry-After", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "X-Request-Id"];
const PREFLIGHT_MAX_AGE_SECONDS = 24 * 60 * 60;

/**
 * The CORS headers of a path open to every origin (docs/api.md#cors), serving `methods` (OPTIONS, its preflight,
 * is added), `signed` when its answers carry signatures. Such a path takes no credentials, so no cookie is ever sent
 * along; each answer of its operations, errors included, carries these.
 */
export function publicCorsHeaders(methods: readonly string[], { signed = false } = {}): Record<string, string> {
  return {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Methods": HTTP_METHODS.filter(
      (method: HttpMethod) => method === "OPTIONS" || methods.includes(method),
    ).join(", "),
    "Access-Control-Allow-Headers": "Content-Type",
    "Access-Control-Expose-Headers": (signed ? [...EXPOSED_HEADERS, ...SIGNED_ANSWER_HEADERS] : EXPOSED_HEADERS).join(", "),
    "Access-Control-Max-Age": String(PREFLIGHT_MAX_AGE_SECONDS),
  };
}
