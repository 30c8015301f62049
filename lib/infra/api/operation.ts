// The vocabulary a feature declares its API with (docs/architecture.md#operations). A feature's `contract.ts`
// declares each operation — method, path, who may call it, zod input and output, every error code with when it
// happens, prose and examples — and its `operations.ts` implements each one as a transport-neutral function:
// typed input in (who is calling, path parameters, query, body), a typed result out, or an AppError thrown. The
// route kit (lib/http) serves an implemented operation through either adapter (a Next route handler or the
// edge's node:http fast path) with one envelope; the OpenAPI document, /api-docs and the typed browser client
// are assembled from the declarations (lib/api). Nothing here knows a feature or speaks HTTP beyond the
// contract's own words (methods, paths, success statuses).
import type { z } from "zod";
import type { ErrorCode } from "@/lib/infra/errors";
import type { RateLimitState } from "@/lib/infra/rate-limit/limiter";

export type Method = "GET" | "POST" | "PATCH" | "DELETE";

/** How a caller proves who they are (docs/api.md#authentication). */
export type SecurityScheme = "apiKey" | "bearerToken" | "session" | "revalidationToken";

/**
 * Who may call an operation. The route kit proves it before the operation runs (lib/http/auth.ts):
 * - `public`: anyone;
 * - `apiKey`: `Authorization: Bearer <API key>` (scraper runs);
 * - `user`: a session cookie or a bearer token from login (cookie writes from our own origin only);
 * - `caller`: any of the three;
 * - `server`: the server's own revalidation token, which the operation checks itself.
 */
export type AccessKind = "public" | "apiKey" | "user" | "caller" | "server";

/** The security schemes each kind of access accepts, any one of them enough: what the contract documents. */
export const ACCESS_SCHEMES: Readonly<Record<AccessKind, readonly SecurityScheme[]>> = {
  public: [],
  apiKey: ["apiKey"],
  user: ["bearerToken", "session"],
  caller: ["apiKey", "bearerToken", "session"],
  server: ["revalidationToken"],
};

/** An access kind and, as a type only, what the route kit hands the operation once the caller has proved it. */
export interface Access<Caller = unknown> {
  readonly kind: AccessKind;
  /** Type only: the caller the operation receives. */
  readonly caller?: Caller;
}

/** Declares an access kind with its caller type (lib/auth/access.ts declares the product's). */
export function access<Caller>(kind: AccessKind): Access<Caller> {
  return { kind };
}

/** Largest JSON body any operation accepts: part of the contract (payload_too_large above it). */
export const MAX_BODY_BYTES = 64 * 1024;

/** The methods a path can be asked for, besides HEAD (answered from GET): served ones, or refused with 405. */
export type AnyMethod = Method | "PUT" | "OPTIONS";

export interface BodySpec {
  schema: z.ZodType;
  example: unknown;
  /**
   * A larger cap than MAX_BODY_BYTES, for an operation whose body is a list the schema bounds (a monitor's URLs):
   * a list over its limit is read and refused 400 naming the field, not cut off at the shared cap with a 413.
   */
  maxBytes?: number;
  /** false when an empty body is fine (every field optional). */
  required?: boolean;
}

export type SuccessStatus = 200 | 201 | 202 | 204;

export interface SuccessSpec {
  status: SuccessStatus;
  description: string;
  /**
   * An answer that is not JSON: its media type (e.g. "image/png"); the body is bytes (`reply(..., {contentType})`), and
   * `schema` describes them for the document (a binary string).
   */
  mediaType?: string;
  schema?: z.ZodType;
  example?: unknown;
  /** Headers of this answer besides the ones every answer of the operation carries. */
  headers?: Record<string, z.ZodType>;
}

