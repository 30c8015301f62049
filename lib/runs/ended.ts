import "server-only";
import { type HotStatement, hotQuery } from "@/lib/infra/db/hot";
import { log } from "@/lib/infra/log";
import { publishRunEnded, type RunEndNews } from "@/lib/runs/events";
import { queueWebhook } from "@/lib/webhooks/deliveries";
import { completeBatchIfDone, getBatch } from "./batch-queries";
import { getRun } from "./queries";
import type { RunStatus } from "./status";

/** What follows a run's end depends on: every run ends with it, so it is a prepared statement (lib/infra/db/hot.ts). */
const RUN_FOLLOW_UPS: HotStatement = {
  name: "run_follow_ups",
  sqlite: `SELECT r.user_id AS "userId", r.status, r.webhook_url AS "webhookUrl", r.batch_id AS "batchId",
      b.webhook_url AS "batchWebhookUrl"
    FROM scraper_runs r LEFT JOIN run_batches b ON b.id = r.batch_id WHERE r.id = ?`,
  postgres: `SELECT r.user_id AS "userId", r.status::text AS status, r.webhook_url AS "webhookUrl", r.batch_id AS "batchId",
      b.webhook_url AS "batchWebhookUrl"
    FROM scraper_runs r LEFT JOIN run_batches b ON b.id = r.batch_id WHERE r.id = $1`,
};

/** What the follow-ups depend on, when the statement that ended the run returned it (a worker's success). */
export interface KnownFollowUps {
  status: RunStatus;
  webhookUrl: string | null;
  batchId: number | null;
  /** The outcome as recorded, for this process's synchronous caller: it answers without reading the run back. */
  news?: RunEndNews;
}

/**
 * Whatever follows a run's end, wherever it ended (worker, cancel, recovery): synchronous callers stop waiting,
 * the run's webhook is sent (run.succeeded / run.failed), and the last run of a batch completes it
 * (batch.completed). Never throws: the run's outcome is already recorded. A run `known` to have neither webhook
 * nor batch has nothing more to follow: no statement (most runs, on the run endpoint's hot path).
 */
export async function runEnded(runId: number, known?: KnownFollowUps): Promise<void> {
  await publishRunEnded(runId, known?.news).catch((err: unknown) => log.warn({ err, runId }, "could not publish a run's end"));
  if (known && !known.webhookUrl && known.batchId === null) return;
  try {
    const [run] = await hotQuery<{
      userId: number;
      status: RunStatus;
      webhookUrl: string | null;
      batchId: number | null;
      batchWebhookUrl: string | null;
    }>(RUN_FOLLOW_UPS, [runId]);
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
    if (run.batchId && (await completeBatchIfDone(run.batchId)) && run.batchWebhookUrl) {
      await queueWebhook({
        userId: run.userId,
        url: run.batchWebhookUrl,
        type: "batch.completed",
        data: await getBatch(run.userId, run.batchId),
        batchId: run.batchId,
      });
    }
  } catch (err) {
    log.error({ err, runId }, "could not finish a run's follow-ups");
  }
}
