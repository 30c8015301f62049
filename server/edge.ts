import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { TLSSocket } from "node:tls";
import { type TextAnswer, writeAnswer } from "@/lib/http/answer";
import { METHOD_PROBE_HEADER, methodProbeSecret } from "@/lib/http/edge-probe";
import { failureAnswer, openEnvelope } from "@/lib/http/envelope";
import { errorAnswer } from "@/lib/http/errors";
import { AppError, type ErrorCode } from "@/lib/infra/errors";
import { type ClientInfo, resolveClient, type TrustProxy } from "@/lib/infra/trust-proxy";
import { etagSuffix, stripEtagSuffix } from "@/lib/seo/page-origin";
import { withDocumentCsp } from "./document-csp";
import { NON_DOCUMENT_CSP, securityHeaders } from "./security-headers";

/**
 * The edge: a thin node:http server in front of Next's request handler, in the same process
 * (docs/architecture.md#the-edge). Next fails some malformed requests before any of our code runs (a path with
 * bad percent-encoding, TRACE, a method node cannot parse) and answers them with text, an empty body or a 500;
 * the edge answers those itself in the API's JSON error shape. It also decides who the client is (TRUST_PROXY)
 * and puts the security headers on every answer.
 *
 * A request goes through: client resolution → security headers → the built-in guards → `handlers` in order →
 * Next. A handler answers the request (and returns true) or passes it on (false); fast paths for hot API routes
 * plug in there.
 */
export interface EdgeRequest {
  req: IncomingMessage;
  res: ServerResponse;
  /** The path as sent, percent-decoding checked. */
  pathname: string;
  /** Under /api: answers are JSON. */
  isApi: boolean;
  client: ClientInfo;
}

/** Answers the request and returns true, or returns false to pass it to the next handler (and finally Next). */
export type EdgeHandler = (request: EdgeRequest) => boolean | Promise<boolean>;

export interface EdgeOptions {
  /** Next's request handler (`next({...}).getRequestHandler()`), or any handler standing in for it. */
  next: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  trustProxy: TrustProxy;
  /** Extra handlers tried, in order, after the built-in guards and before Next. */
  handlers?: EdgeHandler[];
  /** next dev: the page CSP allows eval and the HMR websocket. */
  dev?: boolean;
  /** The runtime APP_URL's origin: pages name it in their absolute addresses (lib/seo/page-origin.ts). */
  origin?: string;
  /** Where failures of our own are reported; defaults to stderr. */
  onError?: (error: unknown, context: { method?: string; url?: string }) => void;
}

/** The methods a route can serve (lib/http/methods.ts), plus HEAD, which Next answers from GET. */
const ROUTE_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

