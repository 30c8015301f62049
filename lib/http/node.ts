import type { IncomingMessage, ServerResponse } from "node:http";
import { writeAnswer } from "./answer";
import type { HttpMethod } from "./methods";
import type { PathService } from "./serve";
import { nodeTransport } from "./transport";

/**
 * The node adapter: a path's operations answered straight from node:http, without Next's router or a web
 * Request/Response around them (docs/architecture.md#hot-paths). The steps and the answer are serve()'s own
 * (lib/http/serve.ts); only Next's own additions are missing (its `Vary` for the page router, chunked encoding).
 * A body the operation did not read is drained, so the connection can carry the next request.
 */
export async function serveOnNode(
  service: PathService,
  method: HttpMethod,
  req: IncomingMessage,
  res: ServerResponse,
  params: Record<string, string>,
): Promise<void> {
  const answer = await service.answer(method, nodeTransport(req, res, params));
  if (!req.complete) req.resume();
  writeAnswer(res, answer);
}
