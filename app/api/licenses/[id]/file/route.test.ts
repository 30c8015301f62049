import { describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { jwks } from "@/lib/infra/signing/keys";
import { verifyLicenseFile } from "@/lib/licenses/license-file-format";
import { addLicenseContent, createLicense } from "@/lib/licenses/licenses";
import { LICENSE_FILE_TTL_SECONDS } from "@/lib/licenses/schemas";
import { bearer, callJson } from "@/test/support/requests";
import { createTestUser, type TestUser } from "@/test/support/users";
import { POST } from "./route";

const DAY = 86_400;

function issue(user: TestUser | null, id: number | string, body?: unknown, headers: Record<string, string> = {}) {
  return callJson(POST, {
    method: "POST",
    path: `/api/licenses/${id}/file`,
    headers: { ...(user ? bearer(user) : {}), ...headers },
    params: { id: String(id) },
    body,
  });
}

describe("POST /api/licenses/{id}/file", () => {
  it("issues a 30-day file by default that verifies with the published keys and states the license and its content", async () => {
    const user = await createTestUser();
    const license = await createLicense(user.id, { name: "Offline plugin", max_usage: 5 });
    await addLicenseContent(user.id, license.id, {
      content_type: "plugin",
      content_id: "p-1",
      download_url: "https://cdn.example.com/p-1.zip",
      access_url: null,
      api_endpoint: null,
    });
    const before = Date.now();
    const res = await issue(user, license.id);
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const { license_file, issued_at, expires_at, kid } = res.body;
    expect(Date.parse(expires_at) - Date.parse(issued_at)).toBe(LICENSE_FILE_TTL_SECONDS.default * 1000);
    expect(Date.parse(issued_at)).toBeGreaterThanOrEqual(before - 1000);
    const verdict = await verifyLicenseFile(license_file, jwks());
    expect(verdict).toMatchObject({ ok: true, kid });
    expect(verdict.ok && verdict.payload).toEqual({
      license: {
        key: license.licenseKey,
        name: "Offline plugin",
        status: "active",
        max_verifications: 5,
        expires_at: null,
        content: [
          {
            content_type: "plugin",
            content_id: "p-1",
            download_url: "https://cdn.example.com/p-1.zip",
            access_url: null,
            api_endpoint: null,
          },
        ],
      },
      issued_at,
      expires_at,
    });
    // Issuing counts no use.
    expect((await db.license.findUniqueOrThrow({ where: { id: license.id } })).usageCount).toBe(0);
  });

  it("takes a ttl, capped by the license's own expiry, and refuses one out of range", async () => {
    const user = await createTestUser();
    const license = await createLicense(user.id, { name: "Short" });
    const week = await issue(user, license.id, { ttl: 7 * DAY });
    expect(Date.parse(week.body.expires_at) - Date.parse(week.body.issued_at)).toBe(7 * DAY * 1000);

    const soon = new Date(Date.now() + 2 * DAY * 1000);
    const ending = await createLicense(user.id, { name: "Ending", expires_at: soon.toISOString() });
    const capped = await issue(user, ending.id, { ttl: 30 * DAY });
    expect(capped.body.expires_at).toBe(soon.toISOString());

    for (const ttl of [60, 400 * DAY, 1.5 * DAY + 0.5, "1d"]) {
      const refused = await issue(user, license.id, { ttl });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe("validation_error");
    }
    expect((await issue(user, license.id, "{ttl:")).body.code).toBe("invalid_json");
  });

  it("refuses a deactivated or expired license with 409; a file issued before stays valid until its own expiry", async () => {
    const user = await createTestUser();
    const license = await createLicense(user.id, { name: "Deactivated later" });
    const earlier = await issue(user, license.id, { ttl: DAY });
    await db.license.update({ where: { id: license.id }, data: { isActive: false } });
    const refused = await issue(user, license.id);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("license_inactive");
    expect((await verifyLicenseFile(earlier.body.license_file, jwks())).ok).toBe(true);

    const expired = await createLicense(user.id, { name: "Expired", expires_at: new Date(Date.now() - 1000).toISOString() });
    const late = await issue(user, expired.id);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("license_expired");
  });

  it("is the owner's only: another user's license is 404, no credentials 401, a cookie write from elsewhere 403", async () => {
    const owner = await createTestUser();
    const other = await createTestUser();
    const license = await createLicense(owner.id, { name: "Mine" });
    expect((await issue(other, license.id)).status).toBe(404);
    for (const id of ["0", "abc", "999999999"]) expect((await issue(owner, id)).status).toBe(404);
    expect((await issue(null, license.id)).status).toBe(401);
    const crossSite = await callJson(POST, {
      method: "POST",
      path: `/api/licenses/${license.id}/file`,
      headers: { cookie: owner.cookie, origin: "https://evil.example" },
      params: { id: String(license.id) },
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.code).toBe("cross_origin");
  });
});
