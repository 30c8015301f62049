import { z } from "zod";
import { type AnyMethod, isReply, type RequestFacts, type ServedOperation } from "@/lib/infra/api/operation";
import { notFoundMessage } from "@/lib/infra/api/params";
import { AppError } from "@/lib/infra/errors";
import { routeId } from "@/lib/infra/route-id";
import { type Answer, toResponse } from "./answer";
import { assertSameOrigin, authenticate } from "./auth";
import { parseQuery, readJsonBody } from "./body";
import { preflightHeaders, publicCorsHeaders } from "./cors";
import { isMethodProbe } from "./edge-probe";
import { type Envelope, failureAnswer, openEnvelope } from "./envelope";
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
import { signAnswer } from "./signed";
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

/** The answer of an operation's result; `headers` are the envelope's, this request's own, so they are added to. */
function successAnswer(operation: ServedOperation, result: unknown, headers: Record<string, string>): Answer {
  const { cacheControl } = operation.spec;
  if (cacheControl) headers["Cache-Control"] = cacheControl;
  if (!isReply(result)) {
    const status = operation.spec.success.status;
    return { status, headers, json: status === 204 ? null : JSON.stringify(result) };
  }
  if (result.location !== undefined) headers.Location = result.location;
  if (result.replayed) headers["Idempotent-Replayed"] = "true";
  if (result.contentType !== undefined) {
    if (!(result.body instanceof Uint8Array)) throw new Error("a reply with a contentType carries bytes");
    return { status: result.status, headers, json: result.body, contentType: result.contentType };
  }
  return {
    status: result.status,
    headers,
    json: result.status === 204 ? null : JSON.stringify(result.body),
    ...(result.cookies ? { cookies: result.cookies } : {}),
  };
}

/** What an operation's handler gets about the request, read from the transport (a class: one per hot request). */
class Facts implements RequestFacts {
  constructor(
    readonly id: string,
    private readonly transport: Transport,
  ) {}
  get clientIp(): string {
    return this.transport.clientIp;
  }
  get headers(): RequestFacts["headers"] {
    return this.transport.headers;
  }
  /** Read from the transport when asked: the node adapter makes its signal only then. */
  get signal(): AbortSignal {
    return this.transport.signal;
  }
}

/** An operation's input: its body read and validated when the operation asks, once. */
class Input {
  private bodyRead: Promise<unknown> | undefined;
  /**
   * Handlers destructure it (`({ body }) => …`), so it is bound to its input: a bound method rather than an arrow
   * field, which the edge's loader (tsx, keepNames) would name with a defineProperty on every hot request.
   */
  readonly body: () => Promise<unknown>;
  constructor(
    readonly caller: unknown,
    readonly params: unknown,
    readonly query: unknown,
    readonly request: RequestFacts,
    private readonly transport: Transport,
    private readonly bodySpec: ServedOperation["spec"]["body"],
  ) {
    this.body = this.readBody.bind(this);
  }
  private readBody(): Promise<unknown> {
    this.bodyRead ??= this.bodySpec
      ? readJsonBody(this.transport, this.bodySpec.schema, this.bodySpec.maxBytes)
      : Promise.resolve(undefined);
    return this.bodyRead;
  }
}

const NO_CALLER = Object.freeze({});

/**
 * One request of an operation, cheapest and least committal steps first: the origin check where declared, the
 * caller (401), the rate limit (429; X-RateLimit-* on every answer from here on), the path parameters (404), the
 * query (400), then the operation, which reads its body (400/413) when it is ready to. A signed operation's every
 * answer, errors included, is signed last, over the bytes sent.
 */
export async function answerOperation(
  operation: ServedOperation,
  transport: Transport,
  extraHeaders?: Record<string, string>,
): Promise<Answer> {
  const envelope = openEnvelope(extraHeaders);
  const answer = await unsignedAnswer(operation, transport, envelope);
  if (!operation.spec.signed) return answer;
  try {
    return await signAnswer(answer, transport.path);
  } catch (error) {
    // No key to sign with (production without SIGNING_KEY, which the server refuses to start without): a 500 that
    // no verifier accepts, rather than an answer that cannot be proven.
    return failureAnswer(error, envelope, transport);
  }
}

async function unsignedAnswer(operation: ServedOperation, transport: Transport, envelope: Envelope): Promise<Answer> {
  const { spec } = operation;
  try {
    if (spec.sameOriginAlways) assertSameOrigin(transport.method, transport.headers);
    // Public operations (verify, health) have no caller to prove: no await for them.
    const kind = spec.access.kind;
    const caller =
      kind === "public" || kind === "server" ? NO_CALLER : await authenticate(kind, transport.method, transport.headers);
    const request = new Facts(envelope.requestId, transport);
    if (operation.limit) {
      Object.assign(envelope.headers, rateLimitHeaders(await operation.limit({ caller, request } as never)));
    }
    const params = spec.pathParams ? parsePathParams(spec.pathParams, transport.params) : undefined;
    const query = spec.query ? parseQuery(transport.searchParams(), spec.query) : undefined;
    const input = new Input(caller, params, query, request, transport, spec.body);
    const result = await operation.handle(input as never);
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
  const openOperations = operations.filter((operation) => operation.spec.cors);
  const open = openOperations.length > 0;
  const cors = open ? publicCorsHeaders({ signed: openOperations.some((operation) => operation.spec.signed) }) : undefined;
  const preflight = cors
    ? preflightHeaders(
        openOperations.map((operation) => operation.spec.method),
        cors,
      )
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
      if (method === "OPTIONS" && preflight && !probing)
        return { status: 204, headers: openEnvelope(preflight).headers, json: null };
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
