// A real webhook receiver for the tests: records every delivery it gets and answers each path's scripted
// statuses in turn (200 once they are used up), optionally holding an answer until the test lets it go.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { SIGNATURE_HEADER } from "@/lib/webhooks/signature";

export interface Delivery {
  path: string;
  body: string;
  signature: string;
  /** Every header as it came (names in lower case). */
  headers: IncomingHttpHeaders;
}

export interface WebhookReceiver {
  url: string;
  /** What came in for `path`, in order. */
  received(path: string): Delivery[];
  /** The next answers for `path`: statuses, or "hold" to keep the request waiting until release(path). */
  script(path: string, answers: (number | "hold")[]): void;
  /** Answers a held request for `path` with the status that follows in its script. */
  release(path: string): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const deliveries: Delivery[] = [];
  const scripts = new Map<string, (number | "hold")[]>();
  const held = new Map<string, () => void>();
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const path = req.url ?? "/";
      deliveries.push({ path, body, signature: String(req.headers[SIGNATURE_HEADER.toLowerCase()]), headers: req.headers });
      const answer = () => res.writeHead(Number(scripts.get(path)?.shift() ?? 200)).end();
      if (scripts.get(path)?.[0] === "hold") {
        scripts.get(path)?.shift();
        held.set(path, answer);
      } else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: (path) => deliveries.filter((delivery) => delivery.path === path),
    script: (path, answers) => scripts.set(path, [...answers]),
    release(path) {
      held.get(path)?.();
      held.delete(path);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
