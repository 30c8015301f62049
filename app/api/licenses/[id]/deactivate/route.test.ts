import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createLicense } from "@/lib/licenses/licenses";
import { call, createTestUser } from "@/lib/licenses/testing";
import { POST } from "./route";

describe("POST /api/licenses/{id}/deactivate", () => {
  it("deactivates the license and answers it; doing it again changes nothing", async () => {
    const user = await createTestUser();
    const { id } = await createLicense(user.id, { name: "Plugin" });
    const path = `/api/licenses/${id}/deactivate`;
    const res = await call(POST, "POST", path, { token: user.token, params: { id: String(id) } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, name: "Plugin", is_active: false });
    expect((await db.license.findUniqueOrThrow({ where: { id } })).isActive).toBe(false);
    const again = await call(POST, "POST", path, { token: user.token, params: { id: String(id) } });
    expect(again.status).toBe(200);
    expect(again.body.is_active).toBe(false);
  });

  it("answers 404 for an invalid or missing id", async () => {
    const user = await createTestUser();
    for (const id of ["0", "-3", "abc", "999999999"]) {
      const res = await call(POST, "POST", `/api/licenses/${id}/deactivate`, { token: user.token, params: { id } });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: "not_found" });
    }
  });

  it("answers 401 without credentials", async () => {
    const res = await call(POST, "POST", "/api/licenses/1/deactivate", { params: { id: "1" } });
    expect(res.status).toBe(401);
  });
});
