import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { deliveryHeaders } from "./standard";
import { verifyWebhook } from "./verify";

// The SDKs' webhook verifier against what our sender signs (lib/webhooks/standard.ts) and what the official library
// makes; real deliveries are checked with it in standard-webhooks.test.ts.

const secretOf = () => `whsec_${randomBytes(32).toString("hex")}`;
const at = 1_795_860_000;
const now = new Date(at * 1000);
const body = JSON.stringify({ id: "evt_1", type: "run.succeeded", created_at: "2026-11-28T10:00:00.000Z", data: { id: 7 } });

async function reasonOf(
  received: { body: string; headers: Record<string, string> },
  secret: string,
  options: { now?: Date } = {},
) {
  const verdict = await verifyWebhook(received.body, received.headers, secret, { now, ...options });
  return verdict.ok ? "ok" : verdict.reason;
}

describe("verifyWebhook", () => {
  const secret = secretOf();
  const signed = { body, headers: deliveryHeaders([secret], "evt_1", body, at) };

  it("accepts a delivery we signed, returning its event, like the official library", async () => {
    expect(await verifyWebhook(body, signed.headers, secret, { now })).toEqual({
      ok: true,
      id: "evt_1",
      event: JSON.parse(body),
    });
    const official = new Webhook(secret);
    const theirs = {
      "webhook-id": "evt_1",
      "webhook-timestamp": String(at),
      "webhook-signature": official.sign("evt_1", now, body),
    };
    expect(await reasonOf({ body, headers: theirs }, secret)).toBe("ok");
    // Bytes as well as text, and a Headers object.
    expect((await verifyWebhook(new TextEncoder().encode(body), new Headers(signed.headers), secret, { now })).ok).toBe(true);
  });

  it("accepts either secret during a rotation's overlap", async () => {
    const next = secretOf();
    const both = { body, headers: deliveryHeaders([next, secret], "evt_1", body, at) };
    expect(await reasonOf(both, secret)).toBe("ok");
    expect(await reasonOf(both, next)).toBe("ok");
    expect(await reasonOf(both, secretOf())).toBe("bad_signature");
  });

  it("refuses a changed byte in the body, the signature, the id or the timestamp", async () => {
    expect(await reasonOf({ ...signed, body: body.replace("succeeded", "succeedeD") }, secret)).toBe("bad_signature");
    const signature = signed.headers["webhook-signature"] as string;
    const flipped = signature.slice(0, 5) + (signature[5] === "A" ? "B" : "A") + signature.slice(6);
    expect(await reasonOf({ body, headers: { ...signed.headers, "webhook-signature": flipped } }, secret)).toBe("bad_signature");
    expect(await reasonOf({ body, headers: { ...signed.headers, "webhook-id": "evt_2" } }, secret)).toBe("bad_signature");
    expect(await reasonOf({ body, headers: { ...signed.headers, "webhook-timestamp": String(at + 1) } }, secret)).toBe(
      "bad_signature",
    );
  });

  it("refuses a timestamp more than 5 minutes off, either way", async () => {
    expect(await reasonOf(signed, secret, { now: new Date((at + 300) * 1000) })).toBe("ok");
    expect(await reasonOf(signed, secret, { now: new Date((at + 301) * 1000) })).toBe("stale");
    expect(await reasonOf(signed, secret, { now: new Date((at - 301) * 1000) })).toBe("stale");
  });

  it("refuses another scheme's signature, missing headers and a secret that is not whsec_", async () => {
    const v2 = (signed.headers["webhook-signature"] as string).replace("v1,", "v1a,");
    expect(await reasonOf({ body, headers: { ...signed.headers, "webhook-signature": v2 } }, secret)).toBe("malformed");
    const { "webhook-id": _dropped, ...noId } = signed.headers;
    expect(await reasonOf({ body, headers: noId }, secret)).toBe("unsigned");
    expect(await reasonOf(signed, secret.replace("whsec_", ""))).toBe("malformed");
    expect(await reasonOf({ body, headers: { ...signed.headers, "webhook-timestamp": "soon" } }, secret)).toBe("malformed");
  });
});
