import type { z } from "zod";

export interface ValidationIssue {
  path: string;
  message: string;
}

/** An expected failure: becomes `{message, code, issues?}` with its status. Anything else is a 500. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: { issues?: ValidationIssue[]; headers?: HeadersInit } = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const badRequest = (message: string, code = "bad_request") => new ApiError(400, code, message);
export const unauthorized = (message = "Authentication required") => new ApiError(401, "unauthorized", message);
export const forbidden = (message: string, code = "forbidden") => new ApiError(403, code, message);
export const notFound = (message = "Not found") => new ApiError(404, "not_found", message);
export const conflict = (message: string, code = "conflict") => new ApiError(409, code, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number, code = "rate_limited", headers: HeadersInit = {}) =>
  new ApiError(429, code, message, {
    headers: { ...Object.fromEntries(new Headers(headers)), "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });

export function validationError(error: z.ZodError): ApiError {
  const issues = error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
  const first = issues[0];
  const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : "Invalid request";
  return new ApiError(400, "validation_error", message, { issues });
}
