// The two ways a hot route is served (docs/architecture.md#hot-paths): its route file's handlers as Next calls them,
// and the same path through the server's fast path (server/fast-paths.ts) over real HTTP. Route tests run their
// cases against both, so the two can never answer differently.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll } from "vitest";
import type { HttpMethod, NextRouteHandler } from "@/lib/http";
import { serveFastPath } from "@/server/fast-paths";

let server: Promise<{ origin: string; server: Server }> | null = null;

/** A node:http server that answers only through the fast paths (599 for anything they leave to Next). */
function fastPathServer() {
  server ??= new Promise((resolve) => {
    const created = createServer((req, res) => {
      const pathname = (req.url ?? "/").split("?")[0] ?? "/";
      serveFastPath(req, res, pathname).then((served) => {
        if (!served) res.writeHead(599).end("left to Next");
      });
    });
    created.listen(0, "127.0.0.1", () =>
      resolve({ origin: `http://127.0.0.1:${(created.address() as AddressInfo).port}`, server: created }),
    );
  });
  return server;
}

afterAll(async () => {
  if (!server) return;
  const { server: running } = await server;
  running.closeAllConnections();
  await new Promise((resolve) => running.close(resolve));
  server = null;
});

/** A handler with a route handler's signature that sends the request to the fast-path server instead. */
function throughFastPath(): NextRouteHandler {
  return async (req) => {
    const { origin } = await fastPathServer();
    const url = new URL(req.url);
    const body = req.body ? await req.arrayBuffer() : undefined;
    const res = await fetch(`${origin}${url.pathname}${url.search}`, {
      method: req.method,
      headers: req.headers,
      body,
      redirect: "manual",
      // A caller hanging up reaches the route as it does under Next: its request's signal aborts.
      signal: req.signal,
    });
    if (res.status === 599) throw new Error(`the fast paths do not serve ${req.method} ${url.pathname}`);
    return res;
  };
}

/** [name, handlers] for describe.each: the route's own handlers, then the fast path's stand-ins for them. */
export function servedBothWays<H extends Partial<Record<HttpMethod, NextRouteHandler>>>(handlers: H): [string, H][] {
  const fast = Object.fromEntries(Object.keys(handlers).map((method) => [method, throughFastPath()])) as H;
  return [
    ["route handler", handlers],
    ["fast path", fast],
  ];
}
