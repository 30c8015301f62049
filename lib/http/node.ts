import type { IncomingMessage, ServerResponse } from "node:http";
import { MAX_BODY_BYTES, rememberBody } from "./body";
import { jsonResponseText } from "./json";
import type { NextRouteHandler } from "./route";

/**
 * The body as sent, but never more than the route kit accepts plus one byte: enough for parseJsonBody to answer
 * 413 exactly as it does under Next, without holding a huge body in memory. The rest is drained unread. Read
 * with the stream's events rather than `for await`: the async iterator costs a promise per chunk, on every hot
 * request (docs/decisions.md#hot-paths).
 */
export function readCapped(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      if (size > MAX_BODY_BYTES) return;
      chunks.push(chunk);
      size += chunk.byteLength;
    });
    req.once("error", reject);
    req.once("end", () => {
      const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
      resolve(body.byteLength > MAX_BODY_BYTES + 1 ? body.subarray(0, MAX_BODY_BYTES + 1) : body);
    });
  });
}

const BODYLESS = new Set(["GET", "HEAD"]);

/**
 * Serves a route file's handler straight from node:http, without Next's router (docs/architecture.md#hot-paths):
 * the same Request in, the same Response out, so the answer (status, headers, body) is the route's own. The
 * request's signal aborts when the client goes away, as under Next.
 */
export async function serveRoute(
  req: IncomingMessage,
  res: ServerResponse,
  handler: NextRouteHandler,
  params: Record<string, string> = {},
): Promise<void> {
  const method = req.method ?? "GET";
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i] as string, raw[i + 1] as string);
  const body = BODYLESS.has(method) ? undefined : await readCapped(req);
  const aborted = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) aborted.abort();
  });
  const request = new Request(`http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`, {
    method,
    headers,
    body: body?.byteLength ? new Uint8Array(body) : undefined,
    signal: aborted.signal,
  });
  // The route kit reads the body from here, not back through the Request's stream (lib/http/body.ts).
  if (body) rememberBody(request, body);
  await writeResponse(res, await handler(request, { params: Promise.resolve(params) }));
}

/** Writes a web Response (status, headers, body) to node's response. */
export async function writeResponse(res: ServerResponse, response: Response): Promise<void> {
  // A JSON answer's text as it was made, rather than read back through the Response's body stream.
  const text = jsonResponseText(response);
  const answer = text === undefined ? Buffer.from(await response.arrayBuffer()) : Buffer.from(text);
  res.statusCode = response.status;
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") res.appendHeader(name, value);
    else res.setHeader(name, value);
  }
  res.setHeader("Content-Length", answer.byteLength);
  res.end(answer);
}
