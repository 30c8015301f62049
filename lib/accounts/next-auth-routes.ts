import { AppError } from "@/lib/infra/errors";

/**
 * The next-auth endpoints the app uses: signIn("credentials") in components/auth/sign-in.ts reads the providers
 * and a CSRF token, posts the form, then reads the session. The rest (its sign-in and sign-out pages, other
 * callbacks, its client logger) is not served.
 */
export const NEXT_AUTH_ENDPOINTS: Readonly<Record<string, "GET" | "POST">> = {
  providers: "GET",
  csrf: "GET",
  session: "GET",
  "callback/credentials": "POST",
};

/** The served endpoint a catch-all path names, or null. */
export function nextAuthMethod(raw: string | string[] | undefined): { method: "GET" | "POST"; segments: string[] } | null {
  const segments = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const method = NEXT_AUTH_ENDPOINTS[segments.join("/")];
  return method && Object.hasOwn(NEXT_AUTH_ENDPOINTS, segments.join("/")) ? { method, segments } : null;
}

/**
 * next-auth's answer as JSON. In its JSON mode it already answers `{url}`; a redirect (what it sends a form post
 * without `json=true`) becomes the same `{url}`, cookies kept. Anything else that is not JSON is refused as a
 * request it could not handle, or is our failure when it says so (5xx).
 */
export async function nextAuthAnswer(answer: Response): Promise<Response> {
  if (answer.headers.get("content-type")?.includes("application/json")) return answer;
  const location = answer.headers.get("location");
  if (answer.status >= 300 && answer.status < 400 && location) {
    const headers = new Headers({ "Content-Type": "application/json; charset=utf-8" });
    for (const cookie of answer.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    return new Response(JSON.stringify({ url: location }), { status: 200, headers });
  }
  if (answer.status >= 500) throw new Error(`next-auth answered ${answer.status}: ${await answer.text()}`);
  throw new AppError("malformed_request", "The sign-in request could not be processed");
}
