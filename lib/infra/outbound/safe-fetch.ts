import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { STATUS_CODES } from "node:http";
import { isIP, type LookupFunction } from "node:net";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream";
import zlib from "node:zlib";
import { Agent, type Dispatcher } from "undici";
import { deadline as startDeadline } from "@/lib/infra/deadline";
import { env } from "@/lib/infra/env";
import { ScrapeError } from "@/lib/infra/errors";
import { type AddressPolicy, blockedAddressReason } from "./address-policy";
import { decodeHtml } from "./charset";
import { MAX_PAGE_BYTES } from "./limits";
import { parseRetryAfter } from "./retry-after";

/** Resolves a host name to every address it has, like dns.lookup(name, {all: true}). Injected by tests. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export interface FetchPolicy extends AddressPolicy {
  resolve: Resolver;
  maxRedirects: number;
  /** TCP + TLS handshake, DNS included. */
  connectTimeoutMs: number;
  /** The whole fetch, redirects and body included. */
  timeoutMs: number;
  /** Decoded (decompressed) body size limit. */
  maxBytes: number;
}

export interface FetchedPage {
  /** The address that answered, after redirects. */
  url: string;
  status: number;
  contentType: string | null;
  charset: string;
  html: string;
  /** Decompressed body size. */
  bytes: number;
}

/**
 * How to fetch something that is not a web page (robots.txt, a sitemap): which media types are wanted and how
 * much of the body to read. The address checks, pinned lookup, redirects and deadline are fetchPage's.
 */
export interface ResourceRequest {
  /**
   * Media types accepted in a 2xx answer: exact ("text/plain") or a whole type ("text/*"). An answer without a
   * Content-Type is accepted (the caller's parser decides); any other type fails with upstream_error.
   */
  accept: readonly string[];
  /** Decoded (decompressed) body size limit; the policy's maxBytes when absent. */
  maxBytes?: number;
  /**
   * Past maxBytes: "error" (the default) fails with too_large; "truncate" keeps the first maxBytes and says so
   * (robots.txt: RFC 9309 section 2.5 parses a prefix of an oversized file rather than none of it).
   */
  overflow?: "error" | "truncate";
  /** Sent as the User-Agent instead of the browser one. */
  userAgent?: string;
  signal?: AbortSignal;
}

/** A resource's answer, whatever its status: the caller decides what a 404 or a 503 means. */
export interface FetchedResource {
  /** The address that answered, after redirects. */
  url: string;
  status: number;
  contentType: string | null;
  /** The Content-Type's media type, lowercased, without parameters. */
  mediaType: string | null;
  /** The decoded body of a 2xx answer, at most maxBytes; empty for any other status. */
  body: Buffer;
  truncated: boolean;
}

/** A resource whose body is read as it arrives (a 50 MB sitemap is parsed without being held whole). */
export interface OpenedResource extends Omit<FetchedResource, "body" | "truncated"> {
  /**
   * The decoded body in chunks, at most maxBytes in all (overflow "error" throws too_large from the iteration).
   * Read it once, to its end or not: the deadline runs until the iteration stops, and stopping early closes the
   * connection. Empty for a non-2xx answer.
   */
  body: AsyncIterable<Buffer>;
  /** Whether the body was cut at maxBytes; known once the iteration has ended. */
  readonly truncated: boolean;
}

/** A request that delivers something rather than fetching a page (webhooks). */
export interface OutgoingRequest {
  method: "POST" | "PUT";
  headers: Record<string, string>;
  body: string;
  signal?: AbortSignal;
}

/**
 * Decoded bytes that several requests share (a rendered page and everything it loads): each chunk read counts
 * against it, so a page's requests together never hold more than `limit` bytes, however many run at once.
 */
export interface ByteBudget {
  limit: number;
  used: number;
}

