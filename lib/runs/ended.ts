import "server-only";
import { db, type Prisma } from "@/lib/infra/db";
import { databaseNow } from "@/lib/infra/db/hot";
import { AppError, type ErrorCode, type UpstreamAnswer } from "@/lib/infra/errors";
import { log } from "@/lib/infra/log";
import { releaseRun } from "@/lib/usage/quota";
import { enqueueDeliveries, type PendingDelivery, recordWebhookEvent } from "@/lib/webhooks/deliveries";
import { getBatch } from "./batch-detail";
import { RUN_ROW_FIELDS, runDetailDto } from "./dto";
import { publishRunEnded, type RunEndNews } from "./events";
import { OPEN_RUN_STATUSES } from "./status";

// A run's end, wherever it happens (worker, cancel, recovery), in two parts:
// 1. recordRunEnd: one database transaction records the outcome and everything that follows from it: the quota
//    given back (failed and cancelled runs are free), the run's webhook event, the batch's completion and its
//    batch.completed event. Either all of it is recorded or none of it, and nothing in it waits on Redis.
// 2. announceRunEnd, after the commit: the Redis side (waiters told, delivery jobs added), each step on its own
//    and unable to throw. What it cannot do now is done later: waiters also poll the run, and a delivery whose job
//    was not added is due, so recovery re-adds it (lib/webhooks/deliveries.ts).

/** How a run ends. */
export type RunEnd =
  | {
      status: "success";
      itemCount: number;
      resultData: string;
      outputs: string | null;
      /** Whether the page was rendered in a browser (scraper_runs.rendered). */
      rendered?: boolean;
      durationMs: number;
    }
  | {
      status: "failed";
      code: ErrorCode;
      message: string;
      durationMs: number | null;
      /** The site's answer when it refused the page (upstream_error): its status and Retry-After, kept as columns. */
      upstream?: UpstreamAnswer;
    }
  | { status: "cancelled"; message: string };

/** A run whose end was recorded by this call: what is left to do outside the database. */
export interface EndedRun {
  runId: number;
  /**
   * The concurrent-run slot the run's claim recorded, for a cancel or recovery to free (the worker frees the one it
   * holds itself); null when unknown or never claimed.
   */
  slotToken: string | null;
  /** Its webhook events, recorded in the end's transaction: their jobs are still to be added. */
  deliveries: PendingDelivery[];
  /** A success's outcome, for this process's synchronous caller: it answers without reading the run back. */
  news?: RunEndNews;
}

/** A run's end holds SQLite's write lock (a few row locks on PostgreSQL) for a handful of statements; others wait. */
const END_TRANSACTION = { maxWait: 15_000, timeout: 15_000 } as const;

function outcomeColumns(end: RunEnd) {
  switch (end.status) {
    case "success":
      return {
        status: end.status,
        itemCount: end.itemCount,
        resultData: end.resultData,
        outputs: end.outputs,
        rendered: end.rendered ?? false,
        durationMs: end.durationMs,
      };
    case "failed":
      return {
        status: end.status,
        errorCode: end.code,
        error: end.message,
        durationMs: end.durationMs,
        upstreamStatus: end.upstream?.status ?? null,
        upstreamRetryAfter: end.upstream?.retryAfterSeconds ?? null,
      };
    case "cancelled":
      return { status: end.status, errorCode: "cancelled", error: end.message };
  }
}

/**
 * Records a run's end with its follow-ups in one transaction (see above); null when the run had already ended
 * (another worker, a cancel or recovery came first: whichever conditional UPDATE commits first wins, and the
 * other changes nothing, neither the run, nor its quota, nor its events). A worker's outcome changes only a
 * `running` run; recovery's only one whose lease ran out before `leaseExpiredBefore` (its worker may have come
 * back and renewed it); a cancel any run not yet ended.
 */
export async function recordRunEnd(
  run: { id: number; userId: number; quotaMonth: string | null },
  end: RunEnd,
  { leaseExpiredBefore }: { leaseExpiredBefore?: Date } = {},
): Promise<EndedRun | null> {
  // The database's clock, as for every time processes compare (lib/infra/db/hot.ts, sqlNow).
  const finishedAt = await databaseNow();
  return db.$transaction(async (tx) => {
    const { count } = await tx.scraperRun.updateMany({
      where: {
        id: run.id,
        status: end.status === "cancelled" ? { in: [...OPEN_RUN_STATUSES] } : "running",
        ...(leaseExpiredBefore ? { leaseUntil: { lt: leaseExpiredBefore } } : {}),
      },
      data: { ...outcomeColumns(end), finishedAt, leaseUntil: null },
    });
    if (count === 0) return null;
    if (end.status !== "success" && run.quotaMonth) await releaseRun({ userId: run.userId, month: run.quotaMonth }, tx);
    const followUps = await recordFollowUps(tx, run.id, end.status);
    return {
      runId: run.id,
      ...followUps,
      ...(end.status === "success"
        ? { news: { status: "success", resultData: end.resultData, outputs: end.outputs, durationMs: end.durationMs } }
        : {}),
    };
  }, END_TRANSACTION);
}

