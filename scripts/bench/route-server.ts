// A plain node:http server in front of the app's real route handlers, for the queue benchmarks: the process
// that answers requests is also the one that hosts (or does not host) the run workers, as a web instance does,
// without a production build in between.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { NextRouteHandler } from "@/lib/http";

export interface RouteTable {
  /** [method, pattern with :id, handler] */
  routes: Array<[string, RegExp, NextRouteHandler]>;
}

async function toRequest(req: IncomingMessage, base: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  return new Request(new URL(req.url ?? "/", base), {
    method: req.method,
    headers,
    body: req.method === "GET" ? undefined : body,
  });
}

export async function serveRoutes({ routes }: RouteTable, port = 0): Promise<{ url: string; server: Server }> {
  let base = "";
  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? "/", "http://x").pathname;
      const match = routes.find(([method, pattern]) => method === req.method && pattern.test(path));
      if (!match) {
        res.writeHead(404).end();
        return;
      }
      const id = match[1].exec(path)?.[1];
      const response = await match[2](await toRequest(req, base), { params: Promise.resolve(id ? { id } : {}) });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    })().catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: base, server };
}
