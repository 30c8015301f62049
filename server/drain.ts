import type { Server } from "node:http";
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * A web server's graceful stop (docs/architecture.md#shutdown): counts the requests being answered and, once
 * `drain` is called, stops listening, answers every request still coming with `Connection: close`, waits for those
 * in flight and for `work` (the in-app workers) within `graceMs`, then closes the connections left.
 *
 * Unlike http.Server#close, it leaves idle keep-alive connections open while it drains: a client may be sending a
 * request on one at this very moment, and closing it under that request would drop the request (the chaos check
 * found such drops). An idle connection ends at its keep-alive timeout, which clients are told (`Keep-Alive:
 * timeout=5`) and stop reusing it before.
 */
export function drainable(server: Server) {
  let inFlight = 0;
  let draining = false;
  let idle: (() => void) | null = null;
  server.prependListener("request", (_req, res) => {
    inFlight++;
    if (draining) res.setHeader("Connection", "close");
    res.once("close", () => {
      inFlight--;
      if (inFlight === 0) idle?.();
    });
  });
  return {
    async drain(graceMs: number, work: Promise<unknown> = Promise.resolve()): Promise<void> {
      draining = true;
      const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
      const answered = new Promise<void>((resolve) => {
        if (inFlight === 0) return resolve();
        idle = resolve;
        setTimeout(resolve, graceMs).unref();
      });
      await Promise.all([answered, work]);
      await Promise.race([closed, sleep(server.keepAliveTimeout + 1000)]);
      server.closeAllConnections();
    },
  };
}