/** One request a browser page makes, fetched for it (lib/infra/browser/egress.ts). */
export interface BrowserRequest {
  method: string;
  /** The browser's own headers (cookies included); hop-by-hop and encoding headers are replaced by ours. */
  headers: Record<string, string>;
  body?: Buffer | null;
  signal?: AbortSignal;
  /**
   * What the answer may be: "document" (a frame's page) must be HTML, as fetchPage requires (not_html otherwise);
   * "subresource" (script, style, image, XHR …) may be anything but audio and video, which a page needs no copy of.
   */
  destination: "document" | "subresource";
  /** Decoded size limit of this answer (too_large past it); the fetcher's maxBytes when smaller or unset. */
  maxBytes?: number;
  /** The page's shared budget (too_large once it is spent). */
  budget?: ByteBudget;
}

export interface BrowserResource {
  url: string;
  status: number;
  /** The answer's headers, without those that described the encoded body (content-encoding, content-length). */
  headers: Record<string, string | string[]>;
  /** Decoded body. Empty for a redirect. */
  body: Buffer;
  /** For a 3xx with a Location: where it points, already checked to be an http(s) URL (blocked_address if not). */
  redirectTo?: URL;
}

export interface PageFetcher {
  fetchPage(url: string, options?: { signal?: AbortSignal }): Promise<FetchedPage>;
  /** Fetches a resource that is not a page, read whole (up to its cap). */
  fetchResource(url: string, request: ResourceRequest): Promise<FetchedResource>;
  /** Fetches a resource that is not a page, its body read by the caller as it arrives. */
  openResource(url: string, request: ResourceRequest): Promise<OpenedResource>;
  /**
   * One request of a browser page through the same address checks and pinned lookup as fetchPage: any method and
   * status, the body decoded and capped; a redirect is not followed but answered with its target, so the caller
   * asks again and the next hop is checked in its turn.
   */
  fetchForBrowser(url: string, request: BrowserRequest): Promise<BrowserResource>;
  /**
   * Sends `request` to `url` through the same address checks and pinned lookup as fetchPage, and answers the
   * status; the answer's body is not read, and a redirect is not followed (its 3xx is the answer).
   */
  send(url: string, request: OutgoingRequest): Promise<number>;
  close(): Promise<void>;
}

export const DEFAULT_FETCH_POLICY: Omit<FetchPolicy, "allowLoopback"> = {
  resolve: (hostname) =>
    new Promise((resolve, reject) =>
      dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
    ),
  maxRedirects: 5,
  connectTimeoutMs: 5_000,
  timeoutMs: 15_000,
  maxBytes: MAX_PAGE_BYTES,
};

// A current desktop Chrome: many sites serve a degraded page or a block page to unknown agents.
export const USER_AGENT =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const REQUEST_HEADERS = {
  "user-agent": USER_AGENT,
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-language": "en-US,en;q=0.9",
  "accept-encoding": "gzip, deflate, br",
};

const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);
/** Streams a rendered page has no use for, and which would hold a request open (and its bytes) for long. */
const REFUSED_SUBRESOURCE_TYPES = /^(audio|video)\/|^multipart\/x-mixed-replace$|^text\/event-stream$/;
/** Headers that describe one hop's connection, or a body encoding we undo: never passed on in either direction. */
const HOP_HEADERS = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "host",
  "content-length",
  "content-encoding",
  "accept-encoding",
]);
/** Methods a page may use; CONNECT and TRACE are not requests for a resource. */
const RESOURCE_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * A fetcher that only talks to public addresses. Every host name is resolved by our own lookup, which
 * refuses the whole answer if any address is private, and hands the checked addresses to the socket: the
 * address we check is the address we connect to, so DNS rebinding cannot slip a private one in between.
 * IP literals never reach a lookup, so they are checked before each request. Redirects are followed by hand
 * so every hop goes through the same checks.
 */
