import "server-only";
import { randomBytes } from "node:crypto";
import { db, type Prisma } from "@/lib/infra/db";
import { env } from "@/lib/infra/env";
import { isAppError } from "@/lib/infra/errors";
import { type JobOutcome, type JobQueue, jobQueue } from "@/lib/infra/jobs/queue";
import { log } from "@/lib/infra/log";
import { pageFetcher } from "@/lib/infra/outbound/safe-fetch";
import { ATTEMPT_TIMEOUT_MS, MAX_WEBHOOK_ATTEMPTS, retryDelayMs, webhookBackoff } from "./attempts";
import { disableWebhookUrl, isWebhookUrlDisabled } from "./disabled";
import { webhookSigningSecrets } from "./secret";
import { deliveryHeaders } from "./standard";

export type WebhookEventType =
  | "run.succeeded"
  | "run.failed"
  | "batch.completed"
  | "monitor.changed"
  | "monitor.failed"
  | "crawl.page"
  | "crawl.completed"
  | "crawl.failed";

/** The queue of webhook deliveries, beside the run queue (lib/infra/jobs/queue.ts). */
export const WEBHOOKS_QUEUE = "webhooks";

/** A delivery job carries the delivery row's id: the row has the payload, the address and the attempts made. */
export interface WebhookJob {
  deliveryId: number;
}

/**
 * While an attempt is in flight its row's next_attempt_at says when it is taken for lost (the worker died
 * mid-attempt): longer than the attempt's own time limit.
 */
const IN_FLIGHT_MS = 60_000;

/** A delivery overdue by this much has lost its job (Redis lost it, or the process that held it stopped). */
export const RECOVER_AFTER_MS = 60_000;

/** Failed attempt: the queue engine retries it after its backoff, or gives up after the last. */
export class WebhookNotDelivered extends Error {
  constructor(readonly status: number) {
    super(status === 0 ? "the receiver did not answer" : `the receiver answered ${status}`);
    this.name = "WebhookNotDelivered";
  }
}

const webhookQueue = (): JobQueue<WebhookJob> => jobQueue<WebhookJob>(WEBHOOKS_QUEUE);

/** A delivery recorded and not yet handed to the queue engine: what its job needs. */
export interface PendingDelivery {
  id: number;
  attempts: number;
}

/**
 * Records an event for the user's webhook, through `client`: inside the transaction that records what the event
 * tells (a run's end), so the event exists exactly when its cause does. The row is the durable record (payload,
 * every attempt, what is still pending); its job is added after the commit (enqueueDeliveries), and a row whose
 * job never made it is due at once, so recovery re-adds it (recoverWebhooks).
 */
export async function recordWebhookEvent(
  client: Prisma.TransactionClient,
  event: {
    userId: number;
    url: string;
    type: WebhookEventType;
    data: unknown;
    runId?: number;
    batchId?: number;
    crawlId?: number;
  },
): Promise<PendingDelivery> {
  const eventId = `evt_${randomBytes(12).toString("hex")}`;
  const payload = JSON.stringify({ id: eventId, type: event.type, created_at: new Date().toISOString(), data: event.data });
  return client.webhookDelivery.create({
    data: {
      userId: event.userId,
      runId: event.runId ?? null,
      batchId: event.batchId ?? null,
      crawlId: event.crawlId ?? null,
      eventId,
      type: event.type,
      url: event.url,
      payload,
      nextAttemptAt: new Date(),
    },
    select: { id: true, attempts: true },
  });
}

/**
 * Hands recorded deliveries to the queue engine. Never throws: a job that cannot be added now (Redis down) leaves
 * its row pending and due, and recovery re-adds it once it is overdue (recoverWebhooks), so nothing is lost.
 */
export async function enqueueDeliveries(deliveries: readonly PendingDelivery[]): Promise<void> {
  for (const delivery of deliveries) {
    await enqueueDelivery(delivery).catch((err: unknown) =>
      log.warn({ err, deliveryId: delivery.id }, "could not queue a webhook delivery; recovery will"),
    );
  }
}

/**
 * One job per delivery, retried by the engine: BullMQ's `attempts` and exponential `backoff` on Redis, the
 * in-process queue's same options without. A delivery re-added after `attempts` were already made gets the
 * attempts left and the backoff where its schedule stood, so the schedule is the same as if nothing was lost.
 */
