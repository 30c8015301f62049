import { Agent, createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { drainable } from "./drain";

/** A GET through `agent`: its status and Connection header, or the error code when it got no answer. */
function get(url: string, agent: Agent): Promise<{ status: number; connection?: string } | { error: string }> {
  return new Promise((resolve) => {
    const req = request(url, { agent }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
    });
    req.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end();
  });
}

async function serve(handler: Parameters<typeof createServer>[1]) {
  const server = createServer(handler);
  const drainer = drainable(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, drainer, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe("drainable", () => {
  it("answers a request sent on an idle keep-alive connection after the drain began, closing the connection after it", async () => {
    const { drainer, url } = await serve((_req, res) => res.end("ok"));
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    expect(await get(url, agent)).toMatchObject({ status: 200, connection: "keep-alive" });
    // The connection is idle in the client's pool now: http.Server#close would destroy it under the next request.
    const drained = drainer.drain(5000);
    expect(await get(url, agent)).toEqual({ status: 200, connection: "close" });
    await drained;
    // Nothing listens any more.
    expect(await get(url, new Agent())).toEqual({ error: "ECONNREFUSED" });
    agent.destroy();
  });

  it("waits for the requests in flight and the work given, then closes", async () => {
    let release: (() => void) | undefined;
    const { drainer, url } = await serve((_req, res) => {
      release = () => res.end("late");
    });
    const agent = new Agent();
    const pending = get(url, agent);
    await expect.poll(() => release !== undefined).toBe(true);
    let workDone = false;
    const drained = drainer.drain(
      5000,
      new Promise<void>((resolve) => setTimeout(() => resolve(), 50)).then(() => {
        workDone = true;
      }),
    );
    release?.();
    expect(await pending).toMatchObject({ status: 200 });
    await drained;
    expect(workDone).toBe(true);
  });
});
