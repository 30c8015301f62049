import "server-only";
import { withUserLocked } from "@/lib/accounts/user-lock";
import type { ApiKeyOwner } from "@/lib/auth/access";
import { planOf } from "@/lib/config/plans";
import { db } from "@/lib/infra/db";
import { hotQuery, sqlTimestamp } from "@/lib/infra/db/hot";
import { AppError } from "@/lib/infra/errors";
import { generateApiKey, hashApiKey, maskApiKey } from "./format";
import { type CreateApiKeyInput, MAX_API_KEYS_PER_USER } from "./schema";
import { FIND_API_KEY_OWNER } from "./sql";

/** Last use is written at most once per this interval per key, so busy keys do not turn every call into a write. */
export const LAST_USED_RESOLUTION_MS = 60_000;

const listedFields = { id: true, displayKey: true, description: true, createdAt: true, lastUsedAt: true } as const;

export async function listApiKeys(userId: number) {
  return db.apiKey.findMany({ where: { userId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: listedFields });
}

/** Creates a key and returns it in full, the only time it exists outside the caller's hands. */
export async function createApiKey(userId: number, input: CreateApiKeyInput) {
  const key = generateApiKey();
  const row = await withUserLocked(userId, async (tx) => {
    const live = await tx.apiKey.count({ where: { userId } });
    if (live >= MAX_API_KEYS_PER_USER) {
      throw new AppError(
        "api_key_limit_reached",
        `You already have ${MAX_API_KEYS_PER_USER} API keys, the most an account can hold. Delete a key you no longer use to generate a new one.`,
      );
    }
    return tx.apiKey.create({
      data: { userId, keyHash: hashApiKey(key), displayKey: maskApiKey(key), description: input.description || null },
      select: { id: true, description: true, createdAt: true },
    });
  });
  return { ...row, key };
}

/** False when there is no such key or it belongs to someone else. */
export async function deleteApiKey(userId: number, id: number): Promise<boolean> {
  const { count } = await db.apiKey.deleteMany({ where: { id, userId } });
  return count > 0;
}

/** The key's owner, or null for an unknown or deleted key. Pass only well-formed keys (see isWellFormedApiKey). */
export async function findApiKeyOwner(key: string, now = new Date()): Promise<(ApiKeyOwner & { lastUseStale: boolean }) | null> {
  const staleBefore = sqlTimestamp(new Date(now.getTime() - LAST_USED_RESOLUTION_MS));
  const [row] = await hotQuery(FIND_API_KEY_OWNER, [staleBefore, hashApiKey(key)]);
  if (!row) return null;
  return {
    apiKey: { id: row.id, userId: row.userId },
    user: { id: row.userId, email: row.email, plan: planOf(row.plan) },
    // SQLite answers 1/0, PostgreSQL true/false.
    lastUseStale: Boolean(row.stale),
  };
}

export async function recordApiKeyUse(id: number, now = new Date()): Promise<void> {
  const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  await db.apiKey.updateMany({
    where: { id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: staleBefore } }] },
    data: { lastUsedAt: now },
  });
}
