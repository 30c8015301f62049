import { SIGNED_IN as SIGNED_IN_ACCESS } from "@/lib/auth/access";
import { SIGNED_IN } from "@/lib/infra/api/errors";
import { operation } from "@/lib/infra/api/operation";
import { usageSummarySchema } from "./schema";

// This month's usage (docs/architecture.md#operations). Implemented in operations.ts.

export const getUsage = operation({
  method: "GET",
  path: "/api/usage",
  operationId: "getUsage",
  tag: "runs",
  summary: "Your plan, its limits and this month's successful runs.",
  access: SIGNED_IN_ACCESS,
  success: {
    status: 200,
    description: "This month's usage.",
    schema: usageSummarySchema,
    example: {
      plan: "free",
      month: "2026-11",
      successful_runs: 12,
      monthly_quota: 100,
      requests_per_minute: 10,
      concurrent_runs: 1,
    },
  },
  errors: SIGNED_IN,
  notAllowedHints: { POST: "Use GET to read your plan and this month's usage" },
});

export const USAGE_CONTRACT = [getUsage] as const;