export function createPageFetcher(overrides: Partial<FetchPolicy> = {}): PageFetcher {
  const policy: FetchPolicy = { ...DEFAULT_FETCH_POLICY, allowLoopback: env.SCRAPER_ALLOW_LOOPBACK, ...overrides };
  const agent = new Agent({
    connect: { lookup: safeLookup(policy), timeout: policy.connectTimeoutMs },
    headersTimeout: policy.timeoutMs,
    bodyTimeout: policy.timeoutMs,
  });

  return {
    fetchPage: (url, options = {}) => fetchPage(agent, policy, url, options.signal),
    fetchResource: (url, request) => fetchResource(agent, policy, url, request),
    openResource: (url, request) => openResource(agent, policy, url, request),
    fetchForBrowser: (url, request) => fetchForBrowser(agent, policy, url, request),
    send: (url, request) => send(agent, policy, url, request),
    close: () => agent.close(),
  };
}

let defaultFetcher: PageFetcher | undefined;

/** The process-wide fetcher, configured from the environment. */
export function pageFetcher(): PageFetcher {
  defaultFetcher ??= createPageFetcher();
  return defaultFetcher;
}

export function parseTargetUrl(input: string): URL {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new ScrapeError("invalid_url", "The URL is not valid: give a full address starting with http:// or https://.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ScrapeError("invalid_url", `Only http and https URLs can be scraped, not ${url.protocol.slice(0, -1)}.`);
  }
  if (url.username || url.password) {
    throw new ScrapeError("invalid_url", "URLs with a user name or password are not accepted.");
  }
  url.hash = "";
  return url;
}

async function fetchPage(agent: Agent, policy: FetchPolicy, input: string, signal?: AbortSignal): Promise<FetchedPage> {
  const url = parseTargetUrl(input);
  const deadline = startDeadline(policy.timeoutMs, signal);
  try {
    const answer = await followRedirects(agent, policy, url, REQUEST_HEADERS, deadline.signal);
    return await readPage(answer.response, answer.url, policy);
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    throw asScrapeError(error, deadline.expired, policy);
  } finally {
    deadline.clear();
  }
}

/** GETs `url`, following redirects by hand so every hop passes the address checks; answers the last response. */
async function followRedirects(
  agent: Agent,
  policy: FetchPolicy,
  start: URL,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<{ response: Dispatcher.ResponseData; url: URL }> {
  let url = start;
  for (let hop = 0; ; hop++) {
    assertAllowedHost(url, policy);
    const response = await agent.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: "GET",
      headers,
      signal,
    });
    const location = header(response.headers, "location");
    if (!REDIRECT_STATUSES.has(response.statusCode) || !location) return { response, url };
    discard(response.body);
    if (hop >= policy.maxRedirects) {
      throw new ScrapeError("too_many_redirects", `The page redirected more than ${policy.maxRedirects} times.`);
    }
    url = redirectTarget(location, url);
  }
}

async function fetchResource(
  agent: Agent,
  policy: FetchPolicy,
  input: string,
  request: ResourceRequest,
): Promise<FetchedResource> {
  const opened = await openResource(agent, policy, input, request);
  const chunks: Buffer[] = [];
  for await (const chunk of opened.body) chunks.push(chunk);
  const { body: _, ...answer } = opened;
  return { ...answer, body: Buffer.concat(chunks), truncated: opened.truncated };
}

