import type { IncomingMessage, ServerResponse } from "node:http";
import { getHealthOperation } from "@/lib/health/operations";
import { HTTP_METHODS, type HttpMethod, type PathService, pathService } from "@/lib/http";
import { serveOnNode } from "@/lib/http/node";
import type { ServedOperation } from "@/lib/infra/api/operation";
import { verifyLicenseOperation } from "@/lib/licenses/operations";
import { cancelRunOperation, getRunOperation, runScraperOperation } from "@/lib/runs/operations";

// The hot API paths, served by the edge on node:http itself, past Next's router (docs/architecture.md#hot-paths): the
// router cost more than these operations' whole work, and partners call verification on every page view. They are
// the same operations the route files serve, through the route kit's other adapter (lib/http/node.ts), so both ways
// answer alike; the route tests run each case both ways. The edge loads lib/ apart from Next's bundle, so every
// piece of process state the operations touch is kept once per process (lib/infra/process-state.ts).

interface FastPath {
  /** The operations' path template as a pattern, each `{param}` one segment. */
  pattern: RegExp;
  params: readonly string[];
  service: PathService;
}

/** A path's operations as a fast path: the pattern and parameter names come from their declared path. */
function fastPath(...operations: ServedOperation[]): FastPath {
  const [first] = operations;
  if (!first) throw new Error("fastPath(): at least one operation");
  const params: string[] = [];
  const source = first.spec.path.replace(/[.]/g, "\\.").replace(/\{(\w+)\}/g, (_, name: string) => {
    params.push(name);
    return "([^/]+)";
  });
  return { pattern: new RegExp(`^${source}$`), params, service: pathService(operations) };
}

const FAST_PATHS: readonly FastPath[] = [
  // Partners' sites, on every page view of licensed content.
  fastPath(verifyLicenseOperation),
  // Scraper clients in tight loops: submitting a run, then reading it with the same API key.
  fastPath(runScraperOperation),
  fastPath(getRunOperation, cancelRunOperation),
  // Load balancers and uptime monitors, every few seconds per instance: one SELECT 1 should not pay for the router.
  fastPath(getHealthOperation),
];

const isRouteMethod = (method: string): method is HttpMethod => (HTTP_METHODS as readonly string[]).includes(method);

/**
 * Answers the request when a fast path serves its path, and says so; anything else (HEAD, which Next answers from GET,
 * a path whose segments do not decode) is left to Next.
 */
export async function serveFastPath(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> {
  const method = req.method ?? "GET";
  if (!isRouteMethod(method)) return false;
  for (const { pattern, params, service } of FAST_PATHS) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    const values: Record<string, string> = {};
    try {
      // The route's dynamic segments as Next hands them over, percent-decoded; a malformed escape is Next's to answer.
      params.forEach((name, index) => {
        values[name] = decodeURIComponent(match[index + 1] as string);
      });
    } catch {
      return false;
    }
    await serveOnNode(service, method, req, res, values);
    return true;
  }
  return false;
}
