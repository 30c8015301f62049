import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { answerHeaders, runScraperCall } from "@/app/api/scrapers/[id]/run/endpoint";
import { MAX_BODY_BYTES, parseJsonText, tooLarge } from "@/lib/http/body";
import { answerableError, errorResponse } from "@/lib/http/errors";
import { readCapped, writeResponse } from "@/lib/http/node";
import { rateLimitHeaders } from "@/lib/http/rate-limit";
import { API_CACHE_CONTROL } from "@/lib/http/route";
import { authenticateAuthorization } from "@/lib/http/with-api-key";
import { AppError } from "@/lib/infra/errors";
import { log } from "@/lib/infra/log";
import { runRequestSchema } from "@/lib/runs/schema";

// This module is the server's, as server/fast-paths.ts is: it serves a route file's endpoint (runScraperCall).

/**
 * A request header's value as a web Headers object gives it: every occurrence, joined with ", ". Node's own
 * `req.headers` keeps only the first Authorization, so a request with two would be read differently.
 */
function headerValue(req: IncomingMessage, lowerName: string): string | null {
  const raw = req.rawHeaders;
  let value: string | null = null;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    if (name.length === lowerName.length && name.toLowerCase() === lowerName) {
      value = value === null ? (raw[i + 1] as string) : `${value}, ${raw[i + 1] as string}`;
    }
  }
  return value;
}

const utf8 = new TextDecoder();

/**
 * POST /api/scrapers/{id}/run on node:http itself: the route's POST (app/api/scrapers/[id]/run/route.ts) step for
 * step — the body read as serveRoute reads it, the API key (401), then runScraperCall — with the route kit's
 * pieces (body parsing, rate-limit headers, the error answer) but without a web Request and Response around them
 * (docs/decisions.md#hot-paths). The route's tests run against both, so the answers cannot drift apart.
 */
export async function serveRunScraper(req: IncomingMessage, res: ServerResponse, params: Record<string, string>): Promise<void> {
  const requestId = randomUUID();
  // What route() starts every answer with.
  const headers: Record<string, string> = { "X-Request-Id": requestId, "Cache-Control": API_CACHE_CONTROL };
  try {
    const body = await readCapped(req);
    const { user, apiKey } = await authenticateAuthorization(headerValue(req, "authorization"));
    const answer = await runScraperCall({
      user,
      apiKey,
      scraperId: params.id,
      // parseJsonBody's steps on the bytes read: the declared length, the length read, the text as TextDecoder
      // decodes it (a leading byte-order mark dropped).
      readRequest: async () => {
        if (Number(req.headers["content-length"] ?? "0") > MAX_BODY_BYTES) throw tooLarge();
        if (body.byteLength > MAX_BODY_BYTES) throw tooLarge();
        return parseJsonText(body.byteLength === 0 ? "" : utf8.decode(body), runRequestSchema);
      },
      idempotencyKey: headerValue(req, "idempotency-key"),
      setRateLimit: (state) => Object.assign(headers, rateLimitHeaders(state)),
    });
    const json = JSON.stringify(answer.body);
    res.writeHead(answer.status, {
      "Content-Type": "application/json; charset=utf-8",
      ...answerHeaders(answer),
      ...headers,
      "Content-Length": Buffer.byteLength(json),
    });
    res.end(json);
  } catch (error) {
    if (!(error instanceof AppError)) {
      log.error({ err: error, requestId, method: req.method, url: req.url }, "unhandled error in route");
    }
    await writeResponse(res, errorResponse(answerableError(error), requestId, headers));
  }
}
