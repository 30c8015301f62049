import { describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { addLicenseContent, createLicense } from "@/lib/licenses/licenses";
import { bearer, callJson } from "@/test/support/requests";
import { createTestUser } from "@/test/support/users";
import * as content from "./[id]/content/route";
import * as deactivate from "./[id]/deactivate/route";
import * as license from "./[id]/route";
import * as licenses from "./route";

describe("another user's license", () => {
  it("is not found (404) on every license route, and nothing of it changes or leaks", async () => {
    const alice = await createTestUser();
    const bob = await createTestUser();
    const { id } = await createLicense(alice.id, { name: "Alice's", max_usage: 5 });
    await addLicenseContent(alice.id, id, {
      content_type: "video",
      content_id: "secret",
      download_url: null,
      access_url: null,
      api_endpoint: null,
    });
    const before = await db.license.findUniqueOrThrow({ where: { id } });
    const as = { headers: bearer(bob), params: { id: String(id) } };

    const attempts = [
      await callJson(license.GET, { method: "GET", path: `/api/licenses/${id}`, ...as }),
      await callJson(license.PATCH, {
        method: "PATCH",
        path: `/api/licenses/${id}`,
        ...as,
        body: { is_active: false, name: "Bob's now" },
      }),
      await callJson(deactivate.POST, { method: "POST", path: `/api/licenses/${id}/deactivate`, ...as }),
      await callJson(content.GET, { method: "GET", path: `/api/licenses/${id}/content`, ...as }),
      await callJson(content.POST, {
        method: "POST",
        path: `/api/licenses/${id}/content`,
        ...as,
        body: { content_type: "x", content_id: "y" },
      }),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: "not_found", message: "License not found" });
    }

    expect(await db.license.findUniqueOrThrow({ where: { id } })).toEqual(before);
    expect(await db.licenseContent.count({ where: { licenseId: id } })).toBe(1);
    expect((await callJson(licenses.GET, { method: "GET", path: "/api/licenses", headers: bearer(bob) })).body).toEqual([]);
  });
});
