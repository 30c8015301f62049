import "server-only";
import { db } from "@/lib/infra/db";
import { AppError } from "@/lib/infra/errors";
import { releaseSlotToken } from "@/lib/infra/rate-limit/concurrency";
import { publishRunCancelled } from "@/lib/runs/events";
import { releaseRun } from "@/lib/usage/quota";
import { runEnded } from "./ended";
import { getRun } from "./queries";
import { OPEN_RUN_STATUSES } from "./status";

/**
 * Cancels a run that has not ended, queued or running; true if this call did. One conditional UPDATE decides it
 * against a worker recording the run's outcome (which only changes a run still `running`), so exactly one of them
 * ends the run and the quota is given back at most once. Then the worker running it, in this process or any other
 * (a Redis message), is told to stop: its fetch is aborted and its extraction thread terminated. The run's
 * concurrent-run slot is freed at once (releasing a slot twice is harmless), so the user may run again.
 */
export async function cancelOpenRun(
  run: { id: number; userId: number; quotaMonth: string | null },
  message: string,
): Promise<boolean> {
  const { count } = await db.scraperRun.updateMany({
    where: { id: run.id, status: { in: [...OPEN_RUN_STATUSES] } },
    data: { status: "cancelled", errorCode: "cancelled", error: message, finishedAt: new Date(), leaseUntil: null },
  });
  if (count === 0) return false;
  if (run.quotaMonth) await releaseRun({ userId: run.userId, month: run.quotaMonth });
  await publishRunCancelled(run.id);
  const { slotToken } = await db.scraperRun.findUniqueOrThrow({ where: { id: run.id }, select: { slotToken: true } });
  if (slotToken) await releaseSlotToken(slotToken);
  await runEnded(run.id);
  return true;
}

/**
 * Cancels one of the user's runs that has not ended, queued or running: it becomes cancelled, its quota is given
 * back and a running run's worker stops (lib/runs/cancel.ts). A finished run answers not_cancellable.
 */
export async function cancelRun(userId: number, id: number) {
  const run = await db.scraperRun.findFirst({ where: { id, userId }, select: { id: true, userId: true, quotaMonth: true } });
  if (!run) throw new AppError("not_found", "Run not found");
  if (!(await cancelOpenRun(run, "Cancelled at your request.")))
    throw new AppError("not_cancellable", "This run has already ended: only a queued or running run can be cancelled.");
  return getRun(userId, id);
}
