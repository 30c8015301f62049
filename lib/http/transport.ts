import type { IncomingMessage, ServerResponse } from "node:http";
import { clientIp } from "@/lib/auth/client-ip";
import { type HeaderReader, MAX_BODY_BYTES } from "@/lib/infra/api/operation";

/**
 * A request as the route kit reads it, whichever server received it: a web Request from Next's router, or node's
 * own request on the edge's fast path (docs/architecture.md#operations). Everything the envelope, the
 * authentication and an operation read goes through here, so both adapters answer byte for byte alike.
 */
export interface Transport {
  method: string;
  /** The request target (path and query), for the log. */
  url: string;
  /**
   * The path as sent, percent-encoding kept, without the query, as the URL standard reads it: what a signed answer
   * names (docs/api.md#signed-answers).
   */
  readonly path: string;
  /** The route's dynamic segments, percent-decoded, as Next hands them over. */
  params: Record<string, string | string[] | undefined>;
  /** The headers: a value is every occurrence joined with ", " as web Headers join them; null when absent. */
  headers: HeaderReader;
  /** The query string's parameters. */
  searchParams(): URLSearchParams;
  /**
   * The body's bytes, never more than the cap (MAX_BODY_BYTES unless the operation declares its own) + 1 of them:
   * enough to tell a body over the cap from one at it without holding a huge one in memory. Read once.
   */
  body(maxBytes?: number): Promise<Uint8Array>;
  clientIp: string;
  /** Aborts when the client goes away. */
  signal: AbortSignal;
}

async function readRequestCapped(req: Request, maxBytes: number): Promise<Uint8Array> {
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      break;
    }
  }
  return chunks.length === 1 ? (chunks[0] as Uint8Array) : Buffer.concat(chunks);
}

/** Next's web Request as a Transport. */
export function requestTransport(req: Request, params: Transport["params"]): Transport {
  let body: Promise<Uint8Array> | undefined;
  return {
    method: req.method,
    url: req.url,
    get path() {
      return new URL(req.url).pathname;
    },
    params,
    headers: req.headers,
    searchParams: () => new URL(req.url).searchParams,
    body: (maxBytes = MAX_BODY_BYTES) => {
      body ??= readRequestCapped(req, maxBytes);
      return body;
    },
    clientIp: clientIp(req.headers),
    signal: req.signal,
  };
}

/**
 * The body as sent, but never more than the route kit accepts plus one byte; the rest is drained unread. Read with
 * the stream's events rather than `for await`: the async iterator costs a promise per chunk, on every hot request
 * (docs/decisions.md#hot-paths).
 */
export function readNodeBodyCapped(req: IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      if (size > maxBytes) return;
      chunks.push(chunk);
      size += chunk.byteLength;
    });
    req.once("error", reject);
    req.once("end", () => {
      const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
      resolve(body.byteLength > maxBytes + 1 ? body.subarray(0, maxBytes + 1) : body);
    });
  });
}

/**
 * A header as a web Headers object gives it: every occurrence joined with ", ". Node's own `req.headers` keeps only
 * the first Authorization, so a request with two would otherwise be read differently on the two paths.
 */
function rawHeader(raw: string[], lowerName: string): string | null {
  let value: string | null = null;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    if (name.length === lowerName.length && name.toLowerCase() === lowerName) {
      value = value === null ? (raw[i + 1] as string) : `${value}, ${raw[i + 1] as string}`;
    }
  }
  return value;
}

/** A request's headers read from node's raw list, as a web Headers object reads them (see rawHeader). */
class RawHeaders implements HeaderReader {
  constructor(private readonly raw: string[]) {}
  get(name: string): string | null {
    return rawHeader(this.raw, name.toLowerCase());
  }
}

/**
 * A request target's path as the URL standard reads it. Parsing a URL showed in the profile of every signed answer
 * (bench:hot's verify row), and a hot path's target is the same string request after request: the last one is kept.
 */
function wirePath(target: string): string {
  if (target !== lastTarget.target) lastTarget = { target, path: new URL(target, "http://localhost").pathname };
  return lastTarget.path;
}
let lastTarget = { target: "", path: "" };

/**
 * Node's request as a Transport, for the edge's fast paths. A class rather than an object of closures: it is made
 * on every hot request, and its methods live once on the prototype (the profile of bench:hot's verify row showed
 * the closures' allocation and naming). Its signal aborts when the response closes unfinished; it is made when first
 * asked for, since most operations never ask.
 */
class NodeTransport implements Transport {
  readonly method: string;
  readonly url: string;
  readonly headers: HeaderReader;
  readonly clientIp: string;
  private bodyRead: Promise<Uint8Array> | undefined;
  private aborted: AbortController | undefined;

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    readonly params: Transport["params"],
  ) {
    this.method = req.method ?? "GET";
    this.url = req.url ?? "/";
    this.headers = new RawHeaders(req.rawHeaders);
    this.clientIp = clientIp(req.headers);
  }

  /** The path as sent, percent-encoding kept, without the query (what a signed answer names). */
  get path(): string {
    return wirePath(this.url);
  }

  searchParams(): URLSearchParams {
    return new URL(this.url, "http://localhost").searchParams;
  }

  body(maxBytes = MAX_BODY_BYTES): Promise<Uint8Array> {
    this.bodyRead ??= readNodeBodyCapped(this.req, maxBytes);
    return this.bodyRead;
  }

  get signal(): AbortSignal {
    if (!this.aborted) {
      const controller = new AbortController();
      const res = this.res;
      res.once("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      this.aborted = controller;
    }
    return this.aborted.signal;
  }
}

/** Node's request as a Transport, for the edge's fast paths. */
export function nodeTransport(req: IncomingMessage, res: ServerResponse, params: Transport["params"]): Transport {
  return new NodeTransport(req, res, params);
}
