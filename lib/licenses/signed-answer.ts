import type { Jwks } from "@/lib/infra/signing/scheme";
import {
  type SignatureFailure,
  type SignedResponse,
  type Verified,
  type VerifyOptions,
  verifySignedResponse,
} from "@/lib/infra/signing/verify";
import type { VerifyResult } from "./verdict";

// What a partner runs on each answer of POST /api/verify-license (docs/api.md#signed-answers), and the SDKs ship:
// the answer's signature, then the nonce the partner sent, echoed inside the signed body. Portable, like the verifier.

export type LicenseAnswerFailure =
  | SignatureFailure
  /** The answer does not echo the nonce this check sent: it was made for another check (a replay). */
  | "nonce_mismatch"
  /** A signed error answer (400, 413, 429, 500): ours, but no verdict; `message` is the API's own. */
  | "error_answer";

/**
 * Checks a verify answer as received (status, the request's path, headers, the raw body): ok with the parsed answer,
 * or why it cannot be trusted. With `nonce`, the one sent with the request, an answer to another check (an old one
 * replayed) is refused even though its signature is ours.
 */
export async function verifyLicenseAnswer(
  response: SignedResponse,
  jwks: Jwks,
  { nonce, ...options }: VerifyOptions & { nonce?: string } = {},
): Promise<Verified<{ kid: string; result: VerifyResult }, LicenseAnswerFailure>> {
  const signed = await verifySignedResponse(response, jwks, options);
  if (!signed.ok) return signed;
  const text = typeof response.body === "string" ? response.body : new TextDecoder().decode(response.body);
  if (response.status !== 200) {
    const error = JSON.parse(text) as { message?: string; code?: string };
    return { ok: false, reason: "error_answer", message: `${response.status} ${error.code}: ${error.message}` };
  }
  const result = JSON.parse(text) as VerifyResult;
  if (nonce !== undefined && result.nonce !== nonce) {
    return {
      ok: false,
      reason: "nonce_mismatch",
      message: "The answer does not echo this check's nonce: it was made for another check.",
    };
  }
  return { ok: true, kid: signed.kid, result };
}
