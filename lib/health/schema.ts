import { z } from "zod";

/** One dependency that answered: how long its round trip took. */
const dependencyUp = z.object({
  status: z.literal("up"),
  latency_ms: z.number().int().nonnegative().meta({ description: "The round trip's time, in milliseconds." }),
});

/** GET /api/health/ready's 200: every dependency this instance needs answered. */
export const readinessSchema = z.object({
  status: z.literal("ready"),
  checks: z.object({
    database: dependencyUp.meta({ description: "A query on each of the instance's database connections." }),
    redis: dependencyUp.optional().meta({ description: "A PING on the shared connection; only with REDIS_URL." }),
    queue: dependencyUp
      .extend({
        engine: z.enum(["bullmq", "in-process"]).meta({ description: "Where jobs wait: Redis (BullMQ) or this process." }),
      })
      .meta({ description: "Whether runs and webhook deliveries can be queued now." }),
  }),
});

export type Readiness = z.output<typeof readinessSchema>;
