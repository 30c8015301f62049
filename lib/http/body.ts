import type { z } from "zod";
import { MAX_BODY_BYTES } from "@/lib/infra/api/operation";
import { AppError } from "@/lib/infra/errors";
import { validationError } from "./errors";
import { requestTransport, type Transport } from "./transport";

export { MAX_BODY_BYTES };

export const tooLarge = (maxBytes = MAX_BODY_BYTES) =>
  new AppError("payload_too_large", `Request body must be at most ${maxBytes / 1024} KiB`);

// One decoder for every body: TextDecoder drops a leading byte-order mark, as a web Request's text() does.
const utf8 = new TextDecoder();

/**
 * Reads a JSON body (an empty body reads as `{}`) and validates it: 413 when its declared or real size is over the
 * cap (the shared one, or the operation's own), 400 for bad JSON or a bad shape. The same steps for both adapters.
 */
export async function readJsonBody<S extends z.ZodType>(
  transport: Transport,
  schema: S,
  maxBytes = MAX_BODY_BYTES,
): Promise<z.infer<S>> {
  if (Number(transport.headers.get("content-length") ?? "0") > maxBytes) throw tooLarge(maxBytes);
  const bytes = await transport.body(maxBytes);
  if (bytes.byteLength > maxBytes) throw tooLarge(maxBytes);
  return parseJsonText(bytes.byteLength === 0 ? "" : utf8.decode(bytes), schema);
}

/** readJsonBody on a web Request, for the few route handlers the kit's operations do not serve. */
export function parseJsonBody<S extends z.ZodType>(req: Request, schema: S): Promise<z.infer<S>> {
  return readJsonBody(requestTransport(req, {}), schema);
}

/** A body's text as readJsonBody reads it (an empty body reads as `{}`). */
export function parseJsonText<S extends z.ZodType>(text: string, schema: S): z.infer<S> {
  let data: unknown = {};
  if (text.trim() !== "") {
    try {
      data = JSON.parse(text);
    } catch {
      throw new AppError("invalid_json", "Request body must be valid JSON");
    }
  }
  const result = schema.safeParse(data);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** The query string's parameters, validated (400 otherwise). */
export function parseQuery<S extends z.ZodType>(params: URLSearchParams, schema: S): z.infer<S> {
  const result = schema.safeParse(Object.fromEntries(params));
  if (!result.success) throw validationError(result.error);
  return result.data;
}
