import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiResponseObject } from "zod-openapi";
import { site } from "@/lib/config/site";
import { HTTP_STATUS } from "@/lib/http/errors";
import { ACCESS_SCHEMES } from "@/lib/infra/api/operation";
import type { ErrorCode } from "@/lib/infra/errors";
import { licenseFileEnvelopeSchema, licenseFilePayloadSchema } from "@/lib/licenses/schemas";
import { WEBHOOK_DELIVERY_TEXT, type WebhookEventSpec, webhookEventSchema, webhookHeadersSchema } from "@/lib/webhooks/events";
import { ANSWERED_OPERATIONS, type Operation, type SecurityScheme, type SuccessSpec, TAGS, WEBHOOK_EVENTS } from "./registry";
import {
  CHALLENGE_CODES,
  corsHeaders,
  errorSchema,
  RETRY_AFTER_CODES,
  rateLimitHeaders,
  requestIdHeader,
  retryAfterHeader,
  signatureHeaders,
  wwwAuthenticateHeader,
} from "./shapes";

// The OpenAPI 3.1 document, built from the features' declared operations (./operations.ts) and their zod schemas by zod-openapi (which renders each
// schema with zod 4's own JSON Schema output and files the ones with a meta id under components).

export const OPENAPI_VERSION = "3.1.0";
export const API_VERSION = "1.0.0";

const SECURITY_SCHEMES = {
  apiKey: {
    type: "http",
    scheme: "bearer",
    bearerFormat: `API key (${site.apiKeyPrefix}…)`,
    description: "An API key from your dashboard, for running scrapers.",
  },
  bearerToken: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "The token POST /api/auth/login and /api/auth/register return, valid 24 hours.",
  },
  session: {
    type: "apiKey",
    in: "cookie",
    name: "next-auth.session-token",
    description: "The browser's session cookie, set by signing in on the site (__Secure-next-auth.session-token over https).",
  },
  revalidationToken: {
    type: "http",
    scheme: "bearer",
    description: "The server's own token, derived from AUTH_SECRET (lib/catalogue/revalidation.ts); not for API callers.",
  },
} as const satisfies Record<SecurityScheme, unknown>;

const DESCRIPTION = `${site.description}

Every failure is JSON \`{message, code, request_id}\` (\`issues\` added to validation errors); every answer carries \`X-Request-Id\`.
A method a path does not serve answers 405 \`method_not_allowed\` with \`Allow\`; any other path under /api answers 404 \`not_found\`.`;

/** The headers of one answer: the ones every answer of the operation carries, then the status's own. */
function responseHeaders(
  op: Operation,
  answer: { status: number; headers?: SuccessSpec["headers"] },
  codes: readonly ErrorCode[],
) {
  const { status } = answer;
  const shape: Record<string, z.ZodType> = {};
  if (!op.external) Object.assign(shape, requestIdHeader);
  if (op.cors) Object.assign(shape, corsHeaders);
  if (op.rateLimit) {
    // The key is checked before the limit is counted: a 401 of a keyed operation has no X-RateLimit-*; a 500, or a
    // 503 of the limiter's own store being away, may come first.
    const counted = !(status === 500 || status === 503 || (op.rateLimit === "after-auth" && status === 401));
    for (const [name, schema] of Object.entries(rateLimitHeaders)) shape[name] = counted ? schema : schema.optional();
  }
  // A header some of the status's codes carry: required when all of them do.
  for (const [carriers, headers] of [
    [RETRY_AFTER_CODES, retryAfterHeader],
    [CHALLENGE_CODES, wwwAuthenticateHeader],
  ] as const) {
    if (!codes.some((code) => carriers.has(code))) continue;
    const always = codes.every((code) => carriers.has(code));
    for (const [name, schema] of Object.entries(headers)) shape[name] = always ? schema : schema.optional();
  }
  // Every answer of a signed operation is signed; a 500 may not be (it is what an answer that could not be signed gets).
  if (op.signed) {
    for (const [name, schema] of Object.entries(signatureHeaders)) shape[name] = status === 500 ? schema.optional() : schema;
  }
  if (op.cacheControl && status < 300) shape["Cache-Control"] = z.literal(op.cacheControl);
  if (answer.headers) Object.assign(shape, answer.headers);
  return Object.keys(shape).length > 0 ? z.object(shape) : undefined;
}

