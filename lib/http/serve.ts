import { z } from "zod";
import { type AnyMethod, isReply, type RequestFacts, type ServedOperation } from "@/lib/infra/api/operation";
import { notFoundMessage } from "@/lib/infra/api/params";
import { AppError } from "@/lib/infra/errors";
import { routeId } from "@/lib/infra/route-id";
import { type Answer, jsonAnswer, toResponse } from "./answer";
import { assertSameOrigin, authenticate } from "./auth";
import { parseQuery, readJsonBody } from "./body";
import { publicCorsHeaders } from "./cors";
import { isMethodProbe } from "./edge-probe";
import { failureAnswer, openEnvelope } from "./envelope";
import {
  HTTP_METHODS,
  type HttpMethod,
  markRefusal,
  type NextRouteHandler,
  notAllowed,
  type RouteMethods,
  routeMethods,
} from "./methods";
import { rateLimitHeaders } from "./rate-limit";
import { requestTransport, type Transport } from "./transport";

// Serving operations (docs/architecture.md#operations): one operation's request from credentials to answer, and a
// path's operations as the methods it answers. Both adapters go through here — Next's route handlers (serve) and
// the edge's node:http fast paths (server/fast-paths.ts) — so every step and every byte of the answer is the same.

/**
 * The route's dynamic segments as the declaration types them. Route ids are integers (docs/product.md#route-ids):
 * anything that is not a positive integer names nothing, so it is answered 404 like an id that is not there.
 */
function parsePathParams(schema: z.ZodObject, raw: Transport["params"]): unknown {
  const values: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(schema.shape)) {
    const value = raw[name];
    values[name] = field instanceof z.ZodNumber ? routeId(value) : value;
  }
  const result = schema.safeParse(values);
  if (!result.success) throw new AppError("not_found", notFoundMessage(schema));
  return result.data;
}

function successAnswer(operation: ServedOperation, result: unknown, headers: Record<string, string>): Answer {
  if (!isReply(result)) return withoutBodyIf204(jsonAnswer(operation.spec.success.status, result, headers));
  const answerHeaders = { ...headers };
  if (result.location !== undefined) answerHeaders.Location = result.location;
  if (result.replayed) answerHeaders["Idempotent-Replayed"] = "true";
  const answer = withoutBodyIf204(jsonAnswer(result.status, result.body, answerHeaders));
  return result.cookies ? { ...answer, cookies: result.cookies } : answer;
}

function withoutBodyIf204(answer: Answer): Answer {
  return answer.status === 204 ? { ...answer, json: null } : answer;
}

/**
 * One request of an operation, cheapest and least committal steps first: the origin check where declared, the
 * caller (401), the rate limit (429; X-RateLimit-* on every answer from here on), the path parameters (404), the
 * query (400), then the operation, which reads its body (400/413) when it is ready to.
 */
export async function answerOperation(
  operation: ServedOperation,
  transport: Transport,
  extraHeaders?: Record<string, string>,
): Promise<Answer> {
  const envelope = openEnvelope(extraHeaders);
  const { spec } = operation;
  try {
    if (spec.sameOriginAlways) assertSameOrigin(transport.method, transport.headers);
    const caller = await authenticate(spec.access.kind, transport.method, transport.headers);
    const request: RequestFacts = {
      id: envelope.requestId,
      clientIp: transport.clientIp,
      headers: transport.headers,
      // Read from the transport when asked: the node adapter makes its signal only then.
      get signal() {
        return transport.signal;
      },
    };
    if (operation.limit) {
      Object.assign(envelope.headers, rateLimitHeaders(await operation.limit({ caller, request } as never)));
    }
    const params = spec.pathParams ? parsePathParams(spec.pathParams, transport.params) : undefined;
    const query = spec.query ? parseQuery(transport.searchParams(), spec.query) : undefined;
    let body: Promise<unknown> | undefined;
    const readBody = () => {
      body ??= spec.body ? readJsonBody(transport, spec.body.schema) : Promise.resolve(undefined);
      return body;
    };
    const result = await operation.handle({ caller, params, query, body: readBody, request } as never);
    return successAnswer(operation, result, envelope.headers);
  } catch (error) {
    return failureAnswer(error, envelope, transport);
  }
}

/** Every method of one path, answered from the transport: what both adapters serve for that path. */
export interface PathService {
  /** The operations' methods, and OPTIONS where the path is open to every origin (its preflight). */
  served: ReadonlySet<HttpMethod>;
  answer(method: HttpMethod, transport: Transport): Promise<Answer>;
}

/**
 * A path's operations as the methods it answers. Every method it does not serve is refused 405 with `Allow` naming
 * the served ones (docs/api.md#methods-and-unknown-paths), the declaration's hint as the message where it has one. A
 * path open to every origin puts the CORS headers on its operations' answers and answers the preflight at OPTIONS.
 * The edge's method probe (lib/http/edge-probe.ts) is refused like any other unserved method.
 */
export function pathService(operations: readonly ServedOperation[]): PathService {
  const byMethod = new Map<AnyMethod, ServedOperation>();
  for (const operation of operations) byMethod.set(operation.spec.method, operation);
  const open = operations.some((operation) => operation.spec.cors);
  const cors = open
    ? publicCorsHeaders(operations.filter((operation) => operation.spec.cors).map((operation) => operation.spec.method))
    : undefined;
  const served = new Set(HTTP_METHODS.filter((method) => byMethod.has(method) || (open && method === "OPTIONS")));
  if (served.size === 0) throw new Error("pathService(): a path serves at least one operation");
  const hints: Partial<Record<AnyMethod, string>> = Object.assign({}, ...operations.map((op) => op.spec.notAllowedHints));
  const refuse = notAllowed([...served].join(", "));

  return {
    served,
    async answer(method, transport) {
      const probing = method === "OPTIONS" && isMethodProbe(transport.headers);
      const operation = probing ? undefined : byMethod.get(method);
      if (operation) return answerOperation(operation, transport, cors);
      if (method === "OPTIONS" && cors && !probing) return { status: 204, headers: openEnvelope(cors).headers, json: null };
      return refuse(probing ? undefined : hints[method], transport);
    },
  };
}

/**
 * The Next adapter: a route file's exports, each method answered by the path's operations.
 *
 *   export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serve(getRun, cancelRun);
 */
export function serve(...operations: ServedOperation[]): RouteMethods {
  const service = pathService(operations);
  const handlerFor = (method: HttpMethod): NextRouteHandler => {
    const handler: NextRouteHandler = async (req, segment) =>
      toResponse(await service.answer(method, requestTransport(req, (await segment?.params) ?? {})));
    return service.served.has(method) ? handler : markRefusal(handler);
  };
  return routeMethods(handlerFor);
}
