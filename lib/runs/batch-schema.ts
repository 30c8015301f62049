import { z } from "zod";
import type { Plan } from "@/lib/config/plans";
import { MAX_RUN_URL_LENGTH, webhookUrlSchema } from "@/lib/runs/schema";
import { runOptionsFields } from "@/lib/scrapers/run-options";

/** The most URLs one batch takes. */
export const MAX_BATCH_URLS = 100;

/** A plan's batch size: MAX_BATCH_URLS, or less when the plan's whole month holds fewer runs. */
export function batchCap(plan: Plan): number {
  return Math.min(MAX_BATCH_URLS, plan.monthlyRuns);
}

const batchUrl = z
  .string({ error: "each URL must be a string" })
  .trim()
  .min(1, "each URL must be an address")
  .max(MAX_RUN_URL_LENGTH, `each URL must be at most ${MAX_RUN_URL_LENGTH} characters`);

/** POST /api/scrapers/{id}/batch. The plan's cap is checked after parsing (it depends on the caller). */
export const batchRequestSchema = z.object({
  urls: z
    .array(batchUrl, { error: "urls is required: a list of page addresses" })
    .min(1, "urls must list at least one address")
    .max(MAX_BATCH_URLS, `urls may list at most ${MAX_BATCH_URLS} addresses`),
  include_reviews: z.boolean({ error: "include_reviews must be true or false" }).optional(),
  webhook_url: webhookUrlSchema.optional(),
  ...runOptionsFields,
});

export type BatchRequest = z.infer<typeof batchRequestSchema>;

export const BATCH_STATUSES = ["queued", "running", "completed", "cancelled"] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

const runOutcome = z.object({
  id: z.number().int(),
  url: z.string(),
  status: z.enum(["queued", "running", "success", "failed", "cancelled"]),
  item_count: z.number().int(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});

/** 202 of POST /api/scrapers/{id}/batch. */
export const batchAcceptedSchema = z.object({
  id: z.number().int(),
  status: z.enum(BATCH_STATUSES),
  total: z.number().int(),
  scraper_id: z.number().int(),
  created_at: z.string(),
  status_url: z.string(),
});

/** GET and DELETE /api/batches/{id}, and the data of a batch.completed event. */
export const batchDetailSchema = z.object({
  id: z.number().int(),
  status: z.enum(BATCH_STATUSES),
  scraper_id: z.number().int(),
  total: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  runs: z.array(runOutcome),
});