async function openResource(agent: Agent, policy: FetchPolicy, input: string, request: ResourceRequest): Promise<OpenedResource> {
  const url = parseTargetUrl(input);
  const maxBytes = request.maxBytes ?? policy.maxBytes;
  const headers = {
    ...REQUEST_HEADERS,
    accept: `${request.accept.join(", ")}, */*;q=0.1`,
    ...(request.userAgent ? { "user-agent": request.userAgent } : {}),
  };
  const deadline = startDeadline(policy.timeoutMs, request.signal);
  const fail = (error: unknown): never => {
    deadline.clear();
    if (request.signal?.aborted) throw request.signal.reason;
    throw asScrapeError(error, deadline.expired, policy);
  };

  let answer: { response: Dispatcher.ResponseData; url: URL };
  try {
    answer = await followRedirects(agent, policy, url, headers, deadline.signal);
  } catch (error) {
    return fail(error);
  }
  const { response } = answer;
  const contentType = header(response.headers, "content-type");
  const mediaType = contentType?.split(";")[0]?.trim().toLowerCase() || null;
  const base = { url: answer.url.href, status: response.statusCode, contentType, mediaType };
  if (response.statusCode < 200 || response.statusCode >= 300) {
    discard(response.body);
    deadline.clear();
    return { ...base, body: emptyBody(), truncated: false };
  }
  if (mediaType && !request.accept.some((accepted) => mediaTypeMatches(mediaType, accepted))) {
    discard(response.body);
    return fail(new ScrapeError("upstream_error", `The site answered ${mediaType}, not ${request.accept.join(" or ")}.`));
  }
  const limit = { ...policy, maxBytes };
  const overflow = request.overflow ?? "error";
  const declaredLength = Number(header(response.headers, "content-length"));
  if (overflow === "error" && declaredLength > maxBytes && !header(response.headers, "content-encoding")) {
    discard(response.body);
    return fail(tooLarge(limit));
  }
  let stream: Readable;
  try {
    stream = decoded(response.body, header(response.headers, "content-encoding"));
  } catch (error) {
    return fail(error);
  }

  let truncated = false;
  async function* chunks(): AsyncGenerator<Buffer> {
    let size = 0;
    try {
      for await (const chunk of stream) {
        const buffer = chunk as Buffer;
        if (size + buffer.byteLength > maxBytes) {
          if (overflow === "error") throw tooLarge(limit);
          truncated = true;
          if (size < maxBytes) yield buffer.subarray(0, maxBytes - size);
          return;
        }
        size += buffer.byteLength;
        yield buffer;
      }
    } catch (error) {
      fail(error);
    } finally {
      // Stopped early (cap reached, caller done): the rest of the body is not wanted.
      if (!stream.readableEnded) stream.destroy();
      deadline.clear();
    }
  }
  return {
    ...base,
    body: chunks(),
    get truncated() {
      return truncated;
    },
  };
}

async function send(agent: Agent, policy: FetchPolicy, input: string, request: OutgoingRequest): Promise<number> {
  const url = parseTargetUrl(input);
  const deadline = startDeadline(policy.timeoutMs, request.signal);
  const combined = deadline.signal;
  try {
    assertAllowedHost(url, policy);
    const response = await agent.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: combined,
    });
    discard(response.body);
    return response.statusCode;
  } catch (error) {
    throw asScrapeError(error, deadline.expired || Boolean(request.signal?.aborted), policy);
  } finally {
    deadline.clear();
  }
}

async function fetchForBrowser(
  agent: Agent,
  policy: FetchPolicy,
  input: string,
  request: BrowserRequest,
): Promise<BrowserResource> {
  const url = parseTargetUrl(input);
  const method = request.method.toUpperCase();
  if (!RESOURCE_METHODS.has(method)) throw new ScrapeError("invalid_url", `The method ${method} is not allowed.`);
  const maxBytes = Math.min(request.maxBytes ?? policy.maxBytes, policy.maxBytes);
  const deadline = startDeadline(policy.timeoutMs, request.signal);
  try {
    assertAllowedHost(url, policy);
    const headers: Record<string, string> = { "accept-encoding": REQUEST_HEADERS["accept-encoding"] };
    for (const [name, value] of Object.entries(request.headers)) {
      if (!HOP_HEADERS.has(name.toLowerCase()) && !name.startsWith(":")) headers[name] = value;
    }
    const response = await agent.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: method as Dispatcher.HttpMethod,
      headers,
      body: request.body && request.body.byteLength > 0 ? request.body : undefined,
      signal: deadline.signal,
    });
    const answer = answerHeaders(response.headers);
    const location = header(response.headers, "location");
    if (REDIRECT_STATUSES.has(response.statusCode) && location) {
      discard(response.body);
      return {
        url: url.href,
        status: response.statusCode,
        headers: answer,
        body: Buffer.alloc(0),
        redirectTo: redirectTarget(location, url),
      };
    }
    const mediaType = header(response.headers, "content-type")?.split(";")[0]?.trim().toLowerCase() || null;
    const refused =
      request.destination === "document"
        ? mediaType !== null && !HTML_TYPES.has(mediaType)
        : mediaType !== null && REFUSED_SUBRESOURCE_TYPES.test(mediaType);
    if (refused) {
      discard(response.body);
      throw new ScrapeError("not_html", `The ${request.destination === "document" ? "page" : "resource"} is ${mediaType}.`);
    }
    const limits = { maxBytes, budget: request.budget };
    if (Number(header(response.headers, "content-length")) > maxBytes && !header(response.headers, "content-encoding")) {
      discard(response.body);
      throw tooLarge(limits);
    }
    const body = await readCapped(decoded(response.body, header(response.headers, "content-encoding")), limits);
    if (request.destination === "document" && !mediaType && body.byteLength > 0 && !looksLikeHtml(body)) {
      throw new ScrapeError("not_html", "The page did not say what it is and is not HTML.");
    }
    return { url: url.href, status: response.statusCode, headers: answer, body };
  } catch (error) {
    if (request.signal?.aborted) throw request.signal.reason;
    throw asScrapeError(error, deadline.expired, policy);
  } finally {
    deadline.clear();
  }
}

