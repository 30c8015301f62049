import { z } from "zod";
import { PUBLIC } from "@/lib/auth/access";
import { SERVER_ERROR } from "@/lib/infra/api/errors";
import { operation } from "@/lib/infra/api/operation";

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

export const HEALTH_CONTRACT = [getHealth] as const;
