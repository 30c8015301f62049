import "server-only";
import type { Plan } from "@/lib/config/plans";
import { db } from "@/lib/infra/db";
import { AppError } from "@/lib/infra/errors";
import { publicEnv } from "@/lib/infra/public-env";
import { cancelOpenRun } from "@/lib/runs/cancel";
import { assertPlanIncludes } from "@/lib/runs/limits";
import { queueRun, type RunnableScraper } from "@/lib/runs/run";
import { OPEN_RUN_STATUSES } from "@/lib/runs/status";
import { storedRunOptions } from "@/lib/scrapers/run-options";
import { reserveRuns } from "@/lib/usage/quota";
import { getBatch } from "./batch-detail";
import { type BatchRequest, type BatchStatus, batchCap } from "./batch-schema";

export const batchStatusUrl = (id: number) => new URL(`/api/batches/${id}`, publicEnv.APP_URL).href;

/**
 * Accepts a batch: the plan includes the scraper (plan_required), the batch fits the plan's cap
 * (validation_error) and the quota left (batch_exceeds_quota). Then, in one transaction, every URL's run reserved
 * from the month's quota (one conditional UPDATE, all or none), the batch and its queued runs recorded: a failure
 * anywhere (the database going away) leaves nothing, neither a batch missing runs nor a charge without a run.
 * Their jobs are added after the commit; one that cannot be added waits for recovery (queueRun). Runs wait for
 * the user's concurrent-run slots in the queue.
 */
export async function submitBatch(input: {
  userId: number;
  plan: Plan;
  apiKeyId: number | null;
  scraper: RunnableScraper;
  request: BatchRequest;
}) {
  const { userId, plan, apiKeyId, scraper, request } = input;
  assertPlanIncludes(plan, scraper.requiredPlan);
  const cap = batchCap(plan);
  if (request.urls.length > cap) {
    throw new AppError("validation_error", `urls: the ${plan.name} plan takes at most ${cap} URLs per batch`, {
      issues: [{ path: "urls", message: `the ${plan.name} plan takes at most ${cap} URLs per batch` }],
    });
  }
  // Every run of the batch is asked the same (lib/scrapers/run-options.ts).
  const options = storedRunOptions(request);
  const { batch, runs } = await db.$transaction(
    async (tx) => {
      const { month } = await reserveRuns(userId, plan, request.urls.length, new Date(), tx);
      const batch = await tx.runBatch.create({
        data: { userId, scraperId: scraper.id, total: request.urls.length, webhookUrl: request.webhook_url ?? null },
        select: { id: true, createdAt: true },
      });
      const runs = await tx.scraperRun.createManyAndReturn({
        data: request.urls.map((url) => ({
          userId,
          apiKeyId,
          scraperId: scraper.id,
          batchId: batch.id,
          url,
          includeReviews: request.include_reviews ?? false,
          options,
          quotaMonth: month,
        })),
        select: { id: true },
      });
      return { batch, runs };
    },
    { maxWait: 15_000, timeout: 15_000 },
  );
  for (const run of runs) await queueRun(run.id);
  return {
    id: batch.id,
    status: "queued" as BatchStatus,
    total: request.urls.length,
    scraper_id: scraper.id,
    created_at: batch.createdAt.toISOString(),
    status_url: batchStatusUrl(batch.id),
  };
}

/**
 * Cancels a batch: its runs that have not ended, queued or running, are cancelled as one run is (their quota given
 * back, running ones stopped). The last of them to end completes the batch, so batch.completed is still sent, with
 * status `cancelled`. A batch whose runs have all ended answers not_cancellable.
 */
export async function cancelBatch(userId: number, id: number) {
  const batch = await db.runBatch.findFirst({ where: { id, userId }, select: { id: true } });
  if (!batch) throw new AppError("not_found", "Batch not found");
  const marked = await db.runBatch.updateMany({
    where: { id, completedAt: null, cancelledAt: null },
    data: { cancelledAt: new Date() },
  });
  if (marked.count === 0) throw new AppError("not_cancellable", "This batch has already ended or been cancelled.");
  const open = await db.scraperRun.findMany({
    where: { batchId: id, status: { in: [...OPEN_RUN_STATUSES] } },
    select: { id: true, userId: true, quotaMonth: true },
  });
  for (const run of open) await cancelOpenRun(run, "Cancelled with its batch.");
  return getBatch(userId, id);
}
