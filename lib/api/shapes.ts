import { z } from "zod";
import type { ErrorCode } from "@/lib/infra/errors";

// The pieces every operation's answers share: the error shape and the headers of docs/api.md. The route kit
// (lib/http) produces them; these schemas describe them for the contract.

export const validationIssueSchema = z
  .object({
    path: z.string().meta({ description: 'Dotted path of the offending field ("" for the value as a whole).' }),
    message: z.string(),
  })
  .meta({ id: "ValidationIssue" });

const requestIdSchema = z
  .uuid()
  .meta({ id: "RequestId", description: "Identifies the request in our logs; quote it to support." });

/** `{message, code, issues?, request_id}` with `code` one of the codes the operation can answer with this status. */
export function errorSchema(codes: readonly [ErrorCode, ...ErrorCode[]]) {
  return z.object({
    message: z.string().meta({ description: "For people: what went wrong and, where it can, what to do." }),
    code: z.enum(codes).meta({ description: "Stable identifier for programs to branch on." }),
    issues: z.array(validationIssueSchema).optional().meta({ description: "validation_error only: one entry per failed rule." }),
    request_id: requestIdSchema,
  });
}

// Headers with an id are filed once under components.headers and referenced from every answer that carries them.
const integerHeader = (description: string) => z.string().regex(/^\d+$/).meta({ description });
const sharedHeader = <T extends z.ZodType>(id: string, schema: T) => schema.meta({ header: { id } });

export const requestIdHeader = {
  "X-Request-Id": sharedHeader(
    "RequestId",
    z.uuid().meta({ description: "Identifies the request in our logs; quote it to support." }),
  ),
};

export const rateLimitHeaders = {
  "X-RateLimit-Limit": integerHeader("The allowance of the current window."),
  "X-RateLimit-Remaining": integerHeader("What is left of it."),
  "X-RateLimit-Reset": integerHeader("When the window resets, in Unix seconds."),
};

export const retryAfterHeader = { "Retry-After": integerHeader("Seconds to wait before trying again.") };

export const wwwAuthenticateHeader = {
  "WWW-Authenticate": z.string().meta({ description: 'Bearer realm="api", with error="invalid_token" when a key was sent.' }),
};

export const corsHeaders = {
  "Access-Control-Allow-Origin": z.literal("*"),
  "Access-Control-Expose-Headers": z.string(),
};

/** The headers of a signed answer (docs/api.md#signed-answers), filed once and referenced from each answer. */
export const signatureHeaders = {
  Date: sharedHeader(
    "SignedDate",
    z.string().meta({
      description: "When the answer was signed (an HTTP date, covered by the signature): refuse one more than 5 minutes off.",
    }),
  ),
  "Content-Digest": sharedHeader(
    "ContentDigest",
    z
      .string()
      .regex(/^sha-256=:[A-Za-z0-9+/]{43}=:$/)
      .meta({ description: "RFC 9530: sha-256 of the body as sent, covered by the signature." }),
  ),
  "Signature-Input": sharedHeader(
    "SignatureInput",
    z.string().meta({
      description:
        'RFC 9421: sig1=("@status" "@path";req "content-digest" "date");created=<unix seconds>;keyid="<kid>";alg="ed25519".',
    }),
  ),
  Signature: sharedHeader(
    "Signature",
    z
      .string()
      .regex(/^sig1=:[A-Za-z0-9+/]{86}==:$/)
      .meta({ description: "RFC 9421: sig1=:<base64 Ed25519 signature of the signature base>:." }),
  ),
};

export const allowHeader = { Allow: z.string().meta({ description: "The methods the path serves." }) };

/** Codes whose answers say when to try again. */
export const RETRY_AFTER_CODES: ReadonlySet<ErrorCode> = new Set([
  "rate_limited",
  "concurrency_limited",
  "too_many_login_attempts",
  "service_unavailable",
]);
/** Codes answered with a bearer challenge (lib/http/errors.ts). */
export const CHALLENGE_CODES: ReadonlySet<ErrorCode> = new Set(["missing_api_key", "invalid_api_key"]);