/** The answer's headers for whoever reads the decoded body: the hop and encoding ones dropped. */
function answerHeaders(headers: Dispatcher.ResponseData["headers"]): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_HEADERS.has(name)) kept[name] = value;
  }
  return kept;
}

function redirectTarget(location: string, from: URL): URL {
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw new ScrapeError("upstream_error", "The site redirected to an invalid address.");
  }
  try {
    return parseTargetUrl(next.href);
  } catch (error) {
    throw new ScrapeError("blocked_address", `The site redirected to an address that cannot be scraped (${next.protocol}).`, {
      cause: error,
    });
  }
}

function assertAllowedHost(url: URL, policy: AddressPolicy): void {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!isIP(host)) return;
  const reason = blockedAddressReason(host, policy);
  if (reason) throw blockedAddress(host, reason);
}

function blockedAddress(address: string, reason: string): ScrapeError {
  return new ScrapeError("blocked_address", `The address ${address} is a ${reason} and cannot be scraped.`);
}

function safeLookup(policy: FetchPolicy): LookupFunction {
  return (hostname, options, callback) => {
    policy.resolve(hostname).then(
      (all) => {
        const addresses = options.family ? all.filter((entry) => entry.family === options.family) : all;
        for (const { address } of addresses) {
          const reason = blockedAddressReason(address, policy);
          if (reason) return callback(blockedAddress(`${address} (${hostname})`, reason), "");
        }
        const first = addresses[0];
        if (!first) {
          return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "");
        }
        if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ""),
    );
  };
}

async function readPage(response: Dispatcher.ResponseData, url: URL, policy: FetchPolicy): Promise<FetchedPage> {
  const { statusCode: status, headers } = response;
  if (status < 200 || status >= 300) {
    discard(response.body);
    // The status and Retry-After go with the error as data: a caller that backs off (a crawl on 429/503) reads
    // them there, never from the message.
    const retryAfterSeconds = parseRetryAfter(header(headers, "retry-after"), Date.now(), header(headers, "date"));
    throw new ScrapeError("upstream_error", `The site answered ${status}${statusText(status)}.`, {
      upstream: { status, retryAfterSeconds },
    });
  }
  const contentType = header(headers, "content-type");
  const mediaType = contentType?.split(";")[0]?.trim().toLowerCase() || null;
  if (mediaType && !HTML_TYPES.has(mediaType)) {
    discard(response.body);
    throw new ScrapeError("not_html", `The page is ${mediaType}, not HTML.`);
  }
  const declaredLength = Number(header(headers, "content-length"));
  if (declaredLength > policy.maxBytes && !header(headers, "content-encoding")) {
    discard(response.body);
    throw tooLarge(policy);
  }

  const body = await readCapped(decoded(response.body, header(headers, "content-encoding")), policy);
  if (!mediaType && !looksLikeHtml(body)) throw new ScrapeError("not_html", "The page did not say what it is and is not HTML.");
  const { text, charset } = decodeHtml(body, contentType);
  return { url: url.href, status, contentType, charset, html: text, bytes: body.byteLength };
}

