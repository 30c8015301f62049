import type { IncomingMessage, ServerResponse } from "node:http";
import * as health from "@/app/api/health/route";
import * as run from "@/app/api/runs/[id]/route";
import * as runScraper from "@/app/api/scrapers/[id]/run/route";
import * as verifyLicense from "@/app/api/verify-license/route";
import type { HttpMethod } from "@/lib/http/methods";
import { serveRoute } from "@/lib/http/node";
import type { NextRouteHandler } from "@/lib/http/route";
import { serveRunScraper } from "./fast-run";
import { serveVerifyLicense } from "./fast-verify";

// The hot public API routes, served in front of Next by their own route files' handlers (docs/architecture.md#hot-paths):
// Next's router costs more than these handlers' whole work, and partners call verification on every page view.
// This module is the server's, the layer above the routes, so it imports route files; lib/http/index.ts does not
// export it. The edge loads lib/ apart from Next's bundle, so every piece of process state the routes touch (the
// in-process run queue and its workers, in-memory limiter counts, concurrency slots, pools, connections) is kept
// once per process (lib/infra/process-state.ts): a run submitted here and one submitted through Next share them.

interface FastPath {
  pattern: RegExp;
  handlers: Record<HttpMethod, NextRouteHandler>;
  /** Methods answered on node:http itself rather than through the route's handler (the hottest ones). */
  native?: Partial<
    Record<HttpMethod, (req: IncomingMessage, res: ServerResponse, params: Record<string, string>) => Promise<void>>
  >;
  /** The route's dynamic segments from the path's match, percent-decoded as Next does. */
  params?: (match: RegExpExecArray) => Record<string, string>;
}

/** A route's one dynamic segment, `[id]`, as Next hands it over; a malformed escape throws and Next answers. */
const idParam = (match: RegExpExecArray) => ({ id: decodeURIComponent(match[1] as string) });

const FAST_PATHS: FastPath[] = [
  // Partners' sites, on every page view of licensed content.
  { pattern: /^\/api\/verify-license$/, handlers: verifyLicense, native: { POST: serveVerifyLicense } },
  // Scraper clients in tight loops: submitting a run, then reading it with the same API key.
  { pattern: /^\/api\/scrapers\/([^/]+)\/run$/, handlers: runScraper, native: { POST: serveRunScraper }, params: idParam },
  { pattern: /^\/api\/runs\/([^/]+)$/, handlers: run, params: idParam },
  // Load balancers and uptime monitors, every few seconds per instance: one SELECT 1 should not pay for the router.
  { pattern: /^\/api\/health$/, handlers: health },
];

function isServed(method: string, handlers: FastPath["handlers"]): method is HttpMethod {
  return Object.hasOwn(handlers, method);
}

/**
 * Answers the request when a fast path serves its path and method, and says so; anything else (HEAD, which Next
 * answers from GET, a trailing slash Next redirects, a path that does not decode) is left to Next.
 */
export async function serveFastPath(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> {
  const method = req.method ?? "GET";
  for (const { pattern, handlers, native, params } of FAST_PATHS) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    if (!isServed(method, handlers)) return false;
    let routeParams: Record<string, string>;
    try {
      routeParams = params?.(match) ?? {};
    } catch {
      return false;
    }
    const nativeHandler = native?.[method];
    if (nativeHandler) await nativeHandler(req, res, routeParams);
    else await serveRoute(req, res, handlers[method], routeParams);
    return true;
  }
  return false;
}
