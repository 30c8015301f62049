import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { LICENSE_KEY_PREFIX } from "@/lib/licenses/key";
import { bearer, callJson } from "@/test/support/requests";
import { createTestUser, sessionCookieFor, type TestUser } from "@/test/support/users";
import { GET, POST } from "./route";

const KEY_PATTERN = new RegExp(`^${LICENSE_KEY_PREFIX}(-[0-9A-F]{4}){8}$`);

let user: TestUser;
beforeAll(async () => {
  user = await createTestUser();
});

describe("POST /api/licenses", () => {
  it("creates an unlimited license with a server-generated key (201), ignoring the key sent", async () => {
    const res = await callJson(POST, {
      method: "POST",
      path: "/api/licenses",
      headers: bearer(user),
      body: { name: "  Course bundle  ", license_key: "MY-OWN-KEY" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: "Course bundle",
      license_key: expect.stringMatching(KEY_PATTERN),
      is_active: true,
      expires_at: null,
      max_usage: null,
      usage_count: 0,
      created_at: expect.any(String),
    });
    const row = await db.license.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.userId).toBe(user.id);
    expect(row.licenseKey).toBe(res.body.license_key);
  });

  it("stores an expiry and a usage limit", async () => {
    const res = await callJson(POST, {
      method: "POST",
      path: "/api/licenses",
      headers: bearer(user),
      body: { name: "Limited", license_key: "", expires_at: "2031-05-01T12:00:00.000Z", max_usage: 3 },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ expires_at: "2031-05-01T12:00:00.000Z", max_usage: 3, usage_count: 0 });
  });

  it("accepts a calendar date and an offset for expires_at", async () => {
    const day = await callJson(POST, {
      method: "POST",
      path: "/api/licenses",
      headers: bearer(user),
      body: { name: "Day", expires_at: "2031-05-01" },
    });
    expect(day.body.expires_at).toBe("2031-05-01T00:00:00.000Z");
    const offset = await callJson(POST, {
      method: "POST",
      path: "/api/licenses",
      headers: bearer(user),
      body: { name: "Offset", expires_at: "2031-05-01T12:00:00+02:00" },
    });
    expect(offset.body.expires_at).toBe("2031-05-01T10:00:00.000Z");
  });

  it("generates a different key every time", async () => {
    const keys = new Set<string>();
    for (let i = 0; i < 5; i++) {
      keys.add(
        (await callJson(POST, { method: "POST", path: "/api/licenses", headers: bearer(user), body: { name: `Key ${i}` } })).body
          .license_key,
      );
    }
    expect(keys.size).toBe(5);
  });

  it.each([
    ["a blank name", { name: "   " }, "name", "Please enter a license name."],
    ["a missing name", {}, "name", "name must be a string."],
    ["a name over 100 characters", { name: "x".repeat(101) }, "name", "License name must be at most 100 characters."],
    ["max_usage 0", { name: "A", max_usage: 0 }, "max_usage", "Maximum usage must be a whole number of at least 1."],
    ["a fractional max_usage", { name: "A", max_usage: 1.5 }, "max_usage", "Maximum usage must be a whole number of at least 1."],
    ["max_usage as text", { name: "A", max_usage: "5" }, "max_usage", "Maximum usage must be a whole number of at least 1."],
    ["an invalid expires_at", { name: "A", expires_at: "next tuesday" }, "expires_at", expect.stringContaining("ISO 8601")],
    ["an impossible date", { name: "A", expires_at: "2031-02-30" }, "expires_at", expect.stringContaining("ISO 8601")],
  ])("answers 400 for %s", async (_case, body, path, message) => {
    const res = await callJson(POST, { method: "POST", path: "/api/licenses", headers: bearer(user), body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_error");
    expect(res.body.issues[0]).toEqual({ path, message });
  });

  it("answers 400 for malformed JSON", async () => {
    const res = await callJson(POST, { method: "POST", path: "/api/licenses", headers: bearer(user), body: "{name:" });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("invalid_json");
  });

  it("answers 401 without credentials and with a forged token", async () => {
    expect((await callJson(POST, { method: "POST", path: "/api/licenses", body: { name: "A" } })).status).toBe(401);
    const forged = await callJson(POST, {
      method: "POST",
      path: "/api/licenses",
      headers: bearer({ token: "not.a.jwt" }),
      body: { name: "A" },
    });
    expect(forged.status).toBe(401);
    expect(forged.body.code).toBe("unauthorized");
  });

  it("accepts the browser session cookie from our own origin and refuses it cross-origin (403)", async () => {
    const cookie = await sessionCookieFor(user.id);
    const own = await callJson(POST, {
      method: "POST",
      path: "/api/licenses",
      body: { name: "Cookie" },
      headers: { cookie, host: "localhost", origin: "http://localhost" },
    });
    expect(own.status).toBe(201);
    const foreign = await callJson(POST, {
      method: "POST",
      path: "/api/licenses",
      body: { name: "Cookie" },
      headers: { cookie, host: "localhost", origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe("cross_origin");
  });

  it("answers 413 for a body over the cap", async () => {
    const res = await callJson(POST, {
      method: "POST",
      path: "/api/licenses",
      headers: bearer(user),
      body: { name: "x".repeat(70 * 1024) },
    });
    expect(res.status).toBe(413);
  });
});

describe("GET /api/licenses", () => {
  it("lists only the caller's licenses, newest first", async () => {
    const owner = await createTestUser();
    const other = await createTestUser();
    await callJson(POST, { method: "POST", path: "/api/licenses", headers: bearer(other), body: { name: "Someone else's" } });
    for (const name of ["First", "Second", "Third"]) {
      await callJson(POST, { method: "POST", path: "/api/licenses", headers: bearer(owner), body: { name } });
    }
    const res = await callJson(GET, { method: "GET", path: "/api/licenses", headers: bearer(owner) });
    expect(res.status).toBe(200);
    expect(res.body.map((license: { name: string }) => license.name)).toEqual(["Third", "Second", "First"]);
    expect(Object.keys(res.body[0]).sort()).toEqual(
      ["created_at", "expires_at", "id", "is_active", "license_key", "max_usage", "name", "usage_count"].sort(),
    );
  });

  it("answers [] for a user without licenses", async () => {
    const fresh = await createTestUser();
    const res = await callJson(GET, { method: "GET", path: "/api/licenses", headers: bearer(fresh) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it("answers 401 without credentials", async () => {
    const res = await callJson(GET, { method: "GET", path: "/api/licenses" });
    expect(res.status).toBe(401);
  });
});
