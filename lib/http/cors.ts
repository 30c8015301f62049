import { SIGNED_ANSWER_HEADERS } from "@/lib/infra/signing/scheme";
import { HTTP_METHODS, type HttpMethod } from "./methods";

// Headers a partner's script may read on our answers: the rate limit and the request id to quote to support, and on
// a signed path the signature's own, which its verifier needs (a browser hides every other header from the script).
const EXPOSED_HEADERS = ["Retry-After", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "X-Request-Id"];
const PREFLIGHT_MAX_AGE_SECONDS = 24 * 60 * 60;

/**
 * The CORS headers of a path open to every origin (docs/api.md#cors), `signed` when its answers carry signatures: what
 * each answer of its operations, errors included, carries. Such a path takes no credentials, so no cookie is ever
 * sent along. The methods, headers and cache time a browser asks about are the preflight's alone (preflightHeaders):
 * the Fetch standard reads them only there, and every verification would otherwise carry three more headers.
 */
export function publicCorsHeaders({ signed = false } = {}): Record<string, string> {
  return {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Expose-Headers": (signed ? [...EXPOSED_HEADERS, ...SIGNED_ANSWER_HEADERS] : EXPOSED_HEADERS).join(", "),
  };
}

/** The preflight's answer headers for such a path serving `methods` (OPTIONS, the preflight itself, is added). */
export function preflightHeaders(methods: readonly string[], answerHeaders: Record<string, string>): Record<string, string> {
  return {
    ...answerHeaders,
    "Access-Control-Allow-Methods": HTTP_METHODS.filter(
      (method: HttpMethod) => method === "OPTIONS" || methods.includes(method),
    ).join(", "),
    "Access-Control-Allow-Headers": "Content-Type",
    "Access-Control-Max-Age": String(PREFLIGHT_MAX_AGE_SECONDS),
  };
}
