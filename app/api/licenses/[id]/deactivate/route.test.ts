import { describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { createLicense } from "@/lib/licenses/licenses";
import { bearer, callJson } from "@/test/support/requests";
import { createTestUser } from "@/test/support/users";
import { POST } from "./route";

describe("POST /api/licenses/{id}/deactivate", () => {
  it("deactivates the license and answers it; doing it again changes nothing", async () => {
    const user = await createTestUser();
    const { id } = await createLicense(user.id, { name: "Plugin" });
    const path = `/api/licenses/${id}/deactivate`;
    const res = await callJson(POST, { method: "POST", path: path, headers: bearer(user), params: { id: String(id) } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, name: "Plugin", is_active: false });
    expect((await db.license.findUniqueOrThrow({ where: { id } })).isActive).toBe(false);
    const again = await callJson(POST, { method: "POST", path: path, headers: bearer(user), params: { id: String(id) } });
    expect(again.status).toBe(200);
    expect(again.body.is_active).toBe(false);
  });

  it("answers 404 for an invalid or missing id", async () => {
    const user = await createTestUser();
    for (const id of ["0", "-3", "abc", "999999999"]) {
      const res = await callJson(POST, {
        method: "POST",
        path: `/api/licenses/${id}/deactivate`,
        headers: bearer(user),
        params: { id },
      });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: "not_found" });
    }
  });

  it("answers 401 without credentials", async () => {
    const res = await callJson(POST, { method: "POST", path: "/api/licenses/1/deactivate", params: { id: "1" } });
    expect(res.status).toBe(401);
  });
});
