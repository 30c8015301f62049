import "server-only";
import { db } from "@/lib/infra/db";
import { AppError } from "@/lib/infra/errors";
import { log } from "@/lib/infra/log";
import { publishRunCancelled } from "@/lib/runs/events";
import { announceRunEnd, recordRunEnd } from "./ended";
import { releaseRunSlot } from "./limits";
import { getRun } from "./queries";

/**
 * Cancels a run that has not ended, queued or running; true if this call did. One conditional UPDATE decides it
 * against a worker recording the run's outcome (which only changes a run still `running`), so exactly one of them
 * ends the run; the quota goes back and a batch whose last run this was completes in the same transaction
 * (lib/runs/ended.ts). Then the worker running it, in this process or any other (a Redis message), is told to
 * stop: its fetch is aborted and its extraction thread terminated. Should the message be lost, the worker's next
 * lease renewal finds the run cancelled. The run's concurrent-run slot is freed at once (releasing a slot twice
 * is harmless), so the user may run again.
 */
export async function cancelOpenRun(
  run: { id: number; userId: number; quotaMonth: string | null },
  message: string,
): Promise<boolean> {
  const ended = await recordRunEnd(run, { status: "cancelled", message });
  if (!ended) return false;
  await publishRunCancelled(run.id).catch((err: unknown) => log.warn({ err, runId: run.id }, "could not publish a cancel"));
  await releaseRunSlot(ended.slotToken);
  await announceRunEnd(ended);
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
