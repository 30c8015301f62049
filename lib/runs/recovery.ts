import "server-only";
import { db } from "@/lib/infra/db";
import { databaseNow } from "@/lib/infra/db/hot";
import { announceRunEnd, recordRunEnd } from "./ended";
import { releaseRunSlot } from "./limits";
import { enqueueRunJob } from "./queue";

/** A queued run this old that no worker has taken is re-added to the queue (its job was lost with Redis or a restart). */
export const REQUEUE_AFTER_MS = 60_000;

export const workerLost = {
  code: "worker_lost",
  message: "The worker running this run stopped before it finished. The run was not charged; please submit it again.",
} as const;

/**
 * Puts the database's view of runs back in order after a crash or a restart; idempotent, run by every worker at
 * start and then periodically. A run still `running` past its lease belongs to a worker that died: it is failed
 * worker_lost, its quota given back and its slot freed (not retried: a page that killed one worker would kill
 * the next). Queued
 * runs are (re-)added to the queue: all of them at start (`requeueOlderThanMs = 0`), later only those waiting
 * longer than REQUEUE_AFTER_MS. Adding a run that is already queued changes nothing.
 */
export async function recoverRuns({
  now,
  requeueOlderThanMs = REQUEUE_AFTER_MS,
}: {
  now?: Date;
  requeueOlderThanMs?: number;
} = {}): Promise<{ lost: number; requeued: number }> {
  // Leases are on the database's clock (lib/runs/process.ts): so is the moment they are compared with, however far
  // this worker's own clock is off.
  now ??= await databaseNow();
  const expired = await db.scraperRun.findMany({
    where: { status: "running", leaseUntil: { lt: now } },
    select: { id: true, userId: true, quotaMonth: true, startedAt: true },
  });
  let lost = 0;
  for (const run of expired) {
    const durationMs = run.startedAt ? now.getTime() - run.startedAt.getTime() : null;
    // Still past its lease when the failure is written: a worker that was only paused may have renewed it since.
    const ended = await recordRunEnd(run, { status: "failed", ...workerLost, durationMs }, { leaseExpiredBefore: now });
    if (!ended) continue;
    lost++;
    // The dead worker's concurrent-run slot, or the user would wait for its lease to run out.
    await releaseRunSlot(ended.slotToken);
    await announceRunEnd(ended);
  }
  const queued = await db.scraperRun.findMany({
    where: { status: "queued", createdAt: { lte: new Date(now.getTime() - requeueOlderThanMs) } },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  for (const run of queued) await enqueueRunJob({ runId: run.id });
  return { lost, requeued: queued.length };
}
