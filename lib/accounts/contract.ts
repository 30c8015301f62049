import { z } from "zod";
import { PUBLIC, SIGNED_IN as SIGNED_IN_ACCESS } from "@/lib/auth/access";
import { JSON_BODY, SERVER_ERROR, SIGNED_IN } from "@/lib/infra/api/errors";
import { MAX_BODY_BYTES, operation } from "@/lib/infra/api/operation";
import { logoutSchema } from "./logout";
import { authTokenSchema, loginSchema, registerSchema, userSchema } from "./schemas";

// Accounts and sessions (docs/architecture.md#operations): registering, signing in and out, and the signed-in user.
// next-auth's own endpoints, which the site's login form uses, are served by the library (app/api/auth/[...nextauth]).

const exampleUser = { id: 42, email: "ada@example.com" };
const exampleToken = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJl";
const examplePassword = "correct horse battery";

export const register = operation({
  method: "POST",
  path: "/api/auth/register",
  operationId: "register",
  tag: "authentication",
  summary: "Creates an account (password of at least 8 characters) and returns a token for API calls.",
  access: PUBLIC,
  body: { schema: registerSchema, example: { email: exampleUser.email, password: examplePassword } },
  success: {
    status: 201,
    description: "The account and a bearer token.",
    schema: authTokenSchema,
    example: { token: exampleToken, user: exampleUser },
  },
  errors: {
    ...JSON_BODY,
    email_taken: "An account with this email already exists.",
    rate_limited: "Too many accounts created from your address this hour. Wait for Retry-After seconds.",
    ...SERVER_ERROR,
  },
  notAllowedHints: { GET: "Use POST with {email, password} to create an account" },
});

export const login = operation({
  method: "POST",
  path: "/api/auth/login",
  operationId: "login",
  tag: "authentication",
  summary: "Signs in with email and password.",
  access: PUBLIC,
  body: { schema: loginSchema, example: { email: exampleUser.email, password: examplePassword } },
  success: {
    status: 200,
    description: "A bearer token and the account.",
    schema: authTokenSchema,
    example: { token: exampleToken, user: exampleUser },
  },
  errors: {
    ...JSON_BODY,
    unauthorized: "Invalid email or password.",
    too_many_login_attempts: "Too many failed attempts. Wait for Retry-After seconds.",
    ...SERVER_ERROR,
  },
  notAllowedHints: { GET: "Use POST with {email, password} to log in" },
});

export const getMe = operation({
  method: "GET",
  path: "/api/auth/me",
  operationId: "getMe",
  tag: "authentication",
  summary: "The signed-in user.",
  access: SIGNED_IN_ACCESS,
  success: {
    status: 200,
    description: "The user.",
    schema: userSchema,
    example: exampleUser,
    headers: { "Cache-Control": z.literal("no-store") },
  },
  errors: { ...SIGNED_IN, unauthorized: "Not signed in, or the token expired." },
  notAllowedHints: { POST: "Use GET to read the signed-in user" },
});

export const logout = operation({
  method: "POST",
  path: "/api/auth/logout",
  operationId: "logout",
  tag: "authentication",
  summary:
    'Ends the session or bearer token the request carries, server-side, and removes the cookie; {"everywhere": true} ends every session and token of the account.',
  access: PUBLIC,
  sameOriginAlways: true,
  body: { schema: logoutSchema, example: { everywhere: false }, required: false },
  success: {
    status: 200,
    description: "Signed out (also when no one was signed in).",
    schema: z.object({ message: z.literal("Logged out") }),
    example: { message: "Logged out" },
  },
  errors: { cross_origin: "Sent from another origin.", ...JSON_BODY, ...SERVER_ERROR },
  notAllowedHints: { GET: "Use POST to log out" },
});

// next-auth's endpoints sit behind the route kit (app/api/auth/[...nextauth]/route.ts): only the ones sign-in uses.
const NEXT_AUTH_ERRORS = {
  not_found: "Not an endpoint the sign-in uses.",
  method_not_allowed: "The endpoint takes the other method; Allow names it.",
  malformed_request: "The sign-in post is not a form, or next-auth could not process it.",
  payload_too_large: `The body is over ${MAX_BODY_BYTES / 1024} KiB.`,
  ...SERVER_ERROR,
} as const;

export const nextAuthGet = operation({
  method: "GET",
  path: "/api/auth/{nextauth}",
  operationId: "nextAuthGet",
  tag: "authentication",
  summary: "The browser sign-in's own read endpoints (session, csrf, providers), served by next-auth; any other name is 404.",
  description: "Used by the site's login form and session cookie; not meant for API clients, which use /api/auth/login.",
  access: PUBLIC,
  pathParams: z.object({ nextauth: z.string().meta({ example: "session" }) }),
  success: { status: 200, description: "next-auth's answer." },
  errors: NEXT_AUTH_ERRORS,
});

export const nextAuthPost = operation({
  method: "POST",
  path: "/api/auth/{nextauth}",
  operationId: "nextAuthPost",
  tag: "authentication",
  summary: "The browser sign-in's form post (callback/credentials), served by next-auth; any other name is 404.",
  description: "Used by the site's login form; not meant for API clients, which use /api/auth/login.",
  access: PUBLIC,
  pathParams: z.object({ nextauth: z.string().meta({ example: "callback" }) }),
  success: { status: 200, description: "next-auth's answer." },
  errors: NEXT_AUTH_ERRORS,
});

export const ACCOUNTS_CONTRACT = [register, login, getMe, logout, nextAuthGet, nextAuthPost] as const;
