import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { createScrapeDeck, verifyLicenseAnswer, verifyWebhook } from "../src/index";

// The SDK against a running ScrapeDeck (SCRAPEDECK_URL; npm run test:examples starts one on a fresh database, with
// PAGE_URL a page of its local fixture site): the generated client's calls, and every verifier on real answers.
const baseUrl = process.env.SCRAPEDECK_URL;
const pageUrl = process.env.PAGE_URL;

describe.skipIf(!baseUrl)("the SDK against a running app", () => {
  const anonymous = () => createScrapeDeck({ baseUrl: baseUrl as string });

  async function account() {
    const { data, error } = await anonymous().api.POST("/api/auth/register", {
      body: { email: `sdk-ts-${crypto.randomUUID()}@example.com`, password: "correct horse battery" },
    });
    if (!data) throw new Error(`register: ${JSON.stringify(error)}`);
    return createScrapeDeck({ baseUrl: baseUrl as string, credential: data.token });
  }

  it("checks a license: a signed verdict with this check's nonce, valid or not", async () => {
    const owner = await account();
    const { data: license } = await owner.api.POST("/api/licenses", { body: { name: "SDK license", max_usage: 5 } });
    if (!license) throw new Error("no license");
    const checked = await anonymous().checkLicense(license.license_key);
    expect(checked).toMatchObject({ ok: true, result: { valid: true, code: "valid" } });
    expect(checked.ok && checked.kid).toBe((await owner.keys.get()).keys[0]?.kid);
    const unknown = await anonymous().checkLicense("SDECK-0000-0000-0000-0000-0000-0000-0000-0000");
    expect(unknown).toMatchObject({ ok: true, result: { valid: false, code: "not_found" } });
  });

  it("refuses an answer replayed for another check, and a byte changed on the way", async () => {
    let captured: { status: number; headers: Headers; body: Uint8Array } | undefined;
    const recording = createScrapeDeck({
      baseUrl: baseUrl as string,
      fetch: async (input, init) => {
        const res = await fetch(input, init);
        const body = new Uint8Array(await res.clone().arrayBuffer());
        if (String(input).endsWith("/api/verify-license")) captured = { status: res.status, headers: res.headers, body };
        return res;
      },
    });
    expect((await recording.checkLicense("SDECK-0000", { nonce: "first-check" })).ok).toBe(true);
    const answer = { ...(captured as NonNullable<typeof captured>), path: "/api/verify-license" };
    const keys = await recording.keys.get();
    expect(await verifyLicenseAnswer(answer, keys, { nonce: "second-check" })).toMatchObject({
      ok: false,
      reason: "nonce_mismatch",
    });
    const text = new TextDecoder().decode(answer.body).replace('"valid":false', '"valid":true ');
    expect(
      await verifyLicenseAnswer({ ...answer, body: new TextEncoder().encode(text) }, keys, { nonce: "first-check" }),
    ).toMatchObject({
      ok: false,
      reason: "digest_mismatch",
    });
  });

  it("downloads a license file and verifies it offline; a changed expiry fails", async () => {
    const owner = await account();
    const { data: license } = await owner.api.POST("/api/licenses", { body: { name: "Offline" } });
    if (!license) throw new Error("no license");
    const { data: file, response } = await owner.api.POST("/api/licenses/{id}/file", {
      params: { path: { id: license.id } },
      body: { ttl: 3600 },
    });
    expect(response.status).toBe(201);
    if (!file) throw new Error("no file");
    const verified = await owner.verifyLicenseFile(file.license_file);
    expect(verified).toMatchObject({
      ok: true,
      kid: file.kid,
      payload: { license: { key: license.license_key, status: "active" } },
    });
    const later = new Date(Date.parse(file.expires_at) + 1000);
    expect(await owner.verifyLicenseFile(file.license_file, { now: later })).toMatchObject({ ok: false, reason: "expired" });
  });

  it.skipIf(!pageUrl)("verifies a real webhook delivery with the account's secret", async () => {
    const deliveries: { headers: IncomingHttpHeaders; body: string }[] = [];
    const receiver = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        deliveries.push({ headers: req.headers, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    try {
      const owner = await account();
      const { data: key } = await owner.api.POST("/api/keys", { body: { description: "SDK webhook" } });
      if (!key) throw new Error("no key");
      const runner = createScrapeDeck({ baseUrl: baseUrl as string, credential: key.key });
      const { data: secret } = await runner.api.GET("/api/webhooks/secret");
      const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
      const { response } = await runner.api.POST("/api/scrapers/{id}/run", {
        params: { path: { id: 1 } },
        body: { url: pageUrl as string, async: true, webhook_url: webhookUrl },
      });
      expect(response.status).toBe(202);
      await expect.poll(() => deliveries.length, { timeout: 45_000, interval: 250 }).toBeGreaterThan(0);
      const [delivery] = deliveries;
      const verified = await verifyWebhook(
        delivery?.body ?? "",
        delivery?.headers as Record<string, string>,
        secret?.secret ?? "",
      );
      expect(verified).toMatchObject({ ok: true, event: { type: "run.succeeded" } });
      expect(
        await verifyWebhook(`${delivery?.body} `, delivery?.headers as Record<string, string>, secret?.secret ?? ""),
      ).toMatchObject({
        ok: false,
        reason: "bad_signature",
      });
    } finally {
      receiver.close();
    }
  });
});
