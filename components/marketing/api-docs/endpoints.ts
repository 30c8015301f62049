// The API reference of /api-docs (docs/product.md#api-documentation-page), read from the operations the OpenAPI
// document is built from (lib/api/registry.ts), so the page shows what the handlers answer. Rendered by
// reference.tsx and endpoint-card.tsx.
import { errorsByStatus, successes } from "@/lib/api/document";
import { ANSWERED_OPERATIONS, type Method, type Operation, type SecurityScheme, TAGS, type Tag } from "@/lib/api/registry";
import { ACCESS_SCHEMES } from "@/lib/infra/api/operation";
import { getSigningKeys, verifyLicense } from "@/lib/licenses/contract";

export type HttpMethod = Method;

/** One successful answer: its status, when it is given, and its example body (none for an empty or external one). */
export interface ResponseDoc {
  status: number;
  description: string;
  example?: string;
}

export interface EndpointDoc {
  method: HttpMethod;
  /** The path, with the query parameters it takes. */
  path: string;
  summary: string;
  auth: string;
  body?: string;
  /** Every successful status the operation answers, the main one first (e.g. 200, then 202 for a run still going). */
  responses: readonly ResponseDoc[];
  errors: ReadonlyArray<readonly [status: number, meaning: string]>;
}

export interface ReferenceTab {
  value: Tag;
  label: string;
  intro: string;
  endpoints: readonly EndpointDoc[];
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

function authText(security: readonly SecurityScheme[]): string {
  if (security.length === 0) return "None";
  if (security.includes("apiKey")) return "API key";
  if (security.includes("revalidationToken")) return "The server's revalidation token";
  return "Session or bearer JWT";
}

function displayPath(op: Operation): string {
  const query = op.query ? Object.keys(op.query.shape) : [];
  return query.length > 0 ? `${op.path}?${query.map((name) => `${name}={${name}}`).join("&")}` : op.path;
}

/** Every status but 500, which any call can answer and the Errors section explains once. */
function errorLines(op: Operation): [number, string][] {
  return [...errorsByStatus(op)]
    .filter(([status]) => status !== 500)
    .map(([status, codes]) => [status, codes.map((code) => `${op.errors[code]} (${code})`).join(" ")]);
}

export function endpointDoc(op: Operation): EndpointDoc {
  return {
    method: op.method,
    path: displayPath(op),
    summary: op.description ? `${op.summary} ${op.description}` : op.summary,
    auth: authText(ACCESS_SCHEMES[op.access.kind]),
    ...(op.body ? { body: json(op.body.example) } : {}),
    responses: successes(op).map((success) => ({
      status: success.status,
      description: success.description,
      ...(success.example !== undefined ? { example: json(success.example) } : {}),
    })),
    errors: errorLines(op),
  };
}

/** What partners call: the public verification, the keys that prove its answers, and their preflights: a section of their own. */
const PARTNER_PATHS: readonly string[] = [verifyLicense.path, getSigningKeys.path];
const isVerification = (op: Operation) => PARTNER_PATHS.includes(op.path);

const REFERENCE_TAGS: readonly Tag[] = [
  "scrapers",
  "authentication",
  "api-keys",
  "search",
  "licenses",
  "runs",
  "monitors",
  "crawls",
];

export const REFERENCE_TABS: readonly ReferenceTab[] = REFERENCE_TAGS.map((tag) => ({
  value: tag,
  label: TAGS[tag].name,
  intro: TAGS[tag].description,
  endpoints: ANSWERED_OPERATIONS.filter((op) => op.tag === tag && !isVerification(op)).map(endpointDoc),
}));

export const VERIFY_LICENSE: readonly EndpointDoc[] = ANSWERED_OPERATIONS.filter(isVerification).map(endpointDoc);

/** The service's own endpoints: health and the OpenAPI document. */
export const SERVICE_ENDPOINTS: readonly EndpointDoc[] = ANSWERED_OPERATIONS.filter((op) => op.tag === "service").map(
  endpointDoc,
);
