import { type ApiAnswer, type ApiBody, type ApiMethod, type ApiParams, type ApiPath, apiPath } from "./contract";

// Browser-side calls (docs/product.md#browser-calls): cookies always sent, a JSON body only when there is one, and a failed
// response becomes an error whose message is "<status>: <body text or status text>".

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = "ApiRequestError";
  }

  /** The server's `message` field when the body is our JSON error shape. */
  get serverMessage(): string | undefined {
    try {
      const parsed = JSON.parse(this.bodyText) as { message?: unknown };
      return typeof parsed.message === "string" ? parsed.message : undefined;
    } catch {
      return undefined;
    }
  }
}

/** What a toast shows for a failed call: the server's message, or the given fallback. */
export function errorMessage(error: unknown, fallback = "An unknown error occurred"): string {
  if (error instanceof ApiRequestError) return error.serverMessage ?? fallback;
  return error instanceof Error && error.message ? error.message : fallback;
}

/** The untyped transport under callApi and the query client's reads; components call callApi/useApi/useApiMutation. */
export async function apiRequest<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: "include",
    headers: body === undefined ? undefined : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new ApiRequestError(res.status, await res.text(), res.statusText);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

export interface CallOptions<M extends ApiMethod, P extends string> {
  params?: ApiParams<P>;
  query?: Record<string, string | number | undefined>;
  body?: ApiBody<M, P>;
}

/**
 * The typed call: a path template the registry serves, its placeholders filled from `params`, the body and the answer
 * typed from the contract (client/contract.ts). For calls outside React Query's cache (sign-in, logout).
 */
export function callApi<M extends ApiMethod, P extends ApiPath<M>>(
  method: M,
  path: P,
  options: CallOptions<M, P> = {},
): Promise<ApiAnswer<M, P>> {
  return apiRequest<ApiAnswer<M, P>>(method, apiPath(path, options.params, options.query), options.body);
}

/**
 * The default read (docs/product.md#browser-calls): GET and parse JSON. A 401 is an error unless `on401: "null"`
 * asks for null instead.
 */
export async function readApi<P extends ApiPath<"GET">>(
  path: P,
  options: Omit<CallOptions<"GET", P>, "body"> & { on401?: "throw" | "null" } = {},
): Promise<ApiAnswer<"GET", P> | null> {
  try {
    return await callApi("GET", path, options);
  } catch (error) {
    if (options.on401 === "null" && error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}