/**
 * Inside the end's transaction, after the outcome: the run's webhook event (run.succeeded / run.failed; a
 * cancelled run sends none), and, if it was its batch's last open run, the batch's completion and its
 * batch.completed event. Payloads are read through the transaction, so they tell the end being committed.
 */
async function recordFollowUps(
  tx: Prisma.TransactionClient,
  runId: number,
  status: RunEnd["status"],
): Promise<{ slotToken: string | null; deliveries: PendingDelivery[] }> {
  const run = await tx.scraperRun.findUniqueOrThrow({
    where: { id: runId },
    select: { userId: true, webhookUrl: true, batchId: true, slotToken: true, batch: { select: { webhookUrl: true } } },
  });
  const deliveries: PendingDelivery[] = [];
  if (run.webhookUrl && status !== "cancelled") {
    deliveries.push(
      await recordWebhookEvent(tx, {
        userId: run.userId,
        url: run.webhookUrl,
        type: status === "success" ? "run.succeeded" : "run.failed",
        data: await runDetailThrough(tx, run.userId, runId),
        runId,
      }),
    );
  }
  if (run.batchId !== null && (await completeBatchIfDone(tx, run.batchId)) && run.batch?.webhookUrl) {
    deliveries.push(
      await recordWebhookEvent(tx, {
        userId: run.userId,
        url: run.batch.webhookUrl,
        type: "batch.completed",
        data: await getBatch(run.userId, run.batchId, tx),
        batchId: run.batchId,
      }),
    );
  }
  return { slotToken: run.slotToken, deliveries };
}

/** The run as GET /api/runs/{id} answers it (run.succeeded / run.failed's data), read in the end's transaction. */
async function runDetailThrough(tx: Prisma.TransactionClient, userId: number, id: number) {
  const row = await tx.scraperRun.findFirst({
    where: { id, userId },
    select: {
      ...RUN_ROW_FIELDS,
      resultData: true,
      outputs: true,
      deliveries: { select: { attempts: true, lastStatus: true, urlDisabled: true }, orderBy: { id: "asc" }, take: 1 },
    },
  });
  if (!row) throw new AppError("not_found", "Run not found");
  return runDetailDto(row);
}

/**
 * The run that leaves its batch with none unfinished marks it completed and returns true, for batch.completed to
 * be recorded once. The batch's row is locked first: two of its runs ending at once in two transactions would
 * each count the other as still open (neither sees the other's uncommitted end) and neither would complete it.
 * With the lock the second waits for the first's commit and then counts it as ended (PostgreSQL reads with each
 * statement's own snapshot; SQLite has one writer anyway).
 */
async function completeBatchIfDone(tx: Prisma.TransactionClient, batchId: number): Promise<boolean> {
  const locked = await tx.$executeRaw`UPDATE run_batches SET completed_at = completed_at WHERE id = ${batchId}`;
  if (locked === 0) return false;
  const unfinished = await tx.scraperRun.count({ where: { batchId, status: { in: [...OPEN_RUN_STATUSES] } } });
  if (unfinished > 0) return false;
  const { count } = await tx.runBatch.updateMany({
    where: { id: batchId, completedAt: null },
    data: { completedAt: new Date() },
  });
  return count === 1;
}

/**
 * A recorded end's Redis side, after its commit: synchronous callers stop waiting, and the webhook events' jobs
 * are added. Never throws, and neither step waits for the other to succeed: a lost end message costs a waiter
 * up to a second (it polls the run), a job not added is re-added by recovery from its pending row.
 */
export async function announceRunEnd(ended: EndedRun): Promise<void> {
  await publishRunEnded(ended.runId, ended.news).catch((err: unknown) =>
    log.warn({ err, runId: ended.runId }, "could not publish a run's end"),
  );
  if (ended.deliveries.length > 0) await enqueueDeliveries(ended.deliveries);
}