function rawPathname(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/** The path as Next will route it (percent-decoded), or null when its percent-encoding is malformed. */
function decodedPathname(target: string): string | null {
  try {
    return decodeURIComponent(rawPathname(target));
  } catch {
    return null;
  }
}

function hasMalformedEncoding(target: string): boolean {
  return decodedPathname(target) === null;
}

/** `.` or `..` segments, written or percent-encoded: Next resolves them, so /api/%2e%2e/x would leave /api. */
function hasDotSegments(decoded: string): boolean {
  return decoded.split("/").some((segment) => segment === "." || segment === "..");
}

/** The API's error shape (docs/api.md#errors), as the route kit answers it: one answer for the edge and the routes. */
function jsonError(code: ErrorCode, message: string, extra: Record<string, string> = {}): TextAnswer {
  const { requestId, headers } = openEnvelope(extra);
  return errorAnswer(new AppError(code, message), requestId, headers);
}

function sendJsonError(res: ServerResponse, code: ErrorCode, message: string, extra: Record<string, string> = {}) {
  writeAnswer(res, jsonError(code, message, extra));
}

function sendText(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}) {
  res.writeHead(status, { ...extra, "Content-Type": "text/plain; charset=utf-8", "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}

const BAD_ENCODING_MESSAGE = "The request path is not valid percent-encoding";

// The headers every answer starts with, worked out once: building them per request showed in the profile of the
// hot paths. A page's CSP replaces the non-document one later (withDocumentCsp).
const startingHeaders = (https: boolean) =>
  Object.entries({ ...securityHeaders({ https }), "Content-Security-Policy": NON_DOCUMENT_CSP });
const HTTP_HEADERS = startingHeaders(false);
const HTTPS_HEADERS = startingHeaders(true);
const PAGE_METHODS = "GET, HEAD, POST";

export function createEdgeServer(options: EdgeOptions): Server {
  const { next, trustProxy, handlers = [], dev = false, origin } = options;
  const suffix = origin === undefined ? null : etagSuffix(origin);
  const onError = options.onError ?? ((error, context) => console.error("edge: unexpected failure", context, error));
  const secret = methodProbeSecret();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = req.url ?? "/";
    const pathname = rawPathname(target);
    const decoded = decodedPathname(target);
    // Next routes //api//keys as /api/keys (after a redirect): so does the edge.
    const canonical = pathname.replace(/\/{2,}/g, "/");
    const isApi = isApiPath(canonical) || (decoded !== null && isApiPath(decoded.replace(/\/{2,}/g, "/")));
    const probing = req.headers[METHOD_PROBE_HEADER] === secret;
    // Nothing a client sends may pose as the edge's own word about it.
    delete req.headers[METHOD_PROBE_HEADER];

    const client = resolveClient(trustProxy, req.socket.remoteAddress, req.socket instanceof TLSSocket, req.headers);
    // From here on X-Forwarded-* say what the edge established, for Next and for our code alike.
    req.headers["x-forwarded-for"] = client.ip;
    req.headers["x-forwarded-proto"] = client.proto;
    if (client.host) req.headers["x-forwarded-host"] = client.host;
    else delete req.headers["x-forwarded-host"];
    delete req.headers.forwarded;

    for (const [name, value] of client.proto === "https" ? HTTPS_HEADERS : HTTP_HEADERS) res.setHeader(name, value);

    if (decoded === null) {
      if (isApi) return sendJsonError(res, "malformed_request", BAD_ENCODING_MESSAGE);
      return sendText(res, 400, BAD_ENCODING_MESSAGE);
    }
    if (isApi && (canonical !== pathname || pathname.endsWith("/"))) {
      // Next would redirect to the path without repeated or trailing slashes, with no body; the API answers JSON.
      const location = `${canonical.replace(/\/+$/, "") || "/"}${target.slice(pathname.length)}`;
      const body = JSON.stringify({ message: `This endpoint is at ${location.split("?")[0]}`, location });
      res.writeHead(308, {
        Location: location,
        "Content-Type": "application/json; charset=utf-8",
        "Content-Length": Buffer.byteLength(body),
        "Cache-Control": "no-store",
      });
      res.end(body);
      return;
    }
    if (isApi && hasDotSegments(decoded)) {
      return sendJsonError(res, "malformed_request", "The request path must not contain . or .. segments");
    }
    const method = req.method ?? "GET";
    if (probing && isApi) {
      // The edge's own probe for a method node could not parse (see onClientError).
      req.method = "OPTIONS";
      req.headers[METHOD_PROBE_HEADER] = secret;
    } else if (!ROUTE_METHODS.has(method)) {
      if (!isApi) return sendText(res, 405, "Method Not Allowed", { Allow: PAGE_METHODS });
      // The route says which methods it serves: it answers the probe 405 with its Allow (lib/http/methods.ts).
      req.method = "OPTIONS";
      req.headers[METHOD_PROBE_HEADER] = secret;
    }

    const edgeRequest: EdgeRequest = { req, res, pathname, isApi, client };
    for (const handler of handlers) if (await handler(edgeRequest)) return;

    if (!isApi) {
      // Next compares If-None-Match with the tag it gives the page, which lacks the suffix the edge added.
      const ifNoneMatch = req.headers["if-none-match"];
      const revalidatesSuffixedTag = suffix !== null && typeof ifNoneMatch === "string" && ifNoneMatch.includes(`${suffix}"`);
      if (revalidatesSuffixedTag) req.headers["if-none-match"] = stripEtagSuffix(ifNoneMatch, suffix);
      withDocumentCsp(res, { dev, origin, revalidatesSuffixedTag });
    }
    await next(req, res);
  }

  // Sockets that have carried a request. A parse error on one comes from bytes after that request (a body sent
  // without Content-Length or chunked framing, or a broken next request) while its answer may still be on the way:
  // writing an error answer there would corrupt the stream, so such a socket is closed once that answer is out.
  const used = new WeakSet<Socket>();

  const server = createServer((req, res) => {
    used.add(req.socket);
    handle(req, res).catch((error) => {
      onError(error, { method: req.method, url: req.url });
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const isApi = isApiPath(rawPathname(req.url ?? "/"));
      if (isApi) writeAnswer(res, failureAnswer(error, openEnvelope(), req));
      else sendText(res, 500, "Internal Server Error");
    });
  });

  server.on("clientError", (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) => {
    if (used.has(socket)) {
      // Let an answer still being written finish, then close; node's own handling would cut it off.
      const pending = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
      if (pending && !pending.writableFinished) pending.once("finish", () => socket.end());
      else socket.destroy();
      return;
    }
    onClientError(server, secret, error, socket).catch(() => socket.destroy());
  });
  return server;
}

/** Parse failures with a status of their own; any other is a 400. */
const CLIENT_ERROR_STATUS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, "The request headers are too large"],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "The request took too long to arrive"],
};

