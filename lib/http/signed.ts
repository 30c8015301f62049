import { signResponse } from "@/lib/infra/signing/http-signature";
import type { Answer } from "./answer";

/**
 * The answer of a signed operation (docs/api.md#signed-answers) with its JSON encoded once and signed over exactly
 * those bytes, the status, the request's `path` and a `Date` set here, so the answer says the time it was signed at
 * and neither server adds one of its own. Both adapters send the bytes as they are.
 */
export function signAnswer(answer: Answer, path: string, date: Date = new Date()): Answer {
  const body = typeof answer.json === "string" ? Buffer.from(answer.json) : (answer.json ?? new Uint8Array(0));
  const headers = signResponse({ status: answer.status, path, body, date });
  return { ...answer, headers: { ...answer.headers, ...headers }, json: answer.json === null ? null : body };
}
