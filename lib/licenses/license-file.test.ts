import { generateKeyPairSync } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { db } from "@/lib/infra/db";
import { AppError } from "@/lib/infra/errors";
import { jwks, type SigningKey, signingKeySet, signingKeys } from "@/lib/infra/signing/keys";
import type { Jwks } from "@/lib/infra/signing/scheme";
import { createTestUser, type TestUser } from "@/test/support/users";
import { issueLicenseFile } from "./license-file";
import { LICENSE_FILE_BEGIN, LICENSE_FILE_END, type LicenseFilePayload, verifyLicenseFile } from "./license-file-format";
import { addLicenseContent, createLicense, deactivateLicense } from "./licenses";
import {
  LICENSE_FILE_TTL_SECONDS,
  licenseFileEnvelopeSchema,
  licenseFilePayloadSchema,
  licenseFileRequestSchema,
} from "./schemas";

// The format's own types (license-file-format.ts, which ships in the SDKs without zod) and the contract's schemas
// (schemas.ts) describe one payload: neither can change alone.
type Documented = z.output<typeof licenseFilePayloadSchema>;
const sameShape: [Documented, LicenseFilePayload] extends [LicenseFilePayload, Documented] ? true : never = true;
void sameShape;

const DAY = 24 * 3600 * 1000;
const now = new Date("2026-11-28T10:00:00Z");
let owner: TestUser;
const keySet = (): Jwks => jwks();

beforeAll(async () => {
  owner = await createTestUser();
});

/** The file's envelope and payload, decoded as a partner's tool would. */
function decode(file: string) {
  const inner = file.replace(LICENSE_FILE_BEGIN, "").replace(LICENSE_FILE_END, "").replace(/\s+/g, "");
  const envelope = JSON.parse(Buffer.from(inner, "base64").toString("utf8"));
  return { envelope, payload: JSON.parse(Buffer.from(envelope.enc, "base64").toString("utf8")) as LicenseFilePayload };
}

/** The file with its envelope changed, re-encoded and re-wrapped as the issuer would. */
function reencode(file: string, change: (envelope: Record<string, string>) => void) {
  const { envelope } = decode(file);
  change(envelope);
  return `${LICENSE_FILE_BEGIN}\n${Buffer.from(JSON.stringify(envelope)).toString("base64")}\n${LICENSE_FILE_END}\n`;
}

const reasonOf = async (file: string, options: { now?: Date; keys?: Jwks } = {}) => {
  const result = await verifyLicenseFile(file, options.keys ?? keySet(), { now: options.now ?? new Date(now.getTime() + DAY) });
  return result.ok ? "ok" : result.reason;
};

async function licenseWithContent(values: { expires_at?: string; max_usage?: number } = {}) {
  const license = await createLicense(owner.id, { name: "Course bundle", ...values });
  await addLicenseContent(owner.id, license.id, {
    content_type: "video",
    content_id: "course-1",
    download_url: "https://cdn.example.com/course-1.mp4",
    access_url: null,
    api_endpoint: null,
  });
  return license;
}