/** An operation as its feature declares it: everything the contract says, nothing about how it is served. */
export interface OperationSpec {
  method: Method;
  /** OpenAPI path template: `{id}` for a path parameter. */
  path: string;
  operationId: string;
  /** The /api-docs group (lib/api/tags.ts). */
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  pathParams?: z.ZodObject;
  query?: z.ZodObject;
  body?: BodySpec;
  success: SuccessSpec;
  /** Other successful answers, e.g. 202 for a run that has not ended yet. */
  alsoSuccess?: readonly SuccessSpec[];
  /** Every error code this operation answers with, and when; grouped by status in the document. */
  errors: Partial<Record<ErrorCode, string>>;
  /** X-RateLimit-* on every answer (`all`) or on every answer once the caller is known (`after-auth`). */
  rateLimit?: "all" | "after-auth";
  /** Open to every origin (docs/api.md#cors): CORS headers on every answer and a preflight at OPTIONS. */
  cors?: boolean;
  /**
   * Every answer, error or not, carries an RFC 9421 signature by the server's signing key over its exact bytes, its
   * status, the request's path, its Date and its Content-Digest (docs/api.md#signed-answers): what a partner must be
   * able to prove came from us unchanged.
   */
  signed?: boolean;
  /**
   * Cache-Control of the successful answers, for one that is the same for every caller (errors stay no-store). Never on
   * an answer that carries a key, a token or a secret.
   */
  cacheControl?: string;
  /** Refuse cross-origin calls even without a session cookie (logout, which ends whatever session comes along). */
  sameOriginAlways?: boolean;
  /** Served by a library, not the route kit: no error shape, no X-Request-Id. */
  external?: boolean;
  /** 405 messages for methods the path does not serve, where a hint helps more than the generic one. */
  notAllowedHints?: Partial<Record<AnyMethod, string>>;
}

/** Declares an operation; `as const`-like inference keeps its path, method and schemas as types. */
export function operation<const S extends OperationSpec>(spec: S): S {
  return spec;
}

// ─── Implementations ─────────────────────────────────────────────────────────────────────────────────────────

type Output<S extends z.ZodType | undefined> = S extends z.ZodType ? z.output<S> : undefined;

/** Reads a request's headers; a web Headers object is one. */
export interface HeaderReader {
  get(name: string): string | null;
}

/** What the request says beyond its parameters and body, as either adapter reads it. */
export interface RequestFacts {
  /** Identifies the request in our logs; every answer carries it. */
  id: string;
  /** The client's address as the edge settled it (TRUST_PROXY). */
  clientIp: string;
  /** The request's headers: a value is every occurrence joined with ", ", or null when absent. */
  headers: HeaderReader;
  /** Aborts when the caller goes away. */
  signal: AbortSignal;
}

export interface OperationInput<S extends OperationSpec> {
  caller: S["access"] extends Access<infer C> ? C : never;
  params: Output<S["pathParams"]>;
  query: Output<S["query"]>;
  /** The JSON body, validated against the declared schema (validation_error, invalid_json, payload_too_large
   * otherwise). Read when the operation asks, so cheaper refusals can come first; read once. */
  body: () => Promise<S["body"] extends BodySpec ? z.output<S["body"]["schema"]> : undefined>;
  request: RequestFacts;
}

type SuccessBody<S extends OperationSpec> = S["success"]["schema"] extends z.ZodType ? z.input<S["success"]["schema"]> : unknown;

const REPLY = Symbol("scrapedeck.reply");

/** A successful answer other than the declared one's plain body: another declared status, or one with extras. */
export interface Reply {
  readonly [REPLY]: true;
  status: SuccessStatus;
  body: unknown;
  /** Where the created or accepted resource is read (Location). */
  location?: string;
  /** The answer is the first one given for this Idempotency-Key, replayed. */
  replayed?: boolean;
  /** Cookies to set or expire (Set-Cookie), for the browser-session operations. */
  cookies?: readonly string[];
  /** A body that is bytes, not JSON (`body` is a Uint8Array): its Content-Type, as the operation's success declares. */
  contentType?: string;
}

export function reply(status: SuccessStatus, body: unknown, extras: Omit<Reply, typeof REPLY | "status" | "body"> = {}): Reply {
  return { [REPLY]: true, status, body, ...extras };
}

export function isReply(value: unknown): value is Reply {
  return typeof value === "object" && value !== null && REPLY in value;
}

export interface OperationImplementation<S extends OperationSpec> {
  /**
   * Counts the call against its rate limit, once the caller is known and before anything else is read (declared
   * `rateLimit`): its state becomes X-RateLimit-* on every answer; a refusal throws rate_limited.
   */
  limit?: (input: Pick<OperationInput<S>, "caller" | "request">) => Promise<RateLimitState>;
  handle: (input: OperationInput<S>) => Promise<SuccessBody<S> | Reply>;
}

/** A declared operation with the function that serves it: what the route kit's adapters take. */
export interface ServedOperation<S extends OperationSpec = OperationSpec> extends OperationImplementation<S> {
  spec: S;
}

/** Binds a declaration to its implementation. A rate-limited operation must say how it counts. */
export function implement<S extends OperationSpec>(spec: S, implementation: OperationImplementation<S>): ServedOperation<S> {
  if (spec.rateLimit && !implementation.limit) throw new Error(`${spec.operationId}: a rate-limited operation needs limit()`);
  return { spec, ...implementation };
}
