import type { OutgoingHttpHeaders, ServerResponse } from "node:http";

/**
 * An answer as the route kit builds it, before either adapter sends it: status, headers, cookies to set and the
 * JSON text (null: no body), or its UTF-8 bytes once they are signed (lib/http/signed.ts: the bytes signed are the
 * bytes sent). The Next adapter makes a web Response of it, the node adapter writes it to node's response, so both
 * send the same bytes and headers.
 */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  cookies?: readonly string[];
  json: string | Uint8Array | null;
  /** A body that is not JSON (a screenshot): its type; the body is its bytes. Absent: JSON. */
  contentType?: string;
}

/** An answer whose JSON is still text: every answer until it is signed. */
export interface TextAnswer extends Answer {
  json: string;
}

const JSON_TYPE = "application/json; charset=utf-8";

export function jsonAnswer(status: number, data: unknown, headers: Record<string, string> = {}): TextAnswer {
  return { status, headers, json: JSON.stringify(data) };
}

/** The answer as a web Response, for Next's route handlers. */
export function toResponse(answer: Answer): Response {
  const headers = new Headers(answer.headers);
  if (answer.json !== null) headers.set("Content-Type", answer.contentType ?? JSON_TYPE);
  for (const cookie of answer.cookies ?? []) headers.append("Set-Cookie", cookie);
  return new Response(answer.json as BodyInit | null, { status: answer.status, headers });
}

/**
 * The answer written to node's response (the edge's fast paths), with its length rather than chunked. The answer
 * is this request's own: its headers object is completed in place rather than copied.
 */
export function writeAnswer(res: ServerResponse, answer: Answer): void {
  const headers: OutgoingHttpHeaders = answer.headers;
  if (answer.cookies?.length) headers["Set-Cookie"] = [...answer.cookies];
  if (answer.json === null) {
    res.writeHead(answer.status, headers);
    res.end();
    return;
  }
  headers["Content-Type"] = answer.contentType ?? JSON_TYPE;
  headers["Content-Length"] = Buffer.byteLength(answer.json);
  res.writeHead(answer.status, headers);
  res.end(answer.json);
}
