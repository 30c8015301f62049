import type { ServerResponse } from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { documentCsp, inlineScriptHashes } from "./security-headers";

type Write = ServerResponse["write"];
type End = ServerResponse["end"];
type WriteHead = ServerResponse["writeHead"];

function decoded(body: Buffer, encoding: string): string {
  if (encoding === "gzip") return gunzipSync(body).toString("utf8");
  if (encoding === "deflate") return inflateSync(body).toString("utf8");
  if (encoding === "br") return brotliDecompressSync(body).toString("utf8");
  return body.toString("utf8");
}

function toBuffer(chunk: unknown, encoding?: BufferEncoding): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.from(String(chunk), encoding);
}

/**
 * Gives an HTML answer a CSP that allows exactly its own inline scripts: the document is held back until it is
 * complete, its inline scripts hashed, and then sent with the header. Answers that are not HTML pass straight
 * through. The cost: a page's HTML is sent when it is whole rather than streamed as it renders.
 *
 * Works on the node:http response at its lowest level (writeHead, write, end) so that it sees the bytes after
 * anything Next layers on top, such as its gzip compression; compressed documents are inflated to be hashed and
 * sent as they were.
 */
export function withDocumentCsp(res: ServerResponse, { dev }: { dev: boolean }): void {
  const original = { write: res.write, end: res.end, writeHead: res.writeHead, flushHeaders: res.flushHeaders };
  let mode: "undecided" | "buffer" | "pass" = "undecided";
  const chunks: Buffer[] = [];
  let headArgs: unknown[] | null = null;

  const decide = (headersArg?: unknown) => {
    if (mode !== "undecided") return;
    let type = String(res.getHeader("content-type") ?? "");
    if (headersArg && typeof headersArg === "object" && !Array.isArray(headersArg)) {
      for (const [name, value] of Object.entries(headersArg)) if (name.toLowerCase() === "content-type") type = String(value);
    }
    // Passing answers keep going through these wrappers, which then only delegate: putting the originals back
    // would also remove whatever wrapped them later (Next's compression wraps write and end).
    mode = type.toLowerCase().startsWith("text/html") ? "buffer" : "pass";
  };

  res.writeHead = function writeHead(this: ServerResponse, ...args: unknown[]) {
    const headersArg = args.find((arg) => typeof arg === "object" && arg !== null);
    decide(headersArg);
    if (mode === "pass") return (original.writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    headArgs = args;
    return this;
  } as WriteHead;

  res.flushHeaders = function flushHeaders(this: ServerResponse) {
    decide();
    if (mode === "pass") original.flushHeaders.call(this);
  };

  res.write = function write(this: ServerResponse, chunk: unknown, encoding?: unknown, callback?: unknown) {
    decide();
    if (mode === "pass") return (original.write as (...a: unknown[]) => boolean).call(this, chunk, encoding, callback);
    chunks.push(toBuffer(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : undefined));
    const done = typeof encoding === "function" ? encoding : callback;
    if (typeof done === "function") queueMicrotask(() => done());
    return true;
  } as Write;

  res.end = function end(this: ServerResponse, chunk?: unknown, encoding?: unknown, callback?: unknown) {
    decide();
    if (mode === "pass") return (original.end as (...a: unknown[]) => ServerResponse).call(this, chunk, encoding, callback);
    const done = [chunk, encoding, callback].find((arg) => typeof arg === "function") as (() => void) | undefined;
    if (chunk !== undefined && chunk !== null && typeof chunk !== "function") {
      chunks.push(toBuffer(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : undefined));
    }
    // From here the wrappers delegate: node's own write and end call writeHead, which must now go through.
    mode = "pass";
    const body = Buffer.concat(chunks);
    let hashes: string[] = [];
    try {
      hashes = inlineScriptHashes(decoded(body, String(res.getHeader("content-encoding") ?? "").toLowerCase()));
    } catch {
      // A body we cannot read gets the policy without hashes: its inline scripts do not run, nothing else breaks.
    }
    res.setHeader("Content-Security-Policy", documentCsp(hashes, { dev }));
    if (headArgs) (original.writeHead as (...a: unknown[]) => ServerResponse).apply(this, headArgs);
    if (body.length > 0) (original.write as (chunk: Buffer) => boolean).call(this, body);
    return (original.end as (callback?: () => void) => ServerResponse).call(this, done);
  } as End;
}
