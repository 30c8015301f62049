import type { PlanId } from "@/lib/config/plans";
import { access } from "@/lib/infra/api/operation";
import type { CurrentUser } from "./current-user";

// Who may call an operation and what it is handed once the caller has proved it (the route kit proves it,
// lib/http/auth.ts). A feature's contract names one of these as an operation's `access`.

/** A caller proved by an API key: the key and its owner. */
export interface ApiKeyOwner {
  apiKey: { id: number; userId: number };
  user: { id: number; email: string; plan: PlanId };
}

/** Anyone. */
export const PUBLIC = access<Record<string, never>>("public");

/** An API key: the key and its owner (scraper runs, batches). */
export const API_KEY = access<ApiKeyOwner>("apiKey");

/** A session cookie or a bearer token from login: the signed-in user and the session they came with. */
export const SIGNED_IN = access<{ user: CurrentUser }>("user");

/** An API key, a bearer token or a session cookie: reading and cancelling what a key submitted. */
export const ANY_CALLER = access<{ user: { id: number; email: string; plan: PlanId } }>("caller");

/** The server's own token (lib/catalogue/revalidation.ts), which the operation checks itself. */
export const SERVER = access<Record<string, never>>("server");
