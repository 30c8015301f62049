// Test support for the license routes: real users in the test database and real Request objects.
import { randomUUID } from "node:crypto";
import { encode } from "next-auth/jwt";
import { issueApiToken } from "@/lib/auth/tokens";
import { db } from "@/lib/db";
import { authSecret } from "@/lib/env";
import type { NextRouteHandler } from "@/lib/http/route";

export interface TestUser {
  id: number;
  token: string;
}

export async function createTestUser(): Promise<TestUser> {
  const user = await db.user.create({ data: { email: `licenses-${randomUUID()}@example.test`, passwordHash: "unused" } });
  return { id: user.id, token: await issueApiToken(user.id) };
}

/** The next-auth session cookie a signed-in browser would send. */
export async function sessionCookie(userId: number): Promise<string> {
  const token = await encode({ token: { sub: String(userId) }, secret: authSecret() });
  return `next-auth.session-token=${token}`;
}

interface CallOptions {
  token?: string;
  /** A JSON value, or a raw string sent as is. */
  body?: unknown;
  params?: Record<string, string>;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answered
  body: any;
}

export async function call(
  handler: NextRouteHandler,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<CallResult> {
  const headers = new Headers(options.headers);
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    headers.set("content-type", "application/json");
  }
  const res = await handler(new Request(`http://localhost${path}`, { method, headers, body }), {
    params: Promise.resolve(options.params ?? {}),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}
