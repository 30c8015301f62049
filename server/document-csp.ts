import type { ServerResponse } from "node:http";
import { brotliCompressSync, brotliDecompressSync, constants, deflateSync, gunzipSync, gzipSync, inflateSync } from "node:zlib";
import { addEtagSuffix, etagSuffix, withPageOrigin } from "@/lib/seo/page-origin";
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

function encoded(text: string, encoding: string): Buffer {
  const body = Buffer.from(text, "utf8");
  if (encoding === "gzip") return gzipSync(body);
  if (encoding === "deflate") return deflateSync(body);
  // Quality 5: a few milliseconds even for the largest page, where the default (11) takes hundreds.
  if (encoding === "br") return brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  return body;
}

/** Whether an Accept-Encoding header takes Brotli (listed, and not with q=0). */
export function acceptsBrotli(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(",") : (header ?? "");
  return value.split(",").some((part) => {
    const [name, ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    if (name !== "br") return false;
    const q = params.find((param) => param.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** Sets a header whether it is on the response or in the object handed to writeHead (which wins over it). */
function replaceHeader(res: ServerResponse, headArgs: unknown[] | null, name: string, value: (old: string) => string | number) {
  const object = headArgs?.find((arg) => typeof arg === "object" && arg !== null && !Array.isArray(arg)) as
    | Record<string, unknown>
    | undefined;
  const key = object && Object.keys(object).find((candidate) => candidate.toLowerCase() === name);
  if (object && key !== undefined) object[key] = value(String(object[key]));
  else if (res.hasHeader(name)) res.setHeader(name, value(String(res.getHeader(name))));
}

export interface DocumentOptions {
  /** next dev: the policy allows eval. */
  dev: boolean;
  /** The runtime APP_URL's origin, put in place of the metadata's placeholder origin (lib/seo/page-origin.ts). */
  origin?: string;
  /** The request revalidated a page with an ETag this edge suffixed: a 304 names it the same way. */
  revalidatesSuffixedTag?: boolean;
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
 * The same pass puts the runtime origin into the page's absolute addresses (lib/seo/page-origin.ts): in the HTML
 * and in the RSC payload inlined for hydration alike, so React hydrates the head it finds; the ETag then names
 * that origin too. Client-side navigations fetch RSC payloads, which stream through untouched: the head a soft
 * navigation renders may name the placeholder origin, which no crawler and no browser feature reads there.
 *
 * Works on the node:http response at its lowest level (writeHead, write, end) so that it sees the bytes after
 * anything Next layers on top, such as its gzip compression; compressed documents are inflated to be hashed and
 * sent compressed again: with Brotli when the browser takes it (Next compresses with gzip only), a fifth to a third
 * smaller — the home page's HTML then fits in the first round trip of a new connection (about 14 KB).
 */
export function withDocumentCsp(res: ServerResponse, { dev, origin, revalidatesSuffixedTag = false }: DocumentOptions): void {
  const suffix = origin === undefined ? null : etagSuffix(origin);
  const original = { write: res.write, end: res.end, writeHead: res.writeHead, flushHeaders: res.flushHeaders };
  let mode: "undecided" | "buffer" | "pass" = "undecided";
  const chunks: Buffer[] = [];
  let headArgs: unknown[] | null = null;

  const decide = (headersArg?: unknown, status = res.statusCode) => {
    if (mode !== "undecided") return;
    if (status === 304) {
      // A 304 revalidates the page the browser has stored, and the browser replaces that page's headers with the
      // 304's: any CSP here (the edge's non-document default included) would replace the policy that names the
      // stored page's inline scripts, and the page would run none of them. Without one, the stored policy stays,
      // and it is the right one: the ETag matched, so the stored HTML and its scripts are what we would send.
      res.removeHeader("Content-Security-Policy");
      if (suffix && revalidatesSuffixedTag)
        replaceHeader(res, headersArg ? [headersArg] : null, "etag", (tag) => addEtagSuffix(tag, suffix));
      mode = "pass";
      return;
    }
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
    decide(headersArg, typeof args[0] === "number" ? args[0] : res.statusCode);
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
    let body: Buffer = Buffer.concat(chunks);
    let hashes: string[] = [];
    try {
      const encoding = String(res.getHeader("content-encoding") ?? "").toLowerCase();
      let html = decoded(body, encoding);
      const rewritten = origin === undefined ? null : withPageOrigin(html, origin);
      if (rewritten !== null) html = rewritten;
      const sentEncoding = encoding === "gzip" && acceptsBrotli(res.req?.headers["accept-encoding"]) ? "br" : encoding;
      if (rewritten !== null || sentEncoding !== encoding) {
        body = encoded(html, sentEncoding);
        replaceHeader(res, headArgs, "content-length", () => body.length);
        if (sentEncoding !== encoding) replaceHeader(res, headArgs, "content-encoding", () => sentEncoding);
      }
      hashes = inlineScriptHashes(html);
    } catch {
      // A body we cannot read gets the policy without hashes: its inline scripts do not run, nothing else breaks.
    }
    if (suffix) replaceHeader(res, headArgs, "etag", (tag) => addEtagSuffix(tag, suffix));
    res.setHeader("Content-Security-Policy", documentCsp(hashes, { dev }));
    if (headArgs) (original.writeHead as (...a: unknown[]) => ServerResponse).apply(this, headArgs);
    if (body.length > 0) (original.write as (chunk: Buffer) => boolean).call(this, body);
    return (original.end as (callback?: () => void) => ServerResponse).call(this, done);
  } as End;
}