describe("license files", () => {
  it("are a signed, wrapped envelope the public key alone verifies, stating the license and its content", async () => {
    const license = await licenseWithContent({ max_usage: 100 });
    const issued = await issueLicenseFile(owner.id, license.id, undefined, { now });
    expect(issued.license_file.startsWith(`${LICENSE_FILE_BEGIN}\n`)).toBe(true);
    expect(issued.license_file.endsWith(`\n${LICENSE_FILE_END}\n`)).toBe(true);
    const lines = issued.license_file.trim().split("\n").slice(1, -1);
    expect(lines.every((line) => line.length <= 64 && /^[A-Za-z0-9+/=]+$/.test(line))).toBe(true);
    expect(decode(issued.license_file).envelope).toMatchObject({ alg: "base64+ed25519", kid: signingKeys().current.jwk.kid });

    const verified = await verifyLicenseFile(issued.license_file, keySet(), { now: new Date(now.getTime() + DAY) });
    expect(verified).toEqual({
      ok: true,
      kid: signingKeys().current.jwk.kid,
      payload: {
        license: {
          key: license.licenseKey,
          name: "Course bundle",
          status: "active",
          max_verifications: 100,
          expires_at: null,
          content: [
            {
              content_type: "video",
              content_id: "course-1",
              download_url: "https://cdn.example.com/course-1.mp4",
              access_url: null,
              api_endpoint: null,
            },
          ],
        },
        issued_at: now.toISOString(),
        expires_at: new Date(now.getTime() + 30 * DAY).toISOString(),
      },
    });
    expect(issued).toMatchObject({ issued_at: now.toISOString(), expires_at: new Date(now.getTime() + 30 * DAY).toISOString() });
    // Issuing counts no use.
    expect((await db.license.findUniqueOrThrow({ where: { id: license.id } })).usageCount).toBe(0);
  });

  it("last their ttl, capped by the license's own expiry", async () => {
    const license = await licenseWithContent({ expires_at: new Date(now.getTime() + 10 * DAY).toISOString() });
    expect((await issueLicenseFile(owner.id, license.id, 3600, { now })).expires_at).toBe(
      new Date(now.getTime() + 3600_000).toISOString(),
    );
    expect((await issueLicenseFile(owner.id, license.id, undefined, { now })).expires_at).toBe(
      new Date(now.getTime() + 10 * DAY).toISOString(),
    );
  });

  it("state a used-up license as usage_exceeded", async () => {
    const license = await licenseWithContent({ max_usage: 1 });
    await db.license.update({ where: { id: license.id }, data: { usageCount: 1 } });
    const issued = await issueLicenseFile(owner.id, license.id, undefined, { now });
    expect(decode(issued.license_file).payload.license.status).toBe("usage_exceeded");
  });

  it("are refused for another user's license (not found), a deactivated one and an expired one", async () => {
    const license = await licenseWithContent();
    const stranger = await createTestUser();
    await expect(issueLicenseFile(stranger.id, license.id, undefined, { now })).rejects.toMatchObject({ code: "not_found" });
    const expired = await licenseWithContent({ expires_at: new Date(now.getTime() - 1000).toISOString() });
    await expect(issueLicenseFile(owner.id, expired.id, undefined, { now })).rejects.toMatchObject({ code: "license_expired" });
    // A file issued before the deactivation stays valid until its own expiry; no new one is issued.
    const before = await issueLicenseFile(owner.id, license.id, undefined, { now });
    await deactivateLicense(owner.id, license.id);
    const refusal = issueLicenseFile(owner.id, license.id, undefined, { now });
    await expect(refusal).rejects.toBeInstanceOf(AppError);
    await expect(refusal).rejects.toMatchObject({ code: "license_inactive" });
    expect(await reasonOf(before.license_file)).toBe("ok");
  });

  it("take a ttl from an hour to a year", () => {
    expect(licenseFileRequestSchema.parse({})).toEqual({});
    expect(licenseFileRequestSchema.parse({ ttl: 3600 }).ttl).toBe(3600);
    expect(licenseFileRequestSchema.safeParse({ ttl: 3599 }).error?.issues[0]?.message).toBe(
      "ttl must be at least 3600 seconds (an hour).",
    );
    expect(licenseFileRequestSchema.safeParse({ ttl: LICENSE_FILE_TTL_SECONDS.max + 1 }).success).toBe(false);
    expect(licenseFileRequestSchema.safeParse({ ttl: 86400.5 }).success).toBe(false);
  });

  describe("verification refuses", () => {
    let file: string;
    beforeAll(async () => {
      file = (await issueLicenseFile(owner.id, (await licenseWithContent()).id, undefined, { now })).license_file;
    });

    it("a changed expiry, even re-encoded properly", async () => {
      const extended = reencode(file, (envelope) => {
        const payload = JSON.parse(Buffer.from(envelope.enc as string, "base64").toString("utf8"));
        payload.expires_at = "2099-01-01T00:00:00.000Z";
        envelope.enc = Buffer.from(JSON.stringify(payload)).toString("base64");
      });
      expect(await reasonOf(extended)).toBe("bad_signature");
    });

    it("a changed byte of the payload or of the signature", async () => {
      const flip = (text: string) =>
        text[20] === "A" ? `${text.slice(0, 20)}B${text.slice(21)}` : `${text.slice(0, 20)}A${text.slice(21)}`;
      expect(await reasonOf(reencode(file, (envelope) => (envelope.enc = flip(envelope.enc as string))))).toBe("bad_signature");
      expect(await reasonOf(reencode(file, (envelope) => (envelope.sig = flip(envelope.sig as string))))).toBe("bad_signature");
    });

    it("a file past its expiry", async () => {
      expect(await reasonOf(file, { now: new Date(now.getTime() + 30 * DAY - 1) })).toBe("ok");
      expect(await reasonOf(file, { now: new Date(now.getTime() + 30 * DAY) })).toBe("expired");
    });

    it("another key, a rotated-out key past its expiry, another algorithm, and anything not a license file", async () => {
      const other: SigningKey = signingKeySet(generateKeyPairSync("ed25519").privateKey).current;
      expect(await reasonOf(file, { keys: { keys: [other.jwk] } })).toBe("unknown_key");
      const rotatedOut = { keys: [other.jwk, { ...signingKeys().current.jwk, exp: now.getTime() / 1000 + 3600 }] };
      expect(await reasonOf(file, { keys: rotatedOut, now: new Date(now.getTime() + 1000) })).toBe("ok");
      expect(await reasonOf(file, { keys: rotatedOut, now: new Date(now.getTime() + 3601_000) })).toBe("key_expired");
      expect(await reasonOf(reencode(file, (envelope) => (envelope.alg = "base64+rsa-pss-sha256")))).toBe(
        "unsupported_algorithm",
      );
      expect(await reasonOf(file.replace(LICENSE_FILE_END, ""))).toBe("malformed");
      expect(await reasonOf(`${LICENSE_FILE_BEGIN}\n!!!\n${LICENSE_FILE_END}\n`)).toBe("malformed");
    });
  });
});

describe("the license file format as the contract documents it", () => {
  it("is what an issued file holds: its envelope and payload match the documented schemas", async () => {
    const license = await createLicense(owner.id, { name: "Documented", max_usage: 3 });
    await addLicenseContent(owner.id, license.id, {
      content_type: "ebook",
      content_id: "e-9",
      download_url: null,
      access_url: "https://read.example.com/e-9",
      api_endpoint: null,
    });
    const { envelope, payload } = decode((await issueLicenseFile(owner.id, license.id)).license_file);
    expect(licenseFileEnvelopeSchema.safeParse(envelope).error).toBeUndefined();
    expect(licenseFilePayloadSchema.safeParse(payload).error).toBeUndefined();
  });
});
