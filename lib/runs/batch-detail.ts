import "server-only";
import { db, type Prisma } from "@/lib/infra/db";
import { AppError } from "@/lib/infra/errors";
import { isFinished, type RunStatus } from "@/lib/runs/status";
import type { BatchStatus } from "./batch-schema";

// A batch as GET /api/batches/{id} and batch.completed tell it: a read of its own, apart from submitting and
// cancelling (lib/runs/batches.ts), so that a run's end (lib/runs/ended.ts) can read it without importing the
// run pipeline back.

function batchStatus(batch: { cancelledAt: Date | null }, statuses: RunStatus[]): BatchStatus {
  if (batch.cancelledAt) return "cancelled";
  if (statuses.every(isFinished)) return "completed";
  return statuses.every((status) => status === "queued") ? "queued" : "running";
}

/**
 * One of the user's batches with every URL's outcome; not_found for a missing one or someone else's. Read through
 * `client`: the transaction that completes the batch reads it for batch.completed's payload.
 */
export async function getBatch(userId: number, id: number, client: Prisma.TransactionClient = db) {
  const batch = await client.runBatch.findFirst({
    where: { id, userId },
    select: {
      id: true,
      scraperId: true,
      total: true,
      createdAt: true,
      completedAt: true,
      cancelledAt: true,
      runs: {
        select: {
          id: true,
          url: true,
          status: true,
          itemCount: true,
          errorCode: true,
          error: true,
          finishedAt: true,
        },
        orderBy: { id: "asc" },
      },
    },
  });
  if (!batch) throw new AppError("not_found", "Batch not found");
  const statuses = batch.runs.map((run) => run.status);
  const status = batchStatus(batch, statuses);
  return {
    id: batch.id,
    status,
    scraper_id: batch.scraperId,
    total: batch.total,
    succeeded: statuses.filter((status) => status === "success").length,
    failed: statuses.filter((status) => status === "failed").length,
    created_at: batch.createdAt.toISOString(),
    finished_at:
      (batch.completedAt ?? batch.cancelledAt ?? (status === "completed" ? lastEnd(batch.runs) : null))?.toISOString() ?? null,
    runs: batch.runs.map((run) => ({
      id: run.id,
      url: run.url,
      status: run.status,
      item_count: run.itemCount,
      error: run.errorCode ? { code: run.errorCode, message: run.error ?? "" } : null,
    })),
  };
}

/**
 * When a batch's runs have all ended but the run that ended last has not yet marked the batch completed (it does so
 * just after its own outcome is written), the batch ended when that run did.
 */
function lastEnd(runs: Array<{ finishedAt: Date | null }>): Date | null {
  let last: Date | null = null;
  for (const { finishedAt } of runs) if (finishedAt && (!last || finishedAt > last)) last = finishedAt;
  return last;
}

export type BatchDetail = Awaited<ReturnType<typeof getBatch>>;
