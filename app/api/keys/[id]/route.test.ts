import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { callRoute } from "@/test/requests";
import { bearerHeaders, createUser } from "@/test/users";
import { POST } from "../route";
import { DELETE } from "./route";

async function createKey(userId: number): Promise<{ id: number; key: string }> {
  const res = await callRoute(POST, { method: "POST", path: "/api/keys", headers: await bearerHeaders(userId), body: {} });
  return res.json();
}

async function remove(id: string, headers: Record<string, string> = {}) {
  return callRoute(DELETE, { method: "DELETE", path: `/api/keys/${id}`, headers, params: { id } });
}

describe("DELETE /api/keys/{id}", () => {
  it("answers 200 and removes the key", async () => {
    const user = await createUser();
    const { id } = await createKey(user.id);
    const res = await remove(String(id), await bearerHeaders(user.id));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id, deleted: true });
    expect(await db.apiKey.findUnique({ where: { id } })).toBeNull();
  });

  it("answers 404 the second time", async () => {
    const user = await createUser();
    const { id } = await createKey(user.id);
    const headers = await bearerHeaders(user.id);
    expect((await remove(String(id), headers)).status).toBe(200);
    const again = await remove(String(id), headers);
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ code: "not_found", message: "API key not found" });
  });

  it("answers 404 for someone else's key and leaves it alone", async () => {
    const owner = await createUser();
    const intruder = await createUser();
    const { id } = await createKey(owner.id);
    const res = await remove(String(id), await bearerHeaders(intruder.id));
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe("API key not found");
    expect(await db.apiKey.findUnique({ where: { id } })).not.toBeNull();
  });

  it("answers 404 for an id that never existed", async () => {
    const user = await createUser();
    expect((await remove("999999999", await bearerHeaders(user.id))).status).toBe(404);
  });

  it.each(["abc", "0", "-1", "1.5", "1e3"])("answers 404 for the id %j", async (id) => {
    const user = await createUser();
    const res = await remove(id, await bearerHeaders(user.id));
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe("not_found");
  });

  it("answers 401 without credentials, before looking at the id", async () => {
    const user = await createUser();
    const { id } = await createKey(user.id);
    expect((await remove(String(id))).status).toBe(401);
    expect((await remove("abc")).status).toBe(401);
    expect(await db.apiKey.findUnique({ where: { id } })).not.toBeNull();
  });
});
