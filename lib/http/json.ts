import type { ApiError } from "./errors";

export function jsonResponse(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(data), { ...init, headers });
}

export function errorResponse(error: ApiError, requestId: string, headers: HeadersInit = {}): Response {
  const merged = new Headers(headers);
  for (const [name, value] of new Headers(error.extra.headers)) merged.set(name, value);
  return jsonResponse(
    {
      message: error.message,
      code: error.code,
      ...(error.extra.issues ? { issues: error.extra.issues } : {}),
      request_id: requestId,
    },
    { status: error.status, headers: merged },
  );
}
