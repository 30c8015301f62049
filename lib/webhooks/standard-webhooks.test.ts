// Standard Webhooks on real deliveries to a real receiver, checked with the official `standardwebhooks` verifier; the
// 24 h overlap of a secret rotation; 410 Gone disabling an address.
import { randomUUID } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETE as enableRoute } from "@/app/api/webhooks/disabled-urls/route";
import { POST as rotateSecretRoute } from "@/app/api/webhooks/secret/rotate/route";
import { GET as readSecretRoute } from "@/app/api/webhooks/secret/route";
import { db } from "@/lib/infra/db";
import { getRun } from "@/lib/runs/queries";
import { ensureInAppWorkers } from "@/lib/runs/workers";
import { callJson } from "@/test/support/requests";
import { createRunUser } from "@/test/support/runs";
import { type Delivery, startWebhookReceiver, type WebhookReceiver } from "@/test/support/webhook-receiver";
import { enqueueDeliveries, recordWebhookEvent } from "./deliveries";
import { enableWebhookUrl } from "./disabled";
import { ROTATION_OVERLAP_MS, rotateWebhookSecret, webhookSecret, webhookSigningSecrets } from "./secret";
import { verifySignature } from "./signature";
import { standardWebhookSignature } from "./standard";
import { verifyWebhook } from "./verify";

let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  ensureInAppWorkers();
});

afterAll(async () => {
  await receiver.close();
});

/** Queues one event for the user's webhook at `path` of the receiver, as a run's end does (for that run, if given). */
async function send(userId: number, path: string, runId?: number): Promise<void> {
  const event = { userId, url: `${receiver.url}${path}`, type: "run.succeeded", data: { id: randomUUID() }, runId } as const;
  await enqueueDeliveries([await db.$transaction((tx) => recordWebhookEvent(tx, event))]);
}

const deliveriesTo = (userId: number, path: string) =>
  db.webhookDelivery.findMany({ where: { userId, url: `${receiver.url}${path}` }, orderBy: { id: "asc" } });

/** What the official library makes of a delivery: its parsed payload, or the error it throws. */
function officialVerdict(secret: string, delivery: Pick<Delivery, "body" | "headers">) {
  try {
    return new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>);
  } catch (error) {
    return error as Error;
  }
}