/** Error codes of an operation grouped by the status they are answered with. */
export function errorsByStatus(op: Operation): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of Object.keys(op.errors) as ErrorCode[]) {
    const status = HTTP_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

/** Every successful answer of an operation: the main one, then the others it also gives (e.g. 202 for a run still going). */
export function successes(op: Operation): readonly SuccessSpec[] {
  return [op.success, ...(op.alsoSuccess ?? [])];
}

function responses(op: Operation): Record<string, ZodOpenApiResponseObject> {
  const out: Record<string, ZodOpenApiResponseObject> = {};
  for (const success of successes(op)) {
    out[success.status] = {
      description: success.description,
      headers: responseHeaders(op, success, []),
      ...(success.schema
        ? { content: { [success.mediaType ?? "application/json"]: { schema: success.schema, example: success.example } } }
        : {}),
    };
  }
  for (const [status, codes] of errorsByStatus(op)) {
    const [first, ...rest] = codes;
    if (!first) continue;
    out[status] = {
      description: codes.map((code) => `\`${code}\`: ${op.errors[code]}`).join(" "),
      headers: responseHeaders(op, { status }, codes),
      content: { "application/json": { schema: errorSchema([first, ...rest]) } },
    };
  }
  return out;
}

function operationObject(op: Operation): ZodOpenApiOperationObject {
  const requestParams = { ...(op.pathParams ? { path: op.pathParams } : {}), ...(op.query ? { query: op.query } : {}) };
  return {
    operationId: op.operationId,
    tags: [TAGS[op.tag].name],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    security: ACCESS_SCHEMES[op.access.kind].map((scheme) => ({ [scheme]: [] })),
    ...(Object.keys(requestParams).length > 0 ? { requestParams } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: op.body.required ?? true,
            content: { "application/json": { schema: op.body.schema, example: op.body.example } },
          },
        }
      : {}),
    responses: responses(op),
  };
}

/** A webhook event as the document's `webhooks` describe it: the request we send and the answers we expect. */
function webhookObject(event: WebhookEventSpec): ZodOpenApiOperationObject {
  const camel = event.type.replace(/[._](\w)/g, (_, letter: string) => letter.toUpperCase());
  return {
    operationId: `${camel}Webhook`,
    tags: [TAGS.runs.name],
    summary: event.summary,
    description: [event.description, WEBHOOK_DELIVERY_TEXT].filter(Boolean).join("\n\n"),
    requestParams: { header: webhookHeadersSchema },
    requestBody: {
      required: true,
      content: {
        "application/json": {
          schema: webhookEventSchema(event),
          example: {
            id: "evt_5c1e0a9b2d7f4e8a6b3c1d0e",
            type: event.type,
            created_at: "2026-11-21T16:05:13.000Z",
            data: event.example,
          },
        },
      },
    },
    responses: {
      "2XX": { description: "Received: no more attempts." },
      "410": { description: "Gone: the address is disabled for your account; nothing more is sent to it." },
    },
  };
}

/** The whole document. Its server is "/", the host it is served from, so one file fits every deployment. */
export function buildOpenApiDocument() {
  const paths: Record<string, Record<string, ZodOpenApiOperationObject>> = {};
  for (const op of ANSWERED_OPERATIONS) {
    const item = paths[op.path] ?? {};
    item[op.method.toLowerCase()] = operationObject(op);
    paths[op.path] = item;
  }
  return createDocument({
    openapi: OPENAPI_VERSION,
    info: { title: `${site.name} API`, version: API_VERSION, description: DESCRIPTION, contact: { email: site.supportEmail } },
    servers: [{ url: "/", description: "The host this document is served from." }],
    tags: Object.values(TAGS).map(({ name, description }) => ({ name, description })),
    paths,
    webhooks: Object.fromEntries(WEBHOOK_EVENTS.map((event) => [event.type, { post: webhookObject(event) }])),
    // Not the body of any operation, but what a license file holds (docs/api.md#license-files).
    components: {
      securitySchemes: SECURITY_SCHEMES,
      schemas: { LicenseFileEnvelope: licenseFileEnvelopeSchema, LicenseFilePayload: licenseFilePayloadSchema },
    },
  });
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
