import { signResponseOffThread } from "@/lib/infra/signing/http-signature";
import type { Answer } from "./answer";

/**
 * The answer of a signed operation (docs/api.md#signed-answers), signed over exactly the bytes sent (the JSON text's
 * UTF-8), the status, the request's `path` and a `Date` set here, so the answer says the time it was signed at
 * and neither server adds one of its own. Both adapters send the bytes as they are.
 */
export async function signAnswer(answer: Answer, path: string, date: Date = new Date()): Promise<Answer> {
  // A JSON text stays text: its digest is over its UTF-8 bytes, which is what both adapters send, so no copy of
  // it into a buffer is made per answer.
  const body = answer.json ?? "";
  // The answer is this request's own: its headers take the signature's in place.
  Object.assign(answer.headers, await signResponseOffThread({ status: answer.status, path, body, date }));
  return answer;
}
