import type { ErrorCode } from "@/lib/infra/errors";
import { MAX_BODY_BYTES } from "./operation";

// The error codes many operations share, with when they happen, for the declarations' `errors` tables. A feature
// spreads the ones that fit and adds its own.

type Errors = Partial<Record<ErrorCode, string>>;

export const SERVER_ERROR = {
  internal_error: "Something failed on our side; the answer carries no internals.",
  service_unavailable: "A service the API depends on (the database, Redis) is away for now; retry after `Retry-After` seconds.",
} as const satisfies Errors;

export const SIGNED_IN = {
  unauthorized: "No valid session cookie or bearer token (or the account is gone).",
  ...SERVER_ERROR,
} as const satisfies Errors;

export const SIGNED_IN_WRITE = {
  ...SIGNED_IN,
  cross_origin: "A cookie-authenticated write from another origin.",
} as const satisfies Errors;

/** The errors of reading a JSON body, under the shared cap or an operation's own (BodySpec.maxBytes). */
export function jsonBodyErrors(maxBytes = MAX_BODY_BYTES) {
  return {
    invalid_json: "The body is not valid JSON.",
    validation_error: "A field breaks a rule; `issues` lists each one.",
    payload_too_large: `The body is over ${maxBytes / 1024} KiB.`,
  } as const satisfies Errors;
}

export const JSON_BODY = jsonBodyErrors();

/** Operations open to every way of calling: an API key as well as a session or token. */
export const CALLER = { ...SIGNED_IN, invalid_api_key: "The API key was deleted or does not exist." } as const satisfies Errors;

export const CALLER_WRITE = {
  ...CALLER,
  cross_origin: "A cookie-authenticated write from another origin.",
} as const satisfies Errors;

export const API_KEY = {
  missing_api_key: "No Authorization header.",
  invalid_api_key: "The API key is malformed, fails its checksum or was deleted.",
} as const satisfies Errors;

export const IDEMPOTENCY = {
  idempotency_key_reused: "This Idempotency-Key was used with a different request.",
  idempotency_key_in_progress: "A request with this Idempotency-Key is still being answered. Retry shortly.",
} as const satisfies Errors;
