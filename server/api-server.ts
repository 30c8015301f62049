import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { writeAnswer } from "@/lib/http/answer";
import { openEnvelope } from "@/lib/http/envelope";
import { errorAnswer } from "@/lib/http/errors";
import { env } from "@/lib/infra/env";
import { AppError } from "@/lib/infra/errors";
import { createEdgeServer } from "./edge";
import { edgeHandlers } from "./handlers";

/** What the edge would hand to Next: here nothing serves it, so it is the API's JSON 404. */
function notServedHere(_req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { requestId, headers } = openEnvelope();
  writeAnswer(res, errorAnswer(new AppError("not_found", "Not served by the API server."), requestId, headers));
  return Promise.resolve();
}

/**
 * The production edge and its fast paths (verify, a scraper's run, a run's status, health) without Next behind them:
 * what the benchmarks that start web instances of their own (bench:scale, bench:isolation) measure, so they measure
 * the path production serves those calls on, with its body cap, headers and error answers.
 */
export async function startApiServer(port = 0): Promise<{ url: string; server: Server }> {
  const server = createEdgeServer({ next: notServedHere, trustProxy: env.TRUST_PROXY, handlers: edgeHandlers });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
