import { describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { createTestUser } from "@/test/support/users";
import { createApiKey, deleteApiKey, LAST_USED_RESOLUTION_MS, listApiKeys, recordApiKeyUse } from "./keys";

describe("recordApiKeyUse", () => {
  it("writes the first use, then at most once per resolution interval", async () => {
    const user = await createTestUser();
    const { id } = await createApiKey(user.id, {});
    const lastUsed = async () => (await listApiKeys(user.id))[0]?.lastUsedAt?.getTime();

    const first = new Date("2026-03-01T10:00:00Z");
    await recordApiKeyUse(id, first);
    expect(await lastUsed()).toBe(first.getTime());

    await recordApiKeyUse(id, new Date(first.getTime() + LAST_USED_RESOLUTION_MS - 1));
    expect(await lastUsed()).toBe(first.getTime());

    const later = new Date(first.getTime() + LAST_USED_RESOLUTION_MS + 1);
    await recordApiKeyUse(id, later);
    expect(await lastUsed()).toBe(later.getTime());
  });

  it("does nothing for a deleted key", async () => {
    const user = await createTestUser();
    const { id } = await createApiKey(user.id, {});
    expect(await deleteApiKey(user.id, id)).toBe(true);
    await expect(recordApiKeyUse(id)).resolves.toBeUndefined();
    expect(await db.apiKey.findUnique({ where: { id } })).toBeNull();
    expect(await listApiKeys(user.id)).toEqual([]);
  });
});
