import { z } from "zod";
import { PUBLIC } from "@/lib/auth/access";
import { SERVER_ERROR } from "@/lib/infra/api/errors";
import { operation } from "@/lib/infra/api/operation";
import { readinessSchema } from "./schema";

// The service's health (docs/architecture.md#operations). Implemented in operations.ts.

export const getHealth = operation({
  method: "GET",
  path: "/api/health",
  operationId: "getHealth",
  tag: "service",
  summary: "Answers once the database has answered one query.",
  access: PUBLIC,
  success: { status: 200, description: "Up.", schema: z.object({ status: z.literal("ok") }), example: { status: "ok" } },
  errors: { database_unavailable: "The database does not answer.", ...SERVER_ERROR },
});

export const getReadiness = operation({
  method: "GET",
  path: "/api/health/ready",
  operationId: "getReadiness",
  tag: "service",
  summary: "Answers whether this instance can work now: the database, Redis (when configured) and the queue, each checked.",
  description:
    "For load balancers and orchestrators; /api/health stays the cheap liveness answer. A dependency that does not answer within 2 s counts as down. While the instance shuts down (SIGTERM) it answers 503 at once.",
  access: PUBLIC,
  success: {
    status: 200,
    description: "Ready: every dependency answered, with its round trip.",
    schema: readinessSchema,
    example: {
      status: "ready",
      checks: {
        database: { status: "up", latency_ms: 1 },
        redis: { status: "up", latency_ms: 1 },
        queue: { status: "up", latency_ms: 1, engine: "bullmq" },
      },
    },
  },
  errors: {
    ...SERVER_ERROR,
    service_unavailable: "Not ready: the message names what is down and what is up (or says the instance is shutting down).",
  },
});

export const HEALTH_CONTRACT = [getHealth, getReadiness] as const;
