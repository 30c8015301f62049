// Readiness with Redis of this file's own (test/support/redis-server.ts), stopped and started here: the answer
// names what is down. The last test begins this process's shutdown, for good.
import { afterAll, describe, expect, it, vi } from "vitest";

const redis = await vi.hoisted(async () => {
  const { redisServer } = await import("@/test/support/redis-server");
  const server = redisServer();
  // Read by lib/infra/env.ts when first imported, below.
  process.env.REDIS_URL = server.url;
  await server.start();
  return server;
});

import { readinessSchema } from "@/lib/health/schema";
import { beginShutdown } from "@/lib/infra/lifecycle";
import { OUTAGE_RETRY_AFTER_SECONDS } from "@/lib/infra/outage";
import { callJson } from "@/test/support/requests";
import { GET, POST } from "./route";

afterAll(async () => {
  await redis.kill();
});

const ready = () => callJson(GET, { path: "/api/health/ready" });

describe("GET /api/health/ready", () => {
  it("answers ready with each dependency's round trip: the database, Redis and the queue", async () => {
    const answer = await ready();
    expect(answer.status).toBe(200);
    expect(readinessSchema.strict().parse(answer.body)).toEqual(answer.body);
    expect(answer.body).toMatchObject({
      status: "ready",
      checks: {
        database: { status: "up", latency_ms: expect.any(Number) },
        redis: { status: "up" },
        queue: { status: "up", engine: "bullmq" },
      },
    });
  });

  it("says which dependency is down while Redis is away, and is ready again once it is back", async () => {
    await redis.kill();
    try {
      const answer = await ready();
      expect(answer.status).toBe(503);
      expect(answer.headers.get("retry-after")).toBe(String(OUTAGE_RETRY_AFTER_SECONDS));
      expect(answer.body).toEqual({
        message: "Not ready: redis, queue down; database up.",
        code: "service_unavailable",
        request_id: expect.any(String),
      });
    } finally {
      await redis.start();
    }
    // The connections come back by themselves.
    await expect.poll(async () => (await ready()).status, { timeout: 30_000 }).toBe(200);
  });

  it("refuses other methods with 405", async () => {
    const answer = await callJson(POST, { method: "POST", path: "/api/health/ready" });
    expect(answer.status).toBe(405);
    expect(answer.headers.get("allow")).toContain("GET");
  });

  it("answers 503 at once while the instance shuts down, for the load balancer to stop sending it requests", async () => {
    beginShutdown();
    const answer = await ready();
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ code: "service_unavailable", message: "Not ready: this instance is shutting down." });
  });
});
