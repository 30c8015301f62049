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

/** The default read: GET and parse JSON. With `on401: "null"` a 401 yields null instead of an error. */
export async function getJson<T>(path: string, options: { on401?: "throw" | "null" } = {}): Promise<T | null> {
  try {
    return await apiRequest<T>("GET", path);
  } catch (error) {
    if (options.on401 === "null" && error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}
