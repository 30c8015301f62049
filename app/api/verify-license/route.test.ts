import { createHash, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { env } from "@/lib/infra/env";
import { jwks } from "@/lib/infra/signing/keys";
import { verifySignedResponse } from "@/lib/infra/signing/verify";
import { generateLicenseKey } from "@/lib/licenses/key";
import { addLicenseContent, createLicense } from "@/lib/licenses/licenses";
import type { CreateLicenseInput } from "@/lib/licenses/schemas";
import { verifyLicenseAnswer } from "@/lib/licenses/signed-answer";
import { servedBothWays } from "@/test/support/fast-path";
import { callHandler, callJson, callRoute } from "@/test/support/requests";
import { createTestUser, type TestUser } from "@/test/support/users";
import * as route from "./route";

let owner: TestUser;
beforeAll(async () => {
  owner = await createTestUser();
});

const DAY = 24 * 60 * 60 * 1000;
const usageOf = async (id: number) => (await db.license.findUniqueOrThrow({ where: { id } })).usageCount;

async function license(input: Partial<CreateLicenseInput> = {}, changes: { isActive?: boolean; usageCount?: number } = {}) {
  const created = await createLicense(owner.id, { name: "Verified", ...input });
  return db.license.update({ where: { id: created.id }, data: changes });
}

describe.each(servedBothWays({ GET: route.GET, OPTIONS: route.OPTIONS, POST: route.POST }))(
  "POST /api/verify-license (%s)",
  (servedAs, { GET, OPTIONS, POST }) => {
    /** Each test verifies from its own address, so the per-IP throttle only bites where a test means it to. */
    const verify = (body: unknown, ip: string = randomUUID()) =>
      callJson(POST, { method: "POST", path: "/api/verify-license", body, headers: { "x-forwarded-for": ip } });

    it("answers valid with the content URLs and counts the use", async () => {
      const { id, licenseKey } = await license({ max_usage: 10 });
      await addLicenseContent(owner.id, id, {
        content_type: "video",
        content_id: "v1",
        download_url: "https://cdn.example.com/v1.mp4",
        access_url: null,
        api_endpoint: "https://api.example.com/v1",
      });
      await addLicenseContent(owner.id, id, {
        content_type: "ebook",
        content_id: "e1",
        download_url: null,
        access_url: "https://read.example.com/e1",
        api_endpoint: null,
      });
      const res = await verify({ license_key: licenseKey });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        valid: true,
        code: "valid",
        message: "License is valid.",
        content: ["https://cdn.example.com/v1.mp4", "https://api.example.com/v1", "https://read.example.com/e1"],
      });
      expect(await usageOf(id)).toBe(1);
    });

    it("accepts a key in lower case with surrounding spaces", async () => {
      const { id, licenseKey } = await license();
      const res = await verify({ license_key: `  ${licenseKey.toLowerCase()} ` });
      expect(res.body).toMatchObject({ valid: true, code: "valid", content: [] });
      expect(await usageOf(id)).toBe(1);
    });

    it.each([
      ["an unknown key", generateLicenseKey()],
      ["a string that is no key at all", "hello"],
    ])("answers not_found for %s", async (_case, key) => {
      const res = await verify({ license_key: key });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ valid: false, code: "not_found", message: "License key not found.", content: [] });
    });

    it("answers inactive for a deactivated license, without counting", async () => {
      const { id, licenseKey } = await license({}, { isActive: false });
      await addLicenseContent(owner.id, id, {
        content_type: "video",
        content_id: "hidden",
        download_url: "https://cdn.example.com/hidden.mp4",
        access_url: null,
        api_endpoint: null,
      });
      const res = await verify({ license_key: licenseKey });
      expect(res.body).toEqual({ valid: false, code: "inactive", message: "This license has been deactivated.", content: [] });
      expect(await usageOf(id)).toBe(0);
    });

    it("answers expired once the expiry has passed, without counting; a future expiry is valid", async () => {
      const past = await license({ expires_at: new Date(Date.now() - 1000).toISOString() });
      const res = await verify({ license_key: past.licenseKey });
      expect(res.body).toEqual({ valid: false, code: "expired", message: "This license has expired.", content: [] });
      expect(await usageOf(past.id)).toBe(0);

      const future = await license({ expires_at: new Date(Date.now() + DAY).toISOString() });
      expect((await verify({ license_key: future.licenseKey })).body.code).toBe("valid");
      expect(await usageOf(future.id)).toBe(1);
    });

    it("counts up to max_usage, then answers usage_exceeded without counting", async () => {
      const { id, licenseKey } = await license({ max_usage: 2 });
      expect((await verify({ license_key: licenseKey })).body.code).toBe("valid");
      expect((await verify({ license_key: licenseKey })).body.code).toBe("valid");
      const res = await verify({ license_key: licenseKey });
      expect(res.body).toEqual({
        valid: false,
        code: "usage_exceeded",
        message: "This license has reached its maximum usage.",
        content: [],
      });
      expect(await usageOf(id)).toBe(2);
    });

    it("checks in the order not_found, inactive, expired, usage_exceeded", async () => {
      const expired = new Date(Date.now() - DAY).toISOString();
      const everything = await license({ expires_at: expired, max_usage: 1 }, { isActive: false, usageCount: 1 });
      expect((await verify({ license_key: everything.licenseKey })).body.code).toBe("inactive");
      const expiredAndUsedUp = await license({ expires_at: expired, max_usage: 1 }, { usageCount: 1 });
      expect((await verify({ license_key: expiredAndUsedUp.licenseKey })).body.code).toBe("expired");
    });

    it("is valid again after reactivation or a raised limit", async () => {
      const { id, licenseKey } = await license({ max_usage: 1 }, { isActive: false, usageCount: 1 });
      await db.license.update({ where: { id }, data: { isActive: true } });
      expect((await verify({ license_key: licenseKey })).body.code).toBe("usage_exceeded");
      await db.license.update({ where: { id }, data: { maxUsage: 2 } });
      expect((await verify({ license_key: licenseKey })).body.code).toBe("valid");
      expect(await usageOf(id)).toBe(2);
    });

    it.each([
      ["an empty body", undefined, "validation_error"],
      ["a body without license_key", { key: "x" }, "validation_error"],
      ["an empty license_key", { license_key: "" }, "validation_error"],
      ["a non-string license_key", { license_key: 42 }, "validation_error"],
      ["a JSON array", [], "validation_error"],
      ["malformed JSON", "{license_key:", "invalid_json"],
    ])("answers 400 for %s", async (_case, body, code) => {
      const res = await verify(body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(code);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
    });

    it("needs no credentials and allows any origin", async () => {
      const { licenseKey } = await license();
      const res = await callJson(POST, {
        method: "POST",
        path: "/api/verify-license",
        body: { license_key: licenseKey },
        headers: { origin: "https://partner.example", "x-forwarded-for": randomUUID() },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("access-control-expose-headers")).toContain("Retry-After");
    });

    it("answers the CORS preflight with 204", async () => {
      const res = await callHandler(
        OPTIONS,
        new Request("http://localhost/api/verify-license", {
          method: "OPTIONS",
          headers: {
            origin: "https://partner.example",
            "access-control-request-method": "POST",
            "access-control-request-headers": "content-type",
          },
        }),
      );
      expect(res.status).toBe(204);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("access-control-allow-methods")).toContain("POST");
      expect(res.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("content-type");
      expect(res.headers.get("access-control-max-age")).toBe("86400");
    });

    it("answers with the same headers, errors included, whichever way it is served", async () => {
      const { licenseKey } = await license();
      for (const res of [await verify({ license_key: licenseKey }), await verify("{not json")]) {
        const names = [...res.headers.keys()].filter(
          (name) => !["connection", "content-length", "date", "keep-alive"].includes(name),
        );
        expect(names.sort()).toEqual(
          [
            "access-control-allow-origin",
            "access-control-expose-headers",
            "cache-control",
            "content-digest",
            "content-type",
            "signature",
            "signature-input",
            "x-ratelimit-limit",
            "x-ratelimit-remaining",
            "x-ratelimit-reset",
            "x-request-id",
          ].sort(),
        );
        expect(res.headers.get("cache-control")).toBe("no-store");
        expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      }
    });

    it("answers GET with 405 and Allow", async () => {
      const res = await callJson(GET, { method: "GET", path: "/api/verify-license" });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("POST, OPTIONS");
    });

    it(`throttles each IP to VERIFY_RATE_LIMIT_PER_MINUTE (${env.VERIFY_RATE_LIMIT_PER_MINUTE}) with 429 and Retry-After`, async () => {
      const { id, licenseKey } = await license();
      // Both ways share the throttle's counts (one process): each counts its own address.
      const ip = servedAs === "fast path" ? "203.0.113.8" : "203.0.113.7";
      const limit = env.VERIFY_RATE_LIMIT_PER_MINUTE;
      const first = await verify({ license_key: licenseKey }, ip);
      expect(first.headers.get("x-ratelimit-limit")).toBe(String(limit));
      expect(first.headers.get("x-ratelimit-remaining")).toBe(String(limit - 1));
      // Malformed calls count too: the throttle comes before the body is read.
      for (let i = 1; i < limit; i++) expect((await verify("", ip)).status).toBe(400);
      const throttled = await verify({ license_key: licenseKey }, ip);
      expect(throttled.status).toBe(429);
      expect(throttled.body.code).toBe("rate_limited");
      expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(throttled.headers.get("x-ratelimit-remaining")).toBe("0");
      expect(throttled.headers.get("access-control-allow-origin")).toBe("*");
      // Signed like every answer: a partner can tell our 429 from a proxy's.
      expect(throttled.headers.get("signature")).toMatch(/^sig1=:/);
      expect(await usageOf(id)).toBe(1);
      // The nearest proxy's entry is the caller: another client behind it is not throttled.
      expect((await verify({ license_key: licenseKey }, `${ip}, 198.51.100.1`)).status).toBe(200);
    });

    describe("signed answers", () => {
      /** The answer as a partner receives it: status, the path it asked, headers and the body's bytes. */
      async function received(body: unknown, ip: string = randomUUID()) {
        const res = await callRoute(POST, {
          method: "POST",
          path: "/api/verify-license",
          body,
          headers: { "x-forwarded-for": ip },
        });
        return {
          status: res.status,
          path: "/api/verify-license",
          headers: res.headers,
          body: new Uint8Array(await res.arrayBuffer()),
        };
      }
      const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

      it("signs valid and invalid verdicts and 400s, which the shipped verifier accepts with the key set we publish", async () => {
        const { licenseKey } = await license();
        for (const [body, status, code] of [
          [{ license_key: licenseKey }, 200, "valid"],
          [{ license_key: generateLicenseKey() }, 200, "not_found"],
          [{ license_key: "" }, 400, "validation_error"],
          ["{not json", 400, "invalid_json"],
        ] as const) {
          const answer = await received(body);
          expect(answer.status).toBe(status);
          expect(await verifySignedResponse(answer, jwks())).toEqual({ ok: true, kid: jwks().keys[0]?.kid });
          const verdict = await verifyLicenseAnswer(answer, jwks());
          if (status === 200) expect(verdict.ok && verdict.result).toMatchObject({ code });
          // Ours, but no verdict: the license check says so, with the API's code.
          else expect(verdict).toMatchObject({ ok: false, reason: "error_answer", message: expect.stringContaining(code) });
        }
      });

      it("sets Date to the signature's time, signs the bytes sent and lets a browser read the signature", async () => {
        const answer = await received({ license_key: generateLicenseKey() });
        const date = answer.headers.get("date") ?? "";
        const created = Number(/;created=(\d+);/.exec(answer.headers.get("signature-input") ?? "")?.[1]);
        expect(Date.parse(date) / 1000).toBe(created);
        expect(Math.abs(Date.now() / 1000 - created)).toBeLessThan(60);
        const digest = createHash("sha256").update(answer.body).digest("base64");
        expect(answer.headers.get("content-digest")).toBe(`sha-256=:${digest}:`);
        const exposed = answer.headers.get("access-control-expose-headers")?.split(", ") ?? [];
        expect(exposed).toEqual(expect.arrayContaining(["Signature", "Signature-Input", "Content-Digest", "Date"]));
      });

      it("echoes the nonce inside the signed body; the answer fails a check made with another nonce (a replay)", async () => {
        const { licenseKey } = await license();
        const nonce = randomUUID();
        const answer = await received({ license_key: licenseKey, nonce });
        expect(JSON.parse(text(answer.body))).toEqual({
          valid: true,
          code: "valid",
          message: "License is valid.",
          content: [],
          nonce,
        });
        expect((await verifyLicenseAnswer(answer, jwks(), { nonce })).ok).toBe(true);
        // Replayed for a later check: its signature is ours, its nonce is not the new one.
        expect(await verifyLicenseAnswer(answer, jwks(), { nonce: randomUUID() })).toMatchObject({
          ok: false,
          reason: "nonce_mismatch",
        });
        // …and an answer to a check without a nonce proves nothing about a check that sent one.
        const bare = await received({ license_key: licenseKey });
        expect(await verifyLicenseAnswer(bare, jwks(), { nonce })).toMatchObject({ ok: false, reason: "nonce_mismatch" });
      });

      it("refuses a real answer with a byte changed in its body, its signature or its Date, or read 5 minutes late", async () => {
        const answer = await received({ license_key: generateLicenseKey(), nonce: "n-1" });
        const reason = async (changed: typeof answer, options: { now?: Date } = {}) => {
          const verdict = await verifyLicenseAnswer(changed, jwks(), { nonce: "n-1", ...options });
          return verdict.ok ? "ok" : verdict.reason;
        };
        expect(await reason(answer)).toBe("ok");
        const forged = new TextEncoder().encode(text(answer.body).replace('"valid":false', '"valid":true '));
        expect(forged.length).toBe(answer.body.length);
        expect(await reason({ ...answer, body: forged })).toBe("digest_mismatch");
        const withHeader = (name: string, value: string) => {
          const headers = new Headers(answer.headers);
          headers.set(name, value);
          return { ...answer, headers };
        };
        const signature = answer.headers.get("signature") ?? "";
        const flipped = signature.slice(0, 8) + (signature[8] === "A" ? "B" : "A") + signature.slice(9);
        expect(await reason(withHeader("signature", flipped))).toBe("bad_signature");
        const date = new Date(Date.parse(answer.headers.get("date") ?? "") + 1000).toUTCString();
        expect(await reason(withHeader("date", date))).toBe("bad_signature");
        const signedAt = Date.parse(answer.headers.get("date") ?? "");
        expect(await reason(answer, { now: new Date(signedAt + 301_000) })).toBe("stale");
        expect(await reason({ ...answer, path: "/api/licenses" })).toBe("bad_signature");
      });
    });
  },
);
