import { afterEach, describe, expect, it, vi } from "vitest";
import { DELETE } from "@/app/api/keys/[id]/route";
import { POST } from "@/app/api/keys/route";
import { apiKeyChecksum, generateApiKey } from "@/lib/api-keys/format";
import { LAST_USED_RESOLUTION_MS } from "@/lib/api-keys/keys";
import { API_KEY } from "@/lib/auth/access";
import { implement, operation } from "@/lib/infra/api/operation";
import { db } from "@/lib/infra/db";
import { hotDb } from "@/lib/infra/db/hot";
import { bearer, callRoute } from "@/test/support/requests";
import { createTestUser, type TestUser } from "@/test/support/users";
import { serve } from "./serve";

// An operation of the kit's own, called with an API key: it answers the caller the kit proved.
const whoAmI = serve(
  implement(
    operation({
      method: "POST",
      path: "/kit/who-am-i",
      operationId: "whoAmI",
      tag: "service",
      summary: "The caller, as the kit proved it.",
      access: API_KEY,
      success: { status: 200, description: "The caller." },
      errors: {},
    }),
    { handle: async ({ caller }) => ({ apiKey: caller.apiKey, user: caller.user }) },
  ),
).POST;

// A handler of the kit's own, not an API route: its path is outside /api, so no contract applies to its answers.
function callWith(authorization?: string) {
  return callRoute(whoAmI, { method: "POST", path: "/kit/who-am-i", headers: authorization ? { authorization } : {} });
}

async function createKey(user: TestUser): Promise<{ id: number; key: string }> {
  const res = await callRoute(POST, { method: "POST", path: "/api/keys", headers: bearer(user), body: {} });
  return res.json();
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("API-key access", () => {
  it("gives the handler the key and its owner", async () => {
    const user = await createTestUser();
    await db.user.update({ where: { id: user.id }, data: { plan: "pro" } });
    const { id, key } = await createKey(user);
    const res = await callWith(`Bearer ${key}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      apiKey: { id, userId: user.id },
      user: { id: user.id, email: user.email, plan: "pro" },
    });
  });

  it("records when the key was last used", async () => {
    const user = await createTestUser();
    const { id, key } = await createKey(user);
    const before = Date.now();
    expect((await callWith(`bearer  ${key}`)).status).toBe(200);
    await vi.waitFor(async () => {
      const row = await db.apiKey.findUniqueOrThrow({ where: { id } });
      expect(row.lastUsedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    });
  });

  it("writes the last use down only when the recorded one is older than LAST_USED_RESOLUTION_MS", async () => {
    const user = await createTestUser();
    const { id, key } = await createKey(user);
    const stale = new Date(Date.now() - LAST_USED_RESOLUTION_MS - 1000);
    await db.apiKey.update({ where: { id }, data: { lastUsedAt: stale } });
    expect((await callWith(`Bearer ${key}`)).status).toBe(200);
    await vi.waitFor(async () => {
      const row = await db.apiKey.findUniqueOrThrow({ where: { id } });
      expect(row.lastUsedAt?.getTime()).toBeGreaterThan(stale.getTime());
    });
    const writes = vi.spyOn(db.apiKey, "updateMany");
    expect((await callWith(`Bearer ${key}`)).status).toBe(200);
    expect(writes).not.toHaveBeenCalled();
  });

  it("answers 401 missing_api_key without an Authorization header", async () => {
    const res = await callWith();
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toContain("Bearer");
    expect(await res.json()).toMatchObject({ code: "missing_api_key", message: expect.stringContaining("Bearer") });
  });

  it.each([
    ["another scheme", (key: string) => `Basic ${key}`],
    ["no scheme", (key: string) => key],
    ["a truncated key", (key: string) => `Bearer ${key.slice(0, -1)}`],
    ["extra words", (key: string) => `Bearer ${key} extra`],
  ])("answers 401 for %s", async (_name, header) => {
    const user = await createTestUser();
    const { key } = await createKey(user);
    const res = await callWith(header(key));
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe("invalid_api_key");
  });

  it("refuses a bad checksum without touching the database", async () => {
    const user = await createTestUser();
    const { key } = await createKey(user);
    const random = key.slice("sdeck_".length, -8);
    const wrongChecksum = (Number.parseInt(apiKeyChecksum(random), 16) ^ 1).toString(16).padStart(8, "0");
    const lookup = vi.spyOn(hotDb(), "all");
    const res = await callWith(`Bearer sdeck_${random}${wrongChecksum}`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: "invalid_api_key", message: expect.stringContaining("Malformed API key") });
    expect(lookup).not.toHaveBeenCalled();

    // The same spy does see a well-formed key being looked up.
    expect((await callWith(`Bearer ${key}`)).status).toBe(200);
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it("refuses a bearer JWT: scraper runs take API keys only", async () => {
    const user = await createTestUser();
    const lookup = vi.spyOn(hotDb(), "all");
    const res = await callWith(bearer(user).authorization);
    expect(res.status).toBe(401);
    expect(lookup).not.toHaveBeenCalled();
  });

  it("answers 401 for a well-formed key that was never issued", async () => {
    const res = await callWith(`Bearer ${generateApiKey()}`);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toContain('error="invalid_token"');
    expect(await res.json()).toMatchObject({ code: "invalid_api_key", message: expect.stringContaining("deleted") });
  });

  it("stops accepting a key as soon as it is deleted", async () => {
    const user = await createTestUser();
    const { id, key } = await createKey(user);
    expect((await callWith(`Bearer ${key}`)).status).toBe(200);
    const deleted = await callRoute(DELETE, {
      method: "DELETE",
      path: `/api/keys/${id}`,
      headers: bearer(user),
      params: { id: String(id) },
    });
    expect(deleted.status).toBe(200);
    const res = await callWith(`Bearer ${key}`);
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe("invalid_api_key");
  });

  it("stops accepting the keys of a deleted account", async () => {
    const user = await createTestUser();
    const { key } = await createKey(user);
    await db.user.delete({ where: { id: user.id } });
    expect((await callWith(`Bearer ${key}`)).status).toBe(401);
  });
});
