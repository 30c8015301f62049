// The server process loads lib/ twice: Next's bundle has its copy, and the edge's fast paths (tsx) have theirs. A run
// submitted either way must meet the same queue, workers, limiter counts and concurrency slots
// (lib/infra/process-state.ts). Here Next's copy is the test's own module graph, and the edge's is a second one loaded
// after vi.resetModules(), served over real HTTP as the edge serves it.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as nextRoute from "@/app/api/scrapers/[id]/run/route";
import { PLANS } from "@/lib/config/plans";
import { db } from "@/lib/infra/db";
import { hotDb } from "@/lib/infra/db/hot";
import { jobQueue } from "@/lib/infra/jobs/queue";
import { runLimits } from "@/lib/runs/limits";
import { startRunWorkers } from "@/lib/runs/workers";
import { type FixtureServer, startFixtureServer } from "@/test/support/fixture-server";
import { callRoute } from "@/test/support/requests";
import { createRunUser, type RunTestUser } from "@/test/support/runs";

let site: FixtureServer;
let scraperId: number;
let edge: Server;
let edgeOrigin: string;

beforeAll(async () => {
  site = await startFixtureServer();
  scraperId = (await db.scraper.findUniqueOrThrow({ where: { slug: "ecommerce-products" } })).id;
  vi.resetModules();
  const { serveFastPath } = await import("@/server/fast-paths");
  edge = createServer((req, res) => {
    void serveFastPath(req, res, (req.url ?? "/").split("?")[0] ?? "/").then((served) => {
      if (!served) res.writeHead(599).end();
    });
  });
  await new Promise<void>((resolve) => edge.listen(0, "127.0.0.1", resolve));
  edgeOrigin = `http://127.0.0.1:${(edge.address() as AddressInfo).port}`;
});

afterAll(async () => {
  edge.closeAllConnections();
  await new Promise((resolve) => edge.close(resolve));
  await site.close();
});

/** The edge's own copy of a lib/ module, as its fast paths loaded it. */
const edgeCopy = <T>(path: string): Promise<T> => import(/* @vite-ignore */ path) as Promise<T>;

const submitThroughEdge = (user: RunTestUser, url: string) =>
  fetch(`${edgeOrigin}/api/scrapers/${scraperId}/run`, {
    method: "POST",
    headers: { ...user.keyHeaders, "content-type": "application/json" },
    body: JSON.stringify({ url }),
  });

const submitThroughNext = (user: RunTestUser, url: string) =>
  callRoute(nextRoute.POST, {
    method: "POST",
    path: `/api/scrapers/${scraperId}/run`,
    headers: user.keyHeaders,
    body: { url },
    params: { id: String(scraperId) },
  });

const statuses = async (userId: number) =>
  (await db.scraperRun.findMany({ where: { userId }, orderBy: { id: "asc" } })).map((run) => run.status);

describe("one process, two copies of lib/", () => {
  it("are two copies indeed: the edge's modules are instances of their own", async () => {
    const limits = await edgeCopy<typeof import("@/lib/runs/limits")>("@/lib/runs/limits");
    expect(limits.runLimits).not.toBe(runLimits);
  });

  it("share one queue, one set of workers and one hot connection", async () => {
    const queue = await edgeCopy<typeof import("@/lib/infra/jobs/queue")>("@/lib/infra/jobs/queue");
    const workers = await edgeCopy<typeof import("@/lib/runs/workers")>("@/lib/runs/workers");
    const hot = await edgeCopy<typeof import("@/lib/infra/db/hot")>("@/lib/infra/db/hot");
    expect(queue.jobQueue("runs")).toBe(jobQueue("runs"));
    expect(workers.startRunWorkers()).toBe(startRunWorkers());
    expect(hot.hotDb()).toBe(hotDb());
  });

  it("count a user's concurrent runs once: a run in flight through the fast path holds the slot Next would take, and back", async () => {
    const user = await createRunUser();
    const first = submitThroughEdge(user, `${site.url}/slow?ms=1500`);
    await expect.poll(() => statuses(user.id), { timeout: 10_000 }).toEqual(["running"]);
    const refused = await submitThroughNext(user, `${site.url}/product/jsonld.html`);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "concurrency_limited" });
    expect((await first).status).toBe(200);

    const second = submitThroughNext(user, `${site.url}/slow?ms=1500`);
    await expect.poll(() => statuses(user.id), { timeout: 10_000 }).toEqual(["success", "running"]);
    const refusedByEdge = await submitThroughEdge(user, `${site.url}/product/jsonld.html`);
    expect(refusedByEdge.status).toBe(429);
    expect(await refusedByEdge.json()).toMatchObject({ code: "concurrency_limited" });
    expect((await second).status).toBe(200);
  });

  it("count a user's requests per minute once, whichever way each came", async () => {
    const user = await createRunUser();
    const limit = PLANS.free.requestsPerMinute;
    const remaining: string[] = [];
    for (let i = 0; i < 4; i++) {
      // Malformed bodies: counted, refused 400 after the count, no run to wait for.
      const res =
        i % 2
          ? await submitThroughNext(user, "")
          : await fetch(`${edgeOrigin}/api/scrapers/${scraperId}/run`, {
              method: "POST",
              headers: { ...user.keyHeaders, "content-type": "application/json" },
              body: "{",
            });
      expect(res.status).toBe(400);
      remaining.push(res.headers.get("x-ratelimit-remaining") ?? "");
    }
    expect(remaining).toEqual([1, 2, 3, 4].map((used) => String(limit - used)));
  });
});
