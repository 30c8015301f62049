import "server-only";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { isAppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { assertWebhookUrlAllowed } from "./address";
import { ATTEMPT_TIMEOUT_MS, MAX_WEBHOOK_ATTEMPTS, retryDelayMs } from "./attempts";
import { webhookSecret } from "./secret";
import { SIGNATURE_HEADER, signPayload } from "./signature";

export type WebhookEventType = "run.succeeded" | "run.failed" | "batch.completed";

/** A claimed delivery is not claimed again by another worker for this long (the attempt's own time and some). */
const CLAIM_MS = 60_000;

/**
 * Records an event for the user's webhook and tries it at once. The delivery row is the retry schedule, so
 * pending deliveries survive restarts: every worker sends those due (deliverDueWebhooks).
 */
export async function queueWebhook(event: {
  userId: number;
  url: string;
  type: WebhookEventType;
  data: unknown;
  runId?: number;
  batchId?: number;
}): Promise<void> {
  const eventId = `evt_${randomBytes(12).toString("hex")}`;
  const payload = JSON.stringify({ id: eventId, type: event.type, created_at: new Date().toISOString(), data: event.data });
  const delivery = await db.webhookDelivery.create({
    data: {
      userId: event.userId,
      runId: event.runId ?? null,
      batchId: event.batchId ?? null,
      eventId,
      type: event.type,
      url: event.url,
      payload,
      nextAttemptAt: new Date(),
    },
    select: { id: true },
  });
  await attemptDelivery(delivery.id);
}

/** Sends every delivery that is due; returns how many were attempted. */
export async function deliverDueWebhooks(now: Date = new Date()): Promise<number> {
  const due = await db.webhookDelivery.findMany({
    where: { nextAttemptAt: { lte: now } },
    select: { id: true },
    orderBy: { nextAttemptAt: "asc" },
    take: 50,
  });
  let attempted = 0;
  for (const { id } of due) if (await attemptDelivery(id, now)) attempted++;
  return attempted;
}

/** One attempt, if this worker wins the claim: POST the signed payload, record the answer, schedule a retry. */
async function attemptDelivery(id: number, now: Date = new Date()): Promise<boolean> {
  const claimed = await db.webhookDelivery.updateMany({
    where: { id, nextAttemptAt: { lte: now } },
    data: { nextAttemptAt: new Date(Date.now() + CLAIM_MS), attempts: { increment: 1 } },
  });
  if (claimed.count === 0) return false;
  const delivery = await db.webhookDelivery.findUniqueOrThrow({ where: { id } });
  let status = 0;
  try {
    await assertWebhookUrlAllowed(delivery.url);
    const secret = await webhookSecret(delivery.userId);
    const response = await fetch(delivery.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "ScrapeDeck-Webhooks/1.0",
        [SIGNATURE_HEADER]: signPayload(secret, delivery.payload, Math.floor(Date.now() / 1000)),
      },
      body: delivery.payload,
      // A redirect could lead anywhere, past the address check: not followed, and not a success.
      redirect: "manual",
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
    });
    status = response.status;
    await response.body?.cancel();
  } catch (error) {
    if (!isAppError(error)) log.warn({ err: error, deliveryId: id }, "webhook attempt failed");
  }
  const delivered = status >= 200 && status < 300;
  const retry = !delivered && delivery.attempts < MAX_WEBHOOK_ATTEMPTS;
  await db.webhookDelivery.update({
    where: { id },
    data: {
      lastStatus: status,
      deliveredAt: delivered ? new Date() : null,
      nextAttemptAt: retry ? new Date(Date.now() + retryDelayMs(delivery.attempts)) : null,
    },
  });
  return true;
}
