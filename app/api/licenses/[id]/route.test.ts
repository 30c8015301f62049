import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { createLicense } from "@/lib/licenses/licenses";
import { bearer, callJson } from "@/test/support/requests";
import { createTestUser, type TestUser } from "@/test/support/users";
import { GET, PATCH } from "./route";

let user: TestUser;
let licenseId: number;
const path = () => `/api/licenses/${licenseId}`;
const params = () => ({ id: String(licenseId) });

beforeAll(async () => {
  user = await createTestUser();
  licenseId = (await createLicense(user.id, { name: "Ebook", max_usage: 10 })).id;
});

describe("GET /api/licenses/{id}", () => {
  it("answers the owner's license", async () => {
    const res = await callJson(GET, { method: "GET", path: path(), headers: bearer(user), params: params() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: licenseId, name: "Ebook", is_active: true, max_usage: 10, usage_count: 0 });
  });

  it.each(["0", "-1", "abc", "1.5", "999999999"])("answers 404 for id %s", async (id) => {
    const res = await callJson(GET, { method: "GET", path: `/api/licenses/${id}`, headers: bearer(user), params: { id } });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: "not_found", message: "License not found" });
  });

  it("answers 401 without credentials", async () => {
    expect((await callJson(GET, { method: "GET", path: path(), params: params() })).status).toBe(401);
  });
});

describe("PATCH /api/licenses/{id}", () => {
  it("deactivates and reactivates with is_active", async () => {
    const off = await callJson(PATCH, {
      method: "PATCH",
      path: path(),
      headers: bearer(user),
      params: params(),
      body: { is_active: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.is_active).toBe(false);
    const on = await callJson(PATCH, {
      method: "PATCH",
      path: path(),
      headers: bearer(user),
      params: params(),
      body: { is_active: true },
    });
    expect(on.status).toBe(200);
    expect(on.body.is_active).toBe(true);
  });

  it("renames and changes expiry and limit; null clears them", async () => {
    const changed = await callJson(PATCH, {
      method: "PATCH",
      path: path(),
      headers: bearer(user),
      params: params(),
      body: { name: " Ebook 2nd edition ", expires_at: "2032-01-01T00:00:00Z", max_usage: 20 },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: "Ebook 2nd edition", expires_at: "2032-01-01T00:00:00.000Z", max_usage: 20 });
    const cleared = await callJson(PATCH, {
      method: "PATCH",
      path: path(),
      headers: bearer(user),
      params: params(),
      body: { expires_at: null, max_usage: null },
    });
    expect(cleared.body).toMatchObject({ name: "Ebook 2nd edition", expires_at: null, max_usage: null, is_active: true });
  });

  it.each([
    ["an empty body", undefined, "Send at least one of is_active, name, expires_at or max_usage."],
    ["only unknown fields", { active: false }, "Send at least one of is_active, name, expires_at or max_usage."],
    ["is_active as text", { is_active: "false" }, "is_active must be true or false."],
    ["a blank name", { name: " " }, "Please enter a license name."],
    ["max_usage 0", { max_usage: 0 }, "Maximum usage must be a whole number of at least 1."],
    ["a bad expires_at", { expires_at: "31/01/2030" }, expect.stringContaining("ISO 8601")],
  ])("answers 400 for %s", async (_case, body, message) => {
    const res = await callJson(PATCH, { method: "PATCH", path: path(), headers: bearer(user), params: params(), body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_error");
    expect(res.body.issues[0].message).toEqual(message);
  });

  it("answers 400 for malformed JSON", async () => {
    const res = await callJson(PATCH, {
      method: "PATCH",
      path: path(),
      headers: bearer(user),
      params: params(),
      body: "{is_active",
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("invalid_json");
  });

  it("answers 404 for an invalid or missing id", async () => {
    for (const id of ["0", "x", "999999999"]) {
      const res = await callJson(PATCH, {
        method: "PATCH",
        path: `/api/licenses/${id}`,
        headers: bearer(user),
        params: { id },
        body: { is_active: false },
      });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: "not_found" });
    }
  });

  it("answers 401 without credentials", async () => {
    expect((await db.license.findUniqueOrThrow({ where: { id: licenseId } })).isActive).toBe(true);
    expect((await callJson(PATCH, { method: "PATCH", path: path(), params: params(), body: { is_active: false } })).status).toBe(
      401,
    );
    expect((await db.license.findUniqueOrThrow({ where: { id: licenseId } })).isActive).toBe(true);
  });
});
