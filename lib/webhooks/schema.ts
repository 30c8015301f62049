import { z } from "zod";

/** GET /api/webhooks/secret and POST /api/webhooks/secret/rotate. */
export const webhookSecretSchema = z.object({ secret: z.string() });

/** The body of every webhook we send; `data` is the run's or the batch's GET answer. */
export const webhookEventSchema = z.object({
  id: z.string(),
  type: z.enum(["run.succeeded", "run.failed", "batch.completed"]),
  created_at: z.string(),
  data: z.unknown(),
});
