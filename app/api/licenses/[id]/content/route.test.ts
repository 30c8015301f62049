import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { createLicense } from "@/lib/licenses/licenses";
import { bearer, callJson } from "@/test/support/requests";
import { createTestUser, type TestUser } from "@/test/support/users";
import { GET, POST } from "./route";

let user: TestUser;
let licenseId: number;
const path = () => `/api/licenses/${licenseId}/content`;
const params = () => ({ id: String(licenseId) });

beforeAll(async () => {
  user = await createTestUser();
  licenseId = (await createLicense(user.id, { name: "Video course" })).id;
});

describe("GET|POST /api/licenses/{id}/content", () => {
  it("starts empty", async () => {
    const res = await callJson(GET, { method: "GET", path: path(), headers: bearer(user), params: params() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it("adds items (201) and lists them in the order they were added", async () => {
    const full = await callJson(POST, {
      method: "POST",
      path: path(),
      headers: bearer(user),
      params: params(),
      body: {
        content_type: " video ",
        content_id: "lesson-1",
        download_url: "https://cdn.example.com/lesson-1.mp4",
        access_url: "https://learn.example.com/lesson-1",
        api_endpoint: "http://api.example.com/v1/lessons/1",
      },
    });
    expect(full.status).toBe(201);
    expect(full.body).toEqual({
      id: expect.any(Number),
      content_type: "video",
      content_id: "lesson-1",
      download_url: "https://cdn.example.com/lesson-1.mp4",
      access_url: "https://learn.example.com/lesson-1",
      api_endpoint: "http://api.example.com/v1/lessons/1",
      created_at: expect.any(String),
    });
    const bare = await callJson(POST, {
      method: "POST",
      path: path(),
      headers: bearer(user),
      params: params(),
      body: { content_type: "ebook", content_id: "isbn-42", download_url: "", access_url: null },
    });
    expect(bare.status).toBe(201);
    expect(bare.body).toMatchObject({ download_url: null, access_url: null, api_endpoint: null });
    const list = await callJson(GET, { method: "GET", path: path(), headers: bearer(user), params: params() });
    expect(list.body.map((item: { content_id: string }) => item.content_id)).toEqual(["lesson-1", "isbn-42"]);
  });

  it.each([
    ["a missing content_type", { content_id: "x" }, "content_type", "content_type is required."],
    ["a blank content_id", { content_type: "video", content_id: "  " }, "content_id", "Content ID is required."],
    ["an ftp URL", { content_type: "video", content_id: "x", download_url: "ftp://files.example.com/a" }, "download_url"],
    ["a javascript: URL", { content_type: "video", content_id: "x", access_url: "javascript:alert(1)" }, "access_url"],
    ["a URL without scheme", { content_type: "video", content_id: "x", api_endpoint: "api.example.com/v1" }, "api_endpoint"],
  ])("answers 400 for %s", async (_case, body, field, message = "Must be an http:// or https:// URL.") => {
    const res = await callJson(POST, { method: "POST", path: path(), headers: bearer(user), params: params(), body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_error");
    expect(res.body.issues[0]).toEqual({ path: field, message });
  });

  it("answers 400 for malformed JSON", async () => {
    const res = await callJson(POST, { method: "POST", path: path(), headers: bearer(user), params: params(), body: "[" });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("invalid_json");
  });

  it("answers 404 for an invalid or missing license id", async () => {
    for (const id of ["0", "abc", "999999999"]) {
      const list = await callJson(GET, {
        method: "GET",
        path: `/api/licenses/${id}/content`,
        headers: bearer(user),
        params: { id },
      });
      expect(list.status).toBe(404);
      expect(list.body).toMatchObject({ code: "not_found" });
      const add = await callJson(POST, {
        method: "POST",
        path: `/api/licenses/${id}/content`,
        headers: bearer(user),
        params: { id },
        body: { content_type: "video", content_id: "x" },
      });
      expect(add.status).toBe(404);
      expect(add.body).toMatchObject({ code: "not_found" });
    }
  });

  it("answers 401 without credentials", async () => {
    expect((await callJson(GET, { method: "GET", path: path(), params: params() })).status).toBe(401);
    const before = await db.licenseContent.count({ where: { licenseId } });
    expect(
      (await callJson(POST, { method: "POST", path: path(), params: params(), body: { content_type: "a", content_id: "b" } }))
        .status,
    ).toBe(401);
    expect(await db.licenseContent.count({ where: { licenseId } })).toBe(before);
  });
});