function enqueueDelivery(delivery: PendingDelivery): Promise<void> {
  return webhookQueue().add(
    { deliveryId: delivery.id },
    {
      jobId: `webhook-${delivery.id}`,
      attempts: MAX_WEBHOOK_ATTEMPTS - delivery.attempts,
      backoff: webhookBackoff(retryDelayMs(delivery.attempts + 1, env.WEBHOOK_RETRY_BASE_MS)),
    },
  );
}

/** A receiver's "this endpoint is gone for good": no retry, and the address is disabled for the user (lib/webhooks/disabled.ts). */
const GONE = 410;

/**
 * The webhook queue's processor: one attempt, recorded on the row. Throws WebhookNotDelivered when the receiver
 * did not answer 2xx, for the engine to retry, except 410 Gone, which disables the address instead. Claims the
 * attempt with a conditional UPDATE first, so a job that exists twice (re-added by recovery while the first still
 * ran) sends each attempt once. A delivery to a disabled address is recorded as not attempted.
 */
export async function deliverWebhook(job: WebhookJob): Promise<JobOutcome> {
  const delivery = await db.webhookDelivery.findUnique({ where: { id: job.deliveryId } });
  if (!delivery || delivery.deliveredAt || delivery.attempts >= MAX_WEBHOOK_ATTEMPTS) return { done: true };
  if (await isWebhookUrlDisabled(delivery.userId, delivery.url)) {
    await db.webhookDelivery.updateMany({
      where: { id: delivery.id, deliveredAt: null },
      data: { urlDisabled: true, nextAttemptAt: null },
    });
    return { done: true };
  }
  const claimed = await db.webhookDelivery.updateMany({
    where: { id: delivery.id, attempts: delivery.attempts, deliveredAt: null },
    data: { attempts: { increment: 1 }, nextAttemptAt: new Date(Date.now() + IN_FLIGHT_MS) },
  });
  if (claimed.count === 0) return { done: true };
  const attempts = delivery.attempts + 1;
  let status = 0;
  try {
    const secrets = await webhookSigningSecrets(delivery.userId);
    // The page fetcher's sender: the host's addresses are checked and the socket connects to the checked one
    // (no DNS rebinding between check and connect); a redirect is not followed, and not a success.
    status = await pageFetcher().send(delivery.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "ScrapeDeck-Webhooks/1.0",
        // webhook-id is the event's id, the same on every attempt; the timestamp is the attempt's.
        ...deliveryHeaders(secrets, delivery.eventId, delivery.payload, Math.floor(Date.now() / 1000)),
      },
      body: delivery.payload,
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
    });
  } catch (error) {
    if (!isAppError(error)) log.warn({ err: error, deliveryId: delivery.id }, "webhook attempt failed");
  }
  const delivered = status >= 200 && status < 300;
  const gone = status === GONE;
  if (gone) await disableWebhookUrl(delivery.userId, delivery.url, delivery.eventId);
  const retry = !delivered && !gone && attempts < MAX_WEBHOOK_ATTEMPTS;
  await db.webhookDelivery.update({
    where: { id: delivery.id },
    data: {
      lastStatus: status,
      deliveredAt: delivered ? new Date() : null,
      // When the engine's backoff makes the next attempt: recovery re-adds a job lost past this.
      nextAttemptAt: retry ? new Date(Date.now() + retryDelayMs(attempts, env.WEBHOOK_RETRY_BASE_MS)) : null,
    },
  });
  if (!delivered && !gone) throw new WebhookNotDelivered(status);
  return { done: true };
}

/**
 * Re-adds the jobs of pending deliveries overdue by `overdueByMs` (all that are due, at a worker's start): their
 * job was lost with Redis (restarted without persistence) or with the process that held it. Adding a delivery
 * whose job still exists changes nothing. A last attempt lost in flight is given up.
 */
export async function recoverWebhooks({
  now = new Date(),
  overdueByMs = RECOVER_AFTER_MS,
}: {
  now?: Date;
  overdueByMs?: number;
} = {}): Promise<number> {
  const overdue = { deliveredAt: null, nextAttemptAt: { lte: new Date(now.getTime() - overdueByMs) } };
  await db.webhookDelivery.updateMany({
    where: { ...overdue, attempts: { gte: MAX_WEBHOOK_ATTEMPTS } },
    data: { nextAttemptAt: null },
  });
  const lost = await db.webhookDelivery.findMany({
    where: { ...overdue, attempts: { lt: MAX_WEBHOOK_ATTEMPTS } },
    select: { id: true, attempts: true },
    orderBy: { nextAttemptAt: "asc" },
    take: 500,
  });
  for (const delivery of lost) await enqueueDelivery(delivery);
  return lost.length;
}
