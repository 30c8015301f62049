import { randomUUID } from "node:crypto";
import { AppError } from "@/lib/infra/errors";
import { log } from "@/lib/infra/log";
import type { Answer } from "./answer";
import { answerableError, errorAnswer } from "./errors";

/**
 * API answers are not stored by browsers or shared caches unless an answer says otherwise: most depend on who asks,
 * and some carry an API key or a token. An answer that is the same for everyone may set its own Cache-Control;
 * one that returns a key, a token or a secret never does.
 */
export const API_CACHE_CONTROL = "no-store";

/**
 * What every answer of the route kit carries, error or not, whichever adapter sends it (docs/api.md): the request id
 * and Cache-Control, then what the route adds on the way (CORS, X-RateLimit-* once counted, Allow).
 */
export interface Envelope {
  requestId: string;
  headers: Record<string, string>;
}

export function openEnvelope(extraHeaders?: Record<string, string>): Envelope {
  const requestId = randomUUID();
  return { requestId, headers: { "X-Request-Id": requestId, "Cache-Control": API_CACHE_CONTROL, ...extraHeaders } };
}

/**
 * A failure as its answer: an AppError with its code's status and shape; a dependency away (lib/infra/outage.ts)
 * 503 service_unavailable with Retry-After; anything else is a bug, answered 500 without internals. Both are
 * logged with the request id.
 */
export function failureAnswer(error: unknown, envelope: Envelope, request: { method?: string; url?: string }): Answer {
  if (error instanceof AppError) return errorAnswer(error, envelope.requestId, envelope.headers);
  log.error({ err: error, requestId: envelope.requestId, method: request.method, url: request.url }, "unhandled error in route");
  return errorAnswer(answerableError(error), envelope.requestId, envelope.headers);
}
