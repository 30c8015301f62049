// A local HTTP server whose answers each test declares: the exact status, headers and body a path answers,
// or a handler of its own. For what a page fixture cannot show: robots.txt files, sitemaps (plain, gzipped,
// hostile), odd media types and statuses. Listens on 127.0.0.1 on a free port and logs every request.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface CannedAnswer {
  status?: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export type Answer = CannedAnswer | ((request: IncomingMessage, response: ServerResponse) => void | Promise<void>);

export interface LoggedRequest {
  method: string;
  /** The Host header as sent. */
  host: string;
  /** Path and query as sent. */
  path: string;
  userAgent: string;
}

export interface ResourceServer {
  /** http://127.0.0.1:<port> (no trailing slash). */
  url: string;
  port: number;
  /** Declares (or replaces) the answer for a path; the query is ignored when matching. */
  serve(path: string, answer: Answer): void;
  /** Every request received so far, in order. */
  requests(): LoggedRequest[];
  close(): Promise<void>;
}

export async function startResourceServer(): Promise<ResourceServer> {
  const answers = new Map<string, Answer>();
  const log: LoggedRequest[] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? "/";
    log.push({
      method: request.method ?? "GET",
      host: request.headers.host ?? "",
      path,
      userAgent: request.headers["user-agent"] ?? "",
    });
    const answer = answers.get(path.split("?")[0] as string);
    if (!answer) {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    if (typeof answer === "function") {
      Promise.resolve(answer(request, response)).catch((error: unknown) => {
        if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain" });
        response.end(String(error));
      });
      return;
    }
    response.writeHead(answer.status ?? 200, answer.headers ?? {}).end(answer.body ?? "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    serve: (path, answer) => {
      answers.set(path, answer);
    },
    requests: () => [...log],
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
