// The browser's view of the API contract: paths, payloads and answers typed from the route registry
// (lib/http/openapi/operations.ts) and its zod schemas, so a call to a path the API does not serve, a payload
// of the wrong shape or a misread answer does not compile. Types only: no server code reaches the bundle.
import type { z } from "zod";
import type { OPERATIONS } from "@/lib/api/registry";

type Operation = (typeof OPERATIONS)[number];
export type ApiMethod = Operation["method"];
export type ApiPath<M extends ApiMethod> = Extract<Operation, { method: M }>["path"];
/** Any path the API serves, whatever the method. */
export type AnyApiPath = Operation["path"];
type OperationAt<M extends ApiMethod, P extends string> = Extract<Operation, { method: M; path: P }>;

/** What a successful call answers (its first documented success). */
export type ApiAnswer<M extends ApiMethod, P extends string> = OperationAt<M, P>["success"] extends {
  schema: infer S extends z.ZodType;
}
  ? z.output<S>
  : unknown;

/** The JSON body the call takes, as the form builds it (before the server's own parsing). */
export type ApiBody<M extends ApiMethod, P extends string> =
  OperationAt<M, P> extends { body: { schema: infer S extends z.ZodType } } ? z.input<S> : undefined;

type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
/** The values of a path's `{placeholders}`. */
export type ApiParams<P extends string> = Record<ParamNames<P>, number | string>;

/**
 * A concrete path: the template with its placeholders filled and the query appended (the query key of a read). The
 * template must be one the registry serves, so a path the API does not answer does not compile.
 */
export function apiPath<P extends AnyApiPath>(
  template: P,
  params?: ApiParams<P>,
  query: Record<string, string | number | undefined> = {},
): string {
  const values = (params ?? {}) as Record<string, number | string>;
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values[name])));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
  const queryString = search.toString();
  return queryString ? `${path}?${queryString}` : path;
}
