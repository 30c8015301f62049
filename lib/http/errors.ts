import type { z } from "zod";
import { AppError, type ErrorCode, type ValidationIssue } from "@/lib/infra/errors";
import { dependencyOutage } from "@/lib/infra/outage";
import { jsonAnswer, type TextAnswer, toResponse } from "./answer";
import { rateLimitHeaders } from "./rate-limit";

/**
 * The HTTP status of every error code: the one place where a domain error becomes HTTP. A new code does not
 * compile until it has a row here.
 */
export const HTTP_STATUS: Readonly<Record<ErrorCode, number>> = {
  malformed_request: 400,
  invalid_json: 400,
  validation_error: 400,
  payload_too_large: 413,
  method_not_allowed: 405,
  unauthorized: 401,
  missing_api_key: 401,
  invalid_api_key: 401,
  cross_origin: 403,
  not_found: 404,
  plan_required: 403,
  email_taken: 409,
  api_key_limit_reached: 409,
  monitor_limit_reached: 409,
  check_running: 409,
  monitor_paused: 409,
  license_inactive: 409,
  license_expired: 409,
  quota_exceeded: 402,
  rate_limited: 429,
  concurrency_limited: 429,
  too_many_login_attempts: 429,
  // The URL is unusable (400); we refuse the address or what it answered (422); the site failed (502) or was too slow (504).
  invalid_url: 400,
  blocked_address: 422,
  not_html: 422,
  too_large: 422,
  too_many_redirects: 502,
  upstream_error: 502,
  upstream_unreachable: 502,
  upstream_timeout: 504,
  page_too_complex: 422,
  // The page's own fault, as page_too_complex: only a pathological page takes this long to extract.
  extraction_timeout: 422,
  worker_lost: 503,
  // As upstream_timeout: the page (its site or its scripts) took too long, which a later try may not.
  render_timeout: 504,
  // Our side, and passing: the browser is missing or will not start (an operator installs it), every browser page
  // was taken for the whole deadline, or the browser died under the page (replaced at once). 503 says "not now,
  // not your request's fault", where a 500 would say we have a bug.
  rendering_unavailable: 503,
  rendering_busy: 503,
  rendering_crashed: 503,
  not_cancellable: 409,
  idempotency_key_reused: 422,
  idempotency_key_in_progress: 409,
  batch_exceeds_quota: 402,
  blocked_webhook_url: 422,
  crawl_limited: 409,
  // nginx's "client closed request": nobody reads it, but the run's record and the logs say what happened.
  cancelled: 499,
  database_unavailable: 503,
  service_unavailable: 503,
  internal_error: 500,
};

/** RFC 6750: a 401 for bearer credentials names the scheme, and `invalid_token` when one was sent. */
const WWW_AUTHENTICATE: Partial<Record<ErrorCode, string>> = {
  missing_api_key: 'Bearer realm="api"',
  invalid_api_key: 'Bearer realm="api", error="invalid_token"',
};

export function httpStatusOf(error: AppError): number {
  return HTTP_STATUS[error.code];
}

/** What a failure we did not expect is answered with; its details go to the log only. */
export const internalError = () => new AppError("internal_error", "Something went wrong on our side. Please try again.");

/**
 * What a thrown value is answered with: an AppError as raised; a dependency outage (Redis or the database away or
 * too busy, lib/infra/outage.ts) as service_unavailable, 503 with Retry-After; anything else internal_error.
 */
export function answerableError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return dependencyOutage(error) ?? internalError();
}

/**
 * `{message, code, issues?, request_id}` with the code's status and the headers its details call for (Retry-After,
 * X-RateLimit-*, WWW-Authenticate), on top of `headers` (the envelope's: request id, Cache-Control, CORS, Allow,
 * rate limits counted earlier). The one place an error becomes an answer, for every adapter and the edge.
 */
export function errorAnswer(error: AppError, requestId: string, headers: Record<string, string> = {}): TextAnswer {
  const merged: Record<string, string> = { ...headers };
  const challenge = WWW_AUTHENTICATE[error.code];
  if (challenge) merged["WWW-Authenticate"] = challenge;
  const { retryAfterSeconds, rateLimit, issues } = error.details;
  if (retryAfterSeconds !== undefined) merged["Retry-After"] = String(Math.max(1, Math.ceil(retryAfterSeconds)));
  if (rateLimit) Object.assign(merged, rateLimitHeaders(rateLimit));
  return jsonAnswer(
    httpStatusOf(error),
    { message: error.message, code: error.code, ...(issues ? { issues } : {}), request_id: requestId },
    merged,
  );
}

/** errorAnswer as a web Response. */
export function errorResponse(error: AppError, requestId: string, headers: Record<string, string> = {}): Response {
  return toResponse(errorAnswer(error, requestId, headers));
}

/** A zod failure as a validation_error: every issue, and the first one as the message. */
export function validationError(error: z.ZodError): AppError<"validation_error"> {
  const issues: ValidationIssue[] = error.issues.map((issue) => ({
    path: issue.path.map(String).join("."),
    message: issue.message,
  }));
  const first = issues[0];
  const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : "Invalid request";
  return new AppError("validation_error", message, { issues });
}
