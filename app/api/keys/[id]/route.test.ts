import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/keys/route";
import { db } from "@/lib/infra/db";
import { bearer, callRoute } from "@/test/support/requests";
import { createTestUser, type TestUser } from "@/test/support/users";
import { DELETE, GET } from "./route";

async function createKey(user: TestUser): Promise<{ id: number; key: string }> {
  const res = await callRoute(POST, { method: "POST", path: "/api/keys", headers: bearer(user), body: {} });
  return res.json();
}

async function remove(id: string, headers: Record<string, string> = {}) {
  return callRoute(DELETE, { method: "DELETE", path: `/api/keys/${id}`, headers, params: { id } });
}

describe("DELETE /api/keys/{id}", () => {
  it("answers 200 and removes the key", async () => {
    const user = await createTestUser();
    const { id } = await createKey(user);
    const res = await remove(String(id), bearer(user));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id, deleted: true });
    expect(await db.apiKey.findUnique({ where: { id } })).toBeNull();
  });

  it("answers 404 the second time", async () => {
    const user = await createTestUser();
    const { id } = await createKey(user);
    const headers = bearer(user);
    expect((await remove(String(id), headers)).status).toBe(200);
    const again = await remove(String(id), headers);
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ code: "not_found", message: "API key not found" });
  });

  it("answers 404 for someone else's key and leaves it alone", async () => {
    const owner = await createTestUser();
    const intruder = await createTestUser();
    const { id } = await createKey(owner);
    const res = await remove(String(id), bearer(intruder));
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe("API key not found");
    expect(await db.apiKey.findUnique({ where: { id } })).not.toBeNull();
  });

  it("answers 404 for an id that never existed", async () => {
    const user = await createTestUser();
    const res = await remove("999999999", bearer(user));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "not_found" });
  });

  it.each(["abc", "0", "-1", "1.5", "1e3"])("answers 404 for the id %j", async (id) => {
    const user = await createTestUser();
    const res = await remove(id, bearer(user));
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe("not_found");
  });

  it("answers 401 without credentials, before looking at the id", async () => {
    const user = await createTestUser();
    const { id } = await createKey(user);
    expect((await remove(String(id))).status).toBe(401);
    expect((await remove("abc")).status).toBe(401);
    expect(await db.apiKey.findUnique({ where: { id } })).not.toBeNull();
  });
});

describe("GET /api/keys/{id}", () => {
  it("answers 405 with Allow: keys are never read back", async () => {
    const res = await callRoute(GET, { path: "/api/keys/1", params: { id: "1" } });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("DELETE");
    expect((await res.json()).code).toBe("method_not_allowed");
  });
});
