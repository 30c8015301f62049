import { z } from "zod";
import { ACCOUNTS_CONTRACT } from "@/lib/accounts/contract";
import { API_KEYS_CONTRACT } from "@/lib/api-keys/contract";
import { CATALOGUE_CONTRACT } from "@/lib/catalogue/contract";
import { CRAWLS_CONTRACT, CRAWLS_WEBHOOK_EVENTS } from "@/lib/crawls/contract";
import { HEALTH_CONTRACT } from "@/lib/health/contract";
import type { OperationSpec } from "@/lib/infra/api/operation";
import { LICENSES_CONTRACT } from "@/lib/licenses/contract";
import { MONITORS_CONTRACT, MONITORS_WEBHOOK_EVENTS } from "@/lib/monitors/contract";
import { RUNS_CONTRACT, RUNS_WEBHOOK_EVENTS } from "@/lib/runs/contract";
import { USAGE_CONTRACT } from "@/lib/usage/contract";
import { WEBHOOKS_CONTRACT } from "@/lib/webhooks/contract";
import type { WebhookEventType } from "@/lib/webhooks/deliveries";
import type { WebhookEventSpec } from "@/lib/webhooks/events";
import { getOpenApiDocument } from "./contract";
import { TAGS, type Tag } from "./tags";

// The API: every feature's declared operations, in one list (docs/architecture.md#operations). The OpenAPI document
// (document.ts), the /api-docs reference and the typed browser client (client/contract.ts) are read from it, and the
// contract test checks every route test's real answers against the document. A feature adds an endpoint in its own
// contract.ts; a new feature adds its contract's list here.

// `as const`: the browser client reads each operation's path and schemas as types.
export const OPERATIONS = [
  ...CATALOGUE_CONTRACT,
  ...RUNS_CONTRACT,
  ...CRAWLS_CONTRACT,
  ...ACCOUNTS_CONTRACT,
  ...API_KEYS_CONTRACT,
  ...LICENSES_CONTRACT,
  ...WEBHOOKS_CONTRACT,
  ...MONITORS_CONTRACT,
  ...USAGE_CONTRACT,
  ...HEALTH_CONTRACT,
  getOpenApiDocument,
] as const satisfies readonly (OperationSpec & { tag: Tag })[];

/**
 * Every webhook event the API sends, from the features that send them (each declares its own in its contract.ts): the
 * OpenAPI document's `webhooks`. The crawl feature adds its own here.
 */
export const WEBHOOK_EVENTS = [
  ...RUNS_WEBHOOK_EVENTS,
  ...MONITORS_WEBHOOK_EVENTS,
  ...CRAWLS_WEBHOOK_EVENTS,
] as const satisfies readonly WebhookEventSpec[];

// What the delivery code may send is what is declared, no more and no less.
type DeclaredEventType = (typeof WEBHOOK_EVENTS)[number]["type"];
const declaredIsSent: [DeclaredEventType, WebhookEventType] extends [WebhookEventType, DeclaredEventType] ? true : never = true;
void declaredIsSent;

/** An operation the API answers: a declared one, or the CORS preflight of a path open to every origin. */
export type Operation = Omit<OperationSpec, "method"> & { method: Method; tag: Tag };
export type { SecurityScheme, SuccessSpec } from "@/lib/infra/api/operation";
export type Method = OperationSpec["method"] | "OPTIONS";

/**
 * The CORS preflight the route kit answers for a path open to every origin (lib/http/serve.ts): derived from the
 * path's operations rather than declared by each.
 */
function preflightOf(ops: readonly Operation[]): Operation {
  const [first] = ops as [Operation, ...Operation[]];
  const methods = ops.map((op) => op.method).join(", ");
  return {
    method: "OPTIONS",
    path: first.path,
    operationId: `${first.operationId}Preflight`,
    tag: first.tag,
    summary: `The browser's CORS preflight for ${first.path.replace(/^\/api\//, "")}: any origin, ${methods}, Content-Type; cached a day.`,
    access: { kind: "public" },
    success: {
      status: 204,
      description: "Preflight accepted.",
      headers: {
        "Access-Control-Allow-Methods": z.string(),
        "Access-Control-Allow-Headers": z.string(),
        "Access-Control-Max-Age": z.string(),
      },
    },
    cors: true,
    errors: {},
  };
}

/** Every operation the API answers, each open path's preflight right after its operations: what the document lists. */
export const ANSWERED_OPERATIONS: readonly Operation[] = (() => {
  const list: Operation[] = [];
  const open = new Map<string, Operation[]>();
  for (const op of OPERATIONS as readonly Operation[]) if (op.cors) open.set(op.path, [...(open.get(op.path) ?? []), op]);
  for (const op of OPERATIONS as readonly Operation[]) {
    list.push(op);
    const sameOpen = open.get(op.path);
    if (sameOpen && sameOpen.at(-1) === op) list.push(preflightOf(sameOpen));
  }
  return list;
})();
export { TAGS, type Tag };

/** `GET /api/keys` → the operation. */
export type OperationKey = `${string} ${string}`;
export const operationKey = (op: Pick<Operation, "method" | "path">): OperationKey => `${op.method} ${op.path}`;