/** "text/*" accepts any text type; anything else names one type exactly. */
function mediaTypeMatches(mediaType: string, accepted: string): boolean {
  return accepted.endsWith("/*") ? mediaType.startsWith(accepted.slice(0, -1)) : mediaType === accepted;
}

async function* emptyBody(): AsyncGenerator<Buffer> {}

/** Drops a body we will not read. undici reports the abort as an error event, which nobody needs. */
function discard(body: Readable): void {
  body.on("error", () => {});
  body.destroy();
}

function decoded(body: Readable, contentEncoding: string | null): Readable {
  const decoders = (contentEncoding ?? "")
    .split(",")
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding && coding !== "identity")
    .reverse()
    .map((coding) => {
      if (coding === "gzip" || coding === "x-gzip") return zlib.createGunzip();
      if (coding === "deflate") return zlib.createInflate();
      if (coding === "br") return zlib.createBrotliDecompress();
      discard(body);
      throw new ScrapeError("upstream_error", `The site used an unsupported content encoding (${coding}).`);
    });
  if (decoders.length === 0) return body;
  return pipeline([body, ...decoders], () => {}) as unknown as Readable;
}

interface ReadLimits {
  maxBytes: number;
  budget?: ByteBudget;
}

async function readCapped(stream: Readable, limits: ReadLimits): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  let refused: ScrapeError | undefined;
  try {
    for await (const chunk of stream) {
      const length = (chunk as Buffer).byteLength;
      size += length;
      if (limits.budget) limits.budget.used += length;
      if (size > limits.maxBytes || (limits.budget && limits.budget.used > limits.budget.limit)) {
        refused = tooLarge(limits, size <= limits.maxBytes);
        throw refused;
      }
      chunks.push(chunk as Buffer);
    }
  } finally {
    if (refused) stream.destroy();
  }
  return Buffer.concat(chunks, size);
}

function tooLarge(limits: ReadLimits, budgetSpent = false): ScrapeError {
  return budgetSpent && limits.budget
    ? new ScrapeError("too_large", `The page and what it loads are larger than ${formatBytes(limits.budget.limit)}.`)
    : new ScrapeError("too_large", `The page is larger than ${formatBytes(limits.maxBytes)}.`);
}

function looksLikeHtml(body: Buffer): boolean {
  return /^\s*(<!--[\s\S]*?-->\s*)*<(!doctype html|html|head|body|meta|title)\b/i.test(body.subarray(0, 1024).toString("latin1"));
}

function asScrapeError(error: unknown, timedOut: boolean, policy: FetchPolicy): ScrapeError {
  if (error instanceof ScrapeError) return error;
  const code = (error as { code?: string }).code ?? "";
  if (timedOut || code === "UND_ERR_CONNECT_TIMEOUT" || code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT") {
    const seconds = (code === "UND_ERR_CONNECT_TIMEOUT" ? policy.connectTimeoutMs : policy.timeoutMs) / 1000;
    return new ScrapeError("upstream_timeout", `The site did not answer within ${seconds} seconds.`, { cause: error });
  }
  // zlib and brotli failures: the bytes do not match the declared Content-Encoding.
  if (code.startsWith("Z_") || code.startsWith("ERR__ERROR") || code.startsWith("ERR_BROTLI")) {
    return new ScrapeError("upstream_error", "The site sent a corrupt compressed answer.", { cause: error });
  }
  const detail = code || (error instanceof Error ? error.message : "network error");
  return new ScrapeError("upstream_unreachable", `The site could not be reached (${detail}).`, { cause: error });
}

function header(headers: Dispatcher.ResponseData["headers"], name: string): string | null {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

function statusText(status: number): string {
  const text = STATUS_CODES[status];
  return text ? ` ${text}` : "";
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;
}
