// Calls a Next route handler the way the framework does: a real Request and a params promise. Every answer is
// checked against the OpenAPI document (test/support/contract.ts) before the test sees it.
import type { NextRouteHandler } from "@/lib/http";
import { assertMatchesContract } from "./contract";

export interface CallOptions {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  /** Sent as JSON unless already a string. */
  body?: unknown;
  params?: Record<string, string>;
}

export async function callRoute(handler: NextRouteHandler, options: CallOptions = {}): Promise<Response> {
  const { method = "GET", path = "/", headers = {}, body, params = {} } = options;
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === "string" ? body : JSON.stringify(body);
    init.headers = { "content-type": "application/json", ...headers };
  }
  return callHandler(handler, new Request(`http://localhost${path}`, init), params);
}

/** Calls the handler with a request built by the test itself, and checks the answer against the contract. */
export async function callHandler(
  handler: NextRouteHandler,
  request: Request,
  params: Record<string, string> = {},
): Promise<Response> {
  const response = await handler(request, { params: Promise.resolve(params) });
  await assertMatchesContract(request, response.clone());
  return response;
}

export interface JsonAnswer {
  status: number;
  headers: Headers;
  /** The parsed JSON answer, null for an empty body. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answered
  body: any;
}

/** callRoute with the answer read, for tests that look at its status, headers and JSON together. */
export async function callJson(handler: NextRouteHandler, options: CallOptions = {}): Promise<JsonAnswer> {
  const res = await callRoute(handler, options);
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

/** The header a user's bearer API token travels in (see createTestUser). */
export function bearer(user: { token: string }): Record<string, string> {
  return { authorization: `Bearer ${user.token}` };
}