describe("Standard Webhooks", () => {
  it("every delivery passes the official verifier, with the event's id as webhook-id on every attempt", async () => {
    const user = await createRunUser();
    const secret = await webhookSecret(user.id);
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const path = `/std/${randomUUID()}`;
    receiver.script(path, [500]);
    await send(user.id, path);
    await expect.poll(() => receiver.received(path).length, { timeout: 20_000 }).toBe(2);
    const sent = receiver.received(path);
    const eventId = JSON.parse(sent[0]?.body ?? "{}").id;
    for (const delivery of sent) {
      expect(officialVerdict(secret, delivery)).toEqual(JSON.parse(delivery.body));
      expect(delivery.headers["webhook-id"]).toBe(eventId);
      expect(delivery.headers["webhook-timestamp"]).toMatch(/^\d{10}$/);
      expect(delivery.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
      // Existing receivers keep checking ScrapeDeck-Signature as before.
      expect(verifySignature(secret, delivery.body, delivery.signature)).toBe(true);
      // The SDKs' verifier passes it too.
      expect(await verifyWebhook(delivery.body, delivery.headers as Record<string, string>, secret)).toMatchObject({
        ok: true,
        id: eventId,
      });
    }
    const first = sent[0] as Delivery;
    expect(officialVerdict(await rotateWebhookSecret((await createRunUser()).id), first)).toBeInstanceOf(Error);
    expect(officialVerdict(secret, { ...first, body: first.body.replace("run.succeeded", "run.failed") })).toBeInstanceOf(Error);
  });

  it("signs with the key the official library derives from a whsec_ secret", () => {
    const secret = `whsec_${randomUUID().replaceAll("-", "")}${randomUUID().replaceAll("-", "")}`;
    const at = 1_790_000_000;
    const body = '{"id":"evt_1"}';
    expect(standardWebhookSignature(secret, "evt_1", at, body)).toBe(
      new Webhook(secret).sign("evt_1", new Date(at * 1000), body),
    );
  });

  it("carries both secrets' signatures for 24 h after a rotation, then only the new one's", async () => {
    const user = await createRunUser();
    const before = await webhookSecret(user.id);
    const rotated = await callJson(rotateSecretRoute, {
      method: "POST",
      path: "/api/webhooks/secret/rotate",
      headers: user.keyHeaders,
    });
    const after = rotated.body.secret as string;
    expect(after).not.toBe(before);

    const path = `/rotation/${randomUUID()}`;
    await send(user.id, path);
    await expect.poll(() => receiver.received(path).length, { timeout: 20_000 }).toBe(1);
    const during = receiver.received(path)[0] as Delivery;
    expect(String(during.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(officialVerdict(after, during)).not.toBeInstanceOf(Error);
    expect(officialVerdict(before, during)).not.toBeInstanceOf(Error);
    // ScrapeDeck-Signature: the new secret only, as before this change.
    expect(verifySignature(after, during.body, during.signature)).toBe(true);
    expect(verifySignature(before, during.body, during.signature)).toBe(false);

    // A day later, as far as the stored rotation time goes.
    await db.user.update({
      where: { id: user.id },
      data: { webhookSecretRotatedAt: new Date(Date.now() - ROTATION_OVERLAP_MS) },
    });
    await send(user.id, path);
    await expect.poll(() => receiver.received(path).length, { timeout: 20_000 }).toBe(2);
    const later = receiver.received(path)[1] as Delivery;
    expect(String(later.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    expect(officialVerdict(after, later)).not.toBeInstanceOf(Error);
    expect(officialVerdict(before, later)).toBeInstanceOf(Error);
  });

  it("keeps a secret that really signed as the previous one when two rotations race", async () => {
    const user = await createRunUser();
    const first = await webhookSecret(user.id);
    const results = await Promise.all([rotateWebhookSecret(user.id), rotateWebhookSecret(user.id)]);
    const [current, previous] = await webhookSigningSecrets(user.id);
    expect(results).toContain(current);
    expect([...results, first]).toContain(previous);
    expect(previous).not.toBe(current);
    // Both were current at some point, one after the other: the loser of the race kept the winner's.
    expect(new Set([current, previous])).toEqual(new Set(results));
  });
});

describe("410 Gone", () => {
  it("disables the address for the user: no retry, later deliveries recorded as not attempted, shown by the API", async () => {
    const user = await createRunUser();
    const path = `/gone/${randomUUID()}`;
    receiver.script(path, [410]);
    await send(user.id, path);
    await expect
      .poll(async () => (await deliveriesTo(user.id, path))[0], { timeout: 20_000 })
      .toMatchObject({ attempts: 1, lastStatus: 410, nextAttemptAt: null, deliveredAt: null, urlDisabled: false });
    const [gone] = await deliveriesTo(user.id, path);

    const secret = await callJson(readSecretRoute, { path: "/api/webhooks/secret", headers: user.keyHeaders });
    expect(secret.status).toBe(200);
    expect(secret.body.disabled_urls).toEqual([
      { url: `${receiver.url}${path}`, disabled_at: expect.any(String), event_id: gone?.eventId },
    ]);

    // A later run's webhook to the same address: recorded, not attempted, and GET /api/runs/{id} says why.
    const scraper = await db.scraper.findFirstOrThrow();
    const run = await db.scraperRun.create({
      data: {
        userId: user.id,
        scraperId: scraper.id,
        url: "https://shop.example.com/p/1",
        status: "success",
        finishedAt: new Date(),
      },
    });
    await send(user.id, path, run.id);
    await expect
      .poll(async () => (await deliveriesTo(user.id, path))[1], { timeout: 20_000 })
      .toMatchObject({ attempts: 0, lastStatus: null, nextAttemptAt: null, deliveredAt: null, urlDisabled: true });
    expect(receiver.received(path)).toHaveLength(1);
    expect((await getRun(user.id, run.id)).webhook).toEqual({ attempts: 0, last_status: null, url_disabled: true });

    // Another user's webhook at the same address is theirs to keep.
    const other = await createRunUser();
    await send(other.id, path);
    await expect.poll(async () => (await deliveriesTo(other.id, path))[0]?.lastStatus, { timeout: 20_000 }).toBe(200);

    // Enabled again through the API (the other user's list is theirs: not found for them), the address gets the
    // user's next delivery.
    const enable = (caller: typeof user, url: string) =>
      callJson(enableRoute, {
        method: "DELETE",
        path: `/api/webhooks/disabled-urls?${new URLSearchParams({ url })}`,
        headers: caller.keyHeaders,
      });
    expect((await enable(other, `${receiver.url}${path}`)).status).toBe(404);
    expect((await enable(user, "")).body.code).toBe("validation_error");
    const enabled = await enable(user, `${receiver.url}${path}`);
    expect(enabled.status).toBe(200);
    expect(enabled.body).toEqual({ url: `${receiver.url}${path}`, enabled: true });
    expect((await enable(user, `${receiver.url}${path}`)).status).toBe(404);
    expect(await enableWebhookUrl(user.id, `${receiver.url}${path}`)).toBe(false);
    await send(user.id, path);
    await expect.poll(async () => (await deliveriesTo(user.id, path))[2]?.lastStatus, { timeout: 20_000 }).toBe(200);
    expect(
      (await callJson(readSecretRoute, { path: "/api/webhooks/secret", headers: user.keyHeaders })).body.disabled_urls,
    ).toEqual([]);
  });
});
