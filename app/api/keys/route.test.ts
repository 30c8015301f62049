import { describe, expect, it } from "vitest";
import { hashApiKey } from "@/lib/api-keys/format";
import { MAX_API_KEYS_PER_USER } from "@/lib/api-keys/schema";
import { db } from "@/lib/infra/db";
import { bearer, callRoute } from "@/test/support/requests";
import { createTestUser, type TestUser } from "@/test/support/users";
import { DELETE, GET, POST } from "./route";

async function post(user: TestUser, body?: unknown) {
  return callRoute(POST, { method: "POST", path: "/api/keys", headers: bearer(user), body });
}

async function list(user: TestUser) {
  return callRoute(GET, { path: "/api/keys", headers: bearer(user) });
}

/** Inserts keys straight into the table, to reach the limit without the route. */
async function seedKeys(userId: number, count: number) {
  await db.apiKey.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      userId,
      keyHash: hashApiKey(`seed-${userId}-${i}`),
      displayKey: `sdeck_…${String(i).padStart(4, "0")}`,
    })),
  });
}

describe("POST /api/keys", () => {
  it("answers 201 with the full key once, and stores only its hash and masked form", async () => {
    const user = await createTestUser();
    const res = await post(user, { description: "  Production server  " });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      key: expect.stringMatching(/^sdeck_[0-9a-f]{40}$/),
      description: "Production server",
      created_at: expect.any(String),
    });
    expect(new Date(body.created_at).toISOString()).toBe(body.created_at);

    const row = await db.apiKey.findUniqueOrThrow({ where: { id: body.id } });
    expect(row).toMatchObject({
      userId: user.id,
      keyHash: hashApiKey(body.key),
      displayKey: `sdeck_…${body.key.slice(-4)}`,
      description: "Production server",
      lastUsedAt: null,
    });
    const secretPart = body.key.slice("sdeck_".length, -4);
    for (const value of Object.values(row)) expect(String(value)).not.toContain(secretPart);
  });

  it("accepts no body, an empty object or a blank description as no description", async () => {
    const user = await createTestUser();
    for (const body of [undefined, {}, { description: "   " }, { description: null }]) {
      const res = await post(user, body);
      expect(res.status).toBe(201);
      expect((await res.json()).description).toBeNull();
    }
  });

  it("accepts 100 characters once trimmed", async () => {
    const user = await createTestUser();
    const res = await post(user, { description: ` ${"d".repeat(100)} ` });
    expect(res.status).toBe(201);
    expect((await res.json()).description).toBe("d".repeat(100));
  });

  it("answers 400 for a description over 100 characters", async () => {
    const user = await createTestUser();
    const res = await post(user, { description: "d".repeat(101) });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: "validation_error",
      message: "description: Description must be at most 100 characters.",
    });
    expect(await db.apiKey.count({ where: { userId: user.id } })).toBe(0);
  });

  it("answers 400 for a description that is not text", async () => {
    const user = await createTestUser();
    const res = await post(user, { description: 42 });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe("validation_error");
  });

  it("answers 400 for malformed JSON", async () => {
    const user = await createTestUser();
    const res = await post(user, "{description:");
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe("invalid_json");
  });

  it("answers 413 for a body over the size cap", async () => {
    const user = await createTestUser();
    const res = await post(user, { description: "d".repeat(70 * 1024) });
    expect(res.status).toBe(413);
  });

  it("answers 401 without credentials or with a bad token", async () => {
    const anonymous = await callRoute(POST, { method: "POST", path: "/api/keys", body: {} });
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).code).toBe("unauthorized");
    const forged = await callRoute(POST, {
      method: "POST",
      path: "/api/keys",
      headers: { authorization: "Bearer not-a-token" },
      body: {},
    });
    expect(forged.status).toBe(401);
  });

  it("answers 401 for a token whose user no longer exists", async () => {
    const user = await createTestUser();
    const headers = bearer(user);
    await db.user.delete({ where: { id: user.id } });
    const res = await callRoute(POST, { method: "POST", path: "/api/keys", headers, body: {} });
    expect(res.status).toBe(401);
  });

  it("takes the session cookie from our own origin and refuses it cross-origin with 403", async () => {
    const user = await createTestUser();
    const cookie = { cookie: user.cookie };
    const sameOrigin = await callRoute(POST, {
      method: "POST",
      path: "/api/keys",
      headers: { ...cookie, host: "localhost", origin: "http://localhost" },
      body: {},
    });
    expect(sameOrigin.status).toBe(201);
    const crossOrigin = await callRoute(POST, {
      method: "POST",
      path: "/api/keys",
      headers: { ...cookie, host: "localhost", origin: "https://evil.example" },
      body: {},
    });
    expect(crossOrigin.status).toBe(403);
    expect((await crossOrigin.json()).code).toBe("cross_origin");
    expect(await db.apiKey.count({ where: { userId: user.id } })).toBe(1);
  });

  it(`answers 409 for key number ${MAX_API_KEYS_PER_USER + 1}`, async () => {
    const user = await createTestUser();
    await seedKeys(user.id, MAX_API_KEYS_PER_USER - 1);
    expect((await post(user, {})).status).toBe(201);
    const res = await post(user, {});
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      code: "api_key_limit_reached",
      message: expect.stringContaining(`${MAX_API_KEYS_PER_USER} API keys`),
    });
    expect(await db.apiKey.count({ where: { userId: user.id } })).toBe(MAX_API_KEYS_PER_USER);
  });

  it("frees a place when a key is deleted", async () => {
    const user = await createTestUser();
    await seedKeys(user.id, MAX_API_KEYS_PER_USER);
    expect((await post(user, {})).status).toBe(409);
    const oldest = await db.apiKey.findFirstOrThrow({ where: { userId: user.id } });
    await db.apiKey.delete({ where: { id: oldest.id } });
    expect((await post(user, {})).status).toBe(201);
  });

  it("never goes past the limit under parallel creates", async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    const extra = 6;
    const answers = await Promise.all([
      ...Array.from({ length: MAX_API_KEYS_PER_USER + extra }, () => post(user, {})),
      post(other, {}),
    ]);
    const statuses = answers.slice(0, -1).map((res) => res.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_API_KEYS_PER_USER);
    expect(statuses.filter((status) => status === 409)).toHaveLength(extra);
    expect(answers.at(-1)?.status).toBe(201);
    expect(await db.apiKey.count({ where: { userId: user.id } })).toBe(MAX_API_KEYS_PER_USER);
  });
});

