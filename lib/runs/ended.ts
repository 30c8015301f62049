import "server-only";
import { completeBatchIfDone, getBatch } from "@/lib/batches/batches";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { publishRunEnded } from "@/lib/queue/run-events";
import { queueWebhook } from "@/lib/webhooks/deliveries";
import { getRun } from "./queries";

/**
 * Whatever follows a run's end, wherever it ended (worker, cancel, recovery): synchronous callers stop waiting,
 * the run's webhook is sent (run.succeeded / run.failed), and the last run of a batch completes it
 * (batch.completed). Never throws: the run's outcome is already recorded.
 */
export async function runEnded(runId: number): Promise<void> {
  await publishRunEnded(runId).catch((err: unknown) => log.warn({ err, runId }, "could not publish a run's end"));
  try {
    const run = await db.scraperRun.findUnique({
      where: { id: runId },
      select: { userId: true, status: true, webhookUrl: true, batchId: true, batch: { select: { webhookUrl: true } } },
    });
    if (!run) return;
    if (run.webhookUrl && (run.status === "success" || run.status === "failed")) {
      await queueWebhook({
        userId: run.userId,
        url: run.webhookUrl,
        type: run.status === "success" ? "run.succeeded" : "run.failed",
        data: await getRun(run.userId, runId),
        runId,
      });
    }
    if (run.batchId && (await completeBatchIfDone(run.batchId)) && run.batch?.webhookUrl) {
      await queueWebhook({
        userId: run.userId,
        url: run.batch.webhookUrl,
        type: "batch.completed",
        data: await getBatch(run.userId, run.batchId),
        batchId: run.batchId,
      });
    }
  } catch (err) {
    log.error({ err, runId }, "could not finish a run's follow-ups");
  }
}
