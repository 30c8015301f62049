import { toResponse } from "./answer";
import { failureAnswer, openEnvelope } from "./envelope";

type RawParams = Record<string, string | string[] | undefined>;

export interface RouteContext {
  req: Request;
  params: RawParams;
  requestId: string;
  /** Headers added to the answer, error or not (Allow, CORS). */
  responseHeaders: Headers;
}

/** A handler returns a Response, or data that is sent as 200 JSON. */
export type Handler<C extends RouteContext = RouteContext> = (ctx: C) => Promise<Response | unknown>;

export type NextRouteHandler = (req: Request, segment: { params: Promise<RawParams> }) => Promise<Response>;

/**
 * A Next route handler outside the operations (lib/http/serve.ts): next-auth's endpoints and the JSON 404 of
 * unknown API paths. The same envelope as an operation's — request id, Cache-Control, every failure in the one
 * error shape (lib/http/envelope.ts) — around a handler that answers with data or a Response of its own.
 */
export function route(handler: Handler): NextRouteHandler {
  return async (req, segment) => {
    const envelope = openEnvelope();
    const responseHeaders = new Headers();
    try {
      const params = (await segment?.params) ?? {};
      const result = await handler({ req, params, requestId: envelope.requestId, responseHeaders });
      const response =
        result instanceof Response ? result : toResponse({ status: 200, headers: {}, json: JSON.stringify(result) });
      for (const [name, value] of [...Object.entries(envelope.headers), ...responseHeaders]) {
        if (!response.headers.has(name)) response.headers.set(name, value);
      }
      return response;
    } catch (error) {
      for (const [name, value] of responseHeaders) envelope.headers[name] = value;
      return toResponse(failureAnswer(error, envelope, req));
    }
  };
}