describe("GET /api/keys", () => {
  it("answers an empty list for a user without keys", async () => {
    const user = await createTestUser();
    const res = await list(user);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });

  it("lists only the caller's keys, masked, newest first", async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    const first = await (await post(user, { description: "first" })).json();
    const second = await (await post(user, {})).json();
    await post(other, { description: "not mine" });

    const res = await list(user);
    expect(res.status).toBe(200);
    const keys = await res.json();
    expect(keys).toEqual([
      {
        id: second.id,
        key: `sdeck_…${second.key.slice(-4)}`,
        description: null,
        created_at: second.created_at,
        last_used_at: null,
      },
      {
        id: first.id,
        key: `sdeck_…${first.key.slice(-4)}`,
        description: "first",
        created_at: first.created_at,
        last_used_at: null,
      },
    ]);
    expect(JSON.stringify(keys)).not.toContain(first.key);
  });

  it("orders by creation time, not by id", async () => {
    const user = await createTestUser();
    const newer = await db.apiKey.create({
      data: { userId: user.id, keyHash: hashApiKey(`newer-${user.id}`), displayKey: "sdeck_…nnnn", createdAt: new Date() },
    });
    const older = await db.apiKey.create({
      data: { userId: user.id, keyHash: hashApiKey(`older-${user.id}`), displayKey: "sdeck_…oooo", createdAt: new Date(0) },
    });
    const keys = await (await list(user)).json();
    expect(keys.map((key: { id: number }) => key.id)).toEqual([newer.id, older.id]);
  });

  it("answers 401 without credentials", async () => {
    const res = await callRoute(GET, { path: "/api/keys" });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: "unauthorized", message: expect.any(String) });
  });

  it("reads the session cookie too", async () => {
    const user = await createTestUser();
    await post(user, {});
    const res = await callRoute(GET, { path: "/api/keys", headers: { cookie: user.cookie } });
    expect(res.status).toBe(200);
    expect(await res.json()).toHaveLength(1);
  });
});

describe("DELETE /api/keys", () => {
  it("answers 405 with Allow: one key is deleted at its own address", async () => {
    const res = await callRoute(DELETE, { method: "DELETE", path: "/api/keys" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, POST");
    expect(await res.json()).toMatchObject({ code: "method_not_allowed", message: expect.stringContaining("/api/keys/{id}") });
  });
});
