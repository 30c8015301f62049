import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { clientIp } from "@/lib/auth/client-ip";
import { MAX_BODY_BYTES, parseJsonText, tooLarge } from "@/lib/http/body";
import { publicCorsHeaders } from "@/lib/http/cors";
import { answerableError, errorResponse } from "@/lib/http/errors";
import { readCapped, writeResponse } from "@/lib/http/node";
import { rateLimitHeaders } from "@/lib/http/rate-limit";
import { API_CACHE_CONTROL } from "@/lib/http/route";
import { AppError } from "@/lib/infra/errors";
import { log } from "@/lib/infra/log";
import { verifyLicenseSchema } from "@/lib/licenses/schemas";
import { verifyLicense } from "@/lib/licenses/verify";
import { throttleVerification } from "@/lib/licenses/verify-throttle";

const CORS_HEADERS = publicCorsHeaders(["POST"]);

/**
 * POST /api/verify-license on node:http itself: the route's POST (app/api/verify-license/route.ts) step for step
 * (throttle → body → verify), with the route kit's pieces (body parsing, CORS and rate-limit headers, the error
 * answer), but without a web Request and Response around them, which cost as much CPU as the verification itself
 * (docs/decisions.md#hot-paths). The route's tests run against both, so the answers cannot drift apart.
 */
export async function serveVerifyLicense(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const requestId = randomUUID();
  // What route() starts every answer with.
  const headers: Record<string, string> = { "X-Request-Id": requestId, "Cache-Control": API_CACHE_CONTROL };
  try {
    Object.assign(headers, rateLimitHeaders(await throttleVerification(clientIp(req.headers))));
    if (Number(req.headers["content-length"] ?? "0") > MAX_BODY_BYTES) throw tooLarge();
    const body = await readCapped(req);
    if (body.byteLength > MAX_BODY_BYTES) throw tooLarge();
    // Buffer's own UTF-8 decoding: a TextDecoder per request looked its encoding label up every time (profile).
    const { license_key } = parseJsonText(body.toString("utf8"), verifyLicenseSchema);
    const json = JSON.stringify(await verifyLicense(license_key));
    res.writeHead(200, {
      "Content-Type": "application/json; charset=utf-8",
      ...headers,
      ...CORS_HEADERS,
      "Content-Length": Buffer.byteLength(json),
    });
    res.end(json);
  } catch (error) {
    if (!(error instanceof AppError)) {
      log.error({ err: error, requestId, method: req.method, url: req.url }, "unhandled error in route");
    }
    await writeResponse(res, errorResponse(answerableError(error), requestId, { ...headers, ...CORS_HEADERS }));
  }
}
