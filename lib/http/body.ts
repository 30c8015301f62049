import type { z } from "zod";
import { AppError } from "@/lib/infra/errors";
import { processWide } from "@/lib/infra/process-state";
import { validationError } from "./errors";

/** Largest JSON body any route accepts. */
export const MAX_BODY_BYTES = 64 * 1024;

export const tooLarge = () => new AppError("payload_too_large", `Request body must be at most ${MAX_BODY_BYTES / 1024} KiB`);

// Bodies the edge's fast paths read from node's request before making the web Request (lib/http/node.ts), by that
// Request: read from here they cost no stream, reader and promise per chunk. The Request carries the same bytes.
const rememberedBodies = processWide("request-bodies", () => new WeakMap<Request, Buffer>());
const utf8 = new TextDecoder();

/** The body `req` was made with, for readLimitedText to read instead of the Request's stream. */
export function rememberBody(req: Request, body: Buffer): void {
  rememberedBodies.set(req, body);
}

async function readLimitedText(req: Request, limit: number): Promise<string> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge();
  const remembered = rememberedBodies.get(req);
  if (remembered) {
    if (remembered.byteLength > limit) throw tooLarge();
    return utf8.decode(remembered);
  }
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** Reads the JSON body (an empty body reads as `{}`) and validates it; 400 for bad JSON or a bad shape, 413 when too large. */
export async function parseJsonBody<S extends z.ZodType>(req: Request, schema: S): Promise<z.infer<S>> {
  return parseJsonText(await readLimitedText(req, MAX_BODY_BYTES), schema);
}

/** A body's text as parseJsonBody reads it (an empty body reads as `{}`), for callers that read it themselves. */
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

export function parseSearchParams<S extends z.ZodType>(req: Request, schema: S): z.infer<S> {
  const params = Object.fromEntries(new URL(req.url).searchParams);
  const result = schema.safeParse(params);
  if (!result.success) throw validationError(result.error);
  return result.data;
}
