// A site whose pages are held until the test lets them go: the runs fetching them end when the test says, so a
// test can make something happen (Redis stopping, a worker shutting down) while runs are mid-fetch.
import { readFileSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { FIXTURE_SITES } from "./fixture-server";

export interface HeldSite {
  url: string;
  /** Requests waiting for release(). */
  held(): number;
  /** Requests received so far, held or not. */
  received(): number;
  /** Answers every held request with a product page (one item). */
  release(): void;
  close(): Promise<void>;
}

export async function startHeldSite(): Promise<HeldSite> {
  const page = readFileSync(path.join(FIXTURE_SITES, "product", "jsonld.html"));
  let held: ServerResponse[] = [];
  let received = 0;
  const server = createServer((_req, res) => {
    received++;
    held.push(res);
    // A client that hangs up (a run aborted) is no longer held.
    res.once("close", () => {
      held = held.filter((other) => other !== res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    held: () => held.length,
    received: () => received,
    release() {
      for (const res of held.splice(0)) res.writeHead(200, { "content-type": "text/html" }).end(page);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
