import { processWide } from "@/lib/infra/process-state";

// The text of each JSON answer, by its Response: the edge's fast paths write it as it is instead of reading the
// Response's body stream back (lib/http/node.ts). A Response's body never changes, so the text stays its own.
const texts = processWide("json-response-texts", () => new WeakMap<Response, string>());

export function jsonResponse(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  const text = JSON.stringify(data);
  const response = new Response(text, { ...init, headers });
  texts.set(response, text);
  return response;
}

/** The body of a Response jsonResponse() made, unread; undefined for any other. */
export function jsonResponseText(response: Response): string | undefined {
  return texts.get(response);
}

export function created(data: unknown): Response {
  return jsonResponse(data, { status: 201 });
}