function rawResponse(status: number, statusText: string, headers: Record<string, string>, body: string): string {
  const lines = [`HTTP/1.1 ${status} ${statusText}`];
  for (const [name, value] of Object.entries({
    ...headers,
    "Content-Length": String(Buffer.byteLength(body)),
    Connection: "close",
  })) {
    lines.push(`${name}: ${value}`);
  }
  return `${lines.join("\r\n")}\r\n\r\n${body}`;
}

/** Asks this server's own route for its Allow (see METHOD_PROBE_HEADER); null when that fails. */
function probeAllow(server: Server, secret: string, target: string): Promise<string | null> {
  const address = server.address();
  if (!address || typeof address === "string") return Promise.resolve(null);
  return new Promise((resolve) => {
    const probe = httpRequest(
      { host: "127.0.0.1", port: address.port, path: target, method: "OPTIONS", headers: { [METHOD_PROBE_HEADER]: secret } },
      (answer) => {
        answer.resume();
        const allow = answer.headers.allow;
        resolve(answer.statusCode === 405 && typeof allow === "string" ? allow : null);
      },
    );
    probe.setTimeout(5_000, () => probe.destroy());
    probe.on("error", () => resolve(null));
    probe.end();
  });
}

/**
 * Requests node cannot parse never reach a handler; node would answer a bare 400. An API path still gets the JSON
 * error shape: 405 with the route's Allow for a method node does not know (FOO), else 400 (or 431 for oversized
 * headers).
 */
async function onClientError(
  server: Server,
  secret: string,
  error: NodeJS.ErrnoException & { rawPacket?: Buffer },
  socket: Socket,
) {
  if (!socket.writable || error.code === "ECONNRESET") {
    socket.destroy();
    return;
  }
  const requestLine = error.rawPacket?.toString("latin1").split("\r\n", 1)[0] ?? "";
  const [, target = ""] = requestLine.split(" ");
  const isApi = isApiPath(rawPathname(target).replace(/\/{2,}/g, "/"));
  const headers: Record<string, string> = { ...securityHeaders({ https: false }), "Content-Security-Policy": NON_DOCUMENT_CSP };
  let [status, message] = CLIENT_ERROR_STATUS[error.code ?? ""] ?? [400, "The request could not be parsed"];
  let code: ErrorCode = "malformed_request";
  if (error.code === "HPE_INVALID_METHOD" && isApi && !hasMalformedEncoding(target)) {
    const allow = await probeAllow(server, secret, target);
    if (allow) {
      headers.Allow = allow;
      [status, code, message] = [405, "method_not_allowed", `This endpoint accepts ${allow}.`];
    }
  }
  const statusText =
    { 400: "Bad Request", 405: "Method Not Allowed", 408: "Request Timeout", 431: "Request Header Fields Too Large" }[status] ??
    "Error";
  if (isApi) {
    // The kit's answer, its status the parse failure's own (a 431 or 408 is still malformed_request).
    const answer = jsonError(code, message, headers);
    socket.end(
      rawResponse(status, statusText, { ...answer.headers, "Content-Type": "application/json; charset=utf-8" }, answer.json),
    );
  } else {
    socket.end(rawResponse(status, statusText, { ...headers, "Content-Type": "text/plain; charset=utf-8" }, statusText));
  }
}
