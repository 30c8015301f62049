import "server-only";
import { createHash } from "node:crypto";
import { db, isUniqueViolation } from "@/lib/infra/db";
import { AppError } from "@/lib/infra/errors";

/** How long a submission's first answer is replayed for its Idempotency-Key. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** A recorded answer: what was sent the first time, sent again for the same key. */
export interface RecordedAnswer {
  status: number;
  body: unknown;
}

/**
 * Runs `produce` once per (user, key) for IDEMPOTENCY_WINDOW_MS: the same key again with the same request gets
 * the first answer back (replayed: true) instead of new work and a new charge; with another request,
 * idempotency_key_reused; while the first is still being answered, idempotency_key_in_progress. Only accepted
 * work is recorded: a refusal or failure (an AppError or any error) frees the key, so the caller can retry
 * once the cause is gone. `request` identifies the call (method, path, normalised body).
 */
export async function idempotent(
  userId: number,
  key: string | null,
  request: string,
  produce: () => Promise<RecordedAnswer>,
  now: Date = new Date(),
): Promise<RecordedAnswer & { replayed: boolean }> {
  if (key === null) return { ...(await produce()), replayed: false };
  if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new AppError("validation_error", `Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`);
  }
  const requestHash = createHash("sha256").update(request).digest("hex");
  // An expired key is free again.
  await db.idempotencyKey.deleteMany({
    where: { userId, key, createdAt: { lte: new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS) } },
  });
  let recordId: number;
  try {
    recordId = (await db.idempotencyKey.create({ data: { userId, key, requestHash, createdAt: now }, select: { id: true } })).id;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return replay(userId, key, requestHash);
  }
  let answer: RecordedAnswer;
  try {
    answer = await produce();
  } catch (error) {
    await db.idempotencyKey.delete({ where: { id: recordId } }).catch(() => undefined);
    throw error;
  }
  await db.idempotencyKey.update({
    where: { id: recordId },
    data: { responseStatus: answer.status, responseBody: JSON.stringify(answer.body) },
  });
  return { ...answer, replayed: false };
}

async function replay(userId: number, key: string, requestHash: string): Promise<RecordedAnswer & { replayed: true }> {
  const record = await db.idempotencyKey.findUnique({ where: { userId_key: { userId, key } } });
  if (!record)
    throw new AppError("idempotency_key_in_progress", "A request with this Idempotency-Key is being answered. Retry shortly.");
  if (record.requestHash !== requestHash) {
    throw new AppError(
      "idempotency_key_reused",
      "This Idempotency-Key was used with a different request. Use a new key for a new request.",
    );
  }
  if (record.responseStatus === null || record.responseBody === null) {
    throw new AppError(
      "idempotency_key_in_progress",
      "A request with this Idempotency-Key is still being answered. Retry shortly.",
      {
        retryAfterSeconds: 1,
      },
    );
  }
  return { status: record.responseStatus, body: JSON.parse(record.responseBody), replayed: true };
}
