import { z } from "zod";
import { PLAN_IDS } from "@/lib/config/plans";

/** 200 of GET /api/usage: where the user stands this month against their plan (docs/product.md#plans-and-limits). */
export const usageSummarySchema = z
  .strictObject({
    plan: z.enum(PLAN_IDS),
    month: z
      .string()
      .regex(/^\d{4}-\d{2}$/)
      .meta({ description: "The quota period: the calendar month in UTC.", example: "2026-11" }),
    successful_runs: z.number().int().nonnegative(),
    monthly_quota: z.number().int().positive(),
    requests_per_minute: z.number().int().positive(),
    concurrent_runs: z.number().int().positive(),
  })
  .meta({ id: "UsageSummary" });
export type UsageSummary = z.output<typeof usageSummarySchema>;
