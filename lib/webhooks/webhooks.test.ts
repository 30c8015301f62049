// Webhooks on the queue engine this run is configured with: the in-process queue without REDIS_URL, BullMQ (in
// this process's workers) with it. Retries wait WEBHOOK_RETRY_BASE_MS (20 ms in tests) × 2^n.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as readRun } from "@/app/api/runs/[id]/route";
import { POST as rotateSecret } from "@/app/api/webhooks/secret/rotate/route";
import { GET as readSecret } from "@/app/api/webhooks/secret/route";
import { db } from "@/lib/infra/db";
import { createRunLimits } from "@/lib/runs/limits";
import { startRunWorkers } from "@/lib/runs/workers";
import { type FixtureServer, startFixtureServer } from "@/test/support/fixture-server";
import { callJson } from "@/test/support/requests";
import { createRunUser, type RunTestUser, runScraperEndpoint } from "@/test/support/runs";
import { startWebhookReceiver, type WebhookReceiver } from "@/test/support/webhook-receiver";
import { DEFAULT_FIRST_RETRY_MS, MAX_WEBHOOK_ATTEMPTS, retryDelayMs } from "./attempts";
import { recoverWebhooks } from "./deliveries";
import { verifySignature } from "./signature";

let site: FixtureServer;
let receiver: WebhookReceiver;
let scraperId: number;

beforeAll(async () => {
  site = await startFixtureServer();
  receiver = await startWebhookReceiver();
  scraperId = (await db.scraper.findUniqueOrThrow({ where: { slug: "ecommerce-products" } })).id;
});

afterAll(async () => {
  await site.close();
  await receiver.close();
});

function submit(user: RunTestUser, body: unknown) {
  return callJson(runScraperEndpoint(createRunLimits(`test-${randomUUID()}`)), {
    method: "POST",
    path: `/api/scrapers/${scraperId}/run`,
    headers: user.keyHeaders,
    body,
    params: { id: String(scraperId) },
  });
}

const secretOf = async (user: RunTestUser) =>
  (await callJson(readSecret, { path: "/api/webhooks/secret", headers: user.keyHeaders })).body.secret;

const deliveryOf = (runId: number) => db.webhookDelivery.findFirst({ where: { runId } });

const webhookOf = async (user: RunTestUser, runId: number) =>
  (await callJson(readRun, { path: `/api/runs/${runId}`, headers: user.keyHeaders, params: { id: String(runId) } })).body.webhook;

/** A failing run (the page answers 404) with its webhook at a path of its own; its delivery once attempted. */
async function failedRunWithWebhook(user: RunTestUser, path: string) {
  const answer = await submit(user, { url: `${site.url}/status/404`, async: true, webhook_url: `${receiver.url}${path}` });
  expect(answer.status).toBe(202);
  return answer.body.id as number;
}

describe("webhooks", () => {
  it("POSTs run.succeeded with the run's GET answer, signed with the user's secret", async () => {
    const user = await createRunUser();
    const secret = await secretOf(user);
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const path = `/hooks/${randomUUID()}`;
    const answer = await submit(user, {
      url: `${site.url}/product/jsonld.html`,
      async: true,
      webhook_url: `${receiver.url}${path}`,
    });
    expect(answer.status).toBe(202);
    await expect.poll(() => receiver.received(path).length, { timeout: 20_000 }).toBe(1);
    const [event] = receiver.received(path);
    expect(verifySignature(secret, event?.body ?? "", event?.signature ?? "")).toBe(true);
    expect(verifySignature(`${secret}x`, event?.body ?? "", event?.signature ?? "")).toBe(false);
    expect(JSON.parse(event?.body ?? "{}")).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      type: "run.succeeded",
      created_at: expect.any(String),
      data: { id: answer.body.id, status: "success", item_count: 1 },
    });
    await expect
      .poll(() => webhookOf(user, answer.body.id), { timeout: 5000 })
      .toEqual({ attempts: 1, last_status: 200, url_disabled: false });
  });

  it("retries after the receiver answers 500 and records every attempt: the same event, signed each time", async () => {
    const user = await createRunUser();
    const secret = await secretOf(user);
    const path = `/retry/${randomUUID()}`;
    receiver.script(path, [500, 503]);
    const runId = await failedRunWithWebhook(user, path);
    await expect
      .poll(() => webhookOf(user, runId), { timeout: 20_000 })
      .toEqual({ attempts: 3, last_status: 200, url_disabled: false });
    const sent = receiver.received(path);
    expect(sent).toHaveLength(3);
    for (const delivery of sent) expect(verifySignature(secret, delivery.body, delivery.signature)).toBe(true);
    expect(new Set(sent.map((delivery) => JSON.parse(delivery.body).id)).size).toBe(1);
    expect(JSON.parse(sent[0]?.body ?? "{}")).toMatchObject({ type: "run.failed", data: { error: { code: "upstream_error" } } });
    expect(await deliveryOf(runId)).toMatchObject({ attempts: 3, lastStatus: 200, nextAttemptAt: null });
  });

  it("gives up after 8 attempts; by default they span more than half an hour", async () => {
    const total = Array.from({ length: MAX_WEBHOOK_ATTEMPTS - 1 }, (_, i) => retryDelayMs(i + 1)).reduce((a, b) => a + b, 0);
    expect(DEFAULT_FIRST_RETRY_MS).toBe(60_000);
    expect(total).toBe(127 * 60_000);
    const user = await createRunUser();
    const path = `/down/${randomUUID()}`;
    receiver.script(path, Array(MAX_WEBHOOK_ATTEMPTS).fill(500));
    const runId = await failedRunWithWebhook(user, path);
    await expect.poll(async () => (await deliveryOf(runId))?.attempts, { timeout: 20_000 }).toBe(MAX_WEBHOOK_ATTEMPTS);
    await expect.poll(async () => (await deliveryOf(runId))?.nextAttemptAt, { timeout: 5000 }).toBeNull();
    expect(await webhookOf(user, runId)).toEqual({ attempts: MAX_WEBHOOK_ATTEMPTS, last_status: 500, url_disabled: false });
    expect(receiver.received(path)).toHaveLength(MAX_WEBHOOK_ATTEMPTS);
  });

  it("keeps a delivery waiting for its retry through a worker restart", async () => {
    const user = await createRunUser();
    const path = `/restart/${randomUUID()}`;
    // The first attempt is held at the receiver until the workers are stopping, so its retry is the next workers'.
    receiver.script(path, ["hold", 500]);
    const runId = await failedRunWithWebhook(user, path);
    await expect.poll(() => receiver.received(path).length, { timeout: 20_000 }).toBe(1);
    const stopping = startRunWorkers().close();
    receiver.release(path);
    await stopping;
    expect(await webhookOf(user, runId)).toEqual({ attempts: 1, last_status: 500, url_disabled: false });
    startRunWorkers();
    await expect
      .poll(() => webhookOf(user, runId), { timeout: 20_000 })
      .toEqual({ attempts: 2, last_status: 200, url_disabled: false });
    expect(receiver.received(path)).toHaveLength(2);
  });

  it("re-adds a pending delivery whose job was lost (Redis or the process gone): recovery finds it in the database", async () => {
    const user = await createRunUser();
    const secret = await secretOf(user);
    const path = `/lost/${randomUUID()}`;
    const payload = JSON.stringify({
      id: `evt_${randomUUID()}`,
      type: "batch.completed",
      created_at: new Date().toISOString(),
      data: {},
    });
    // What a delivery looks like after a failed first attempt whose retry job is gone: due, with no job anywhere.
    const delivery = await db.webhookDelivery.create({
      data: {
        userId: user.id,
        eventId: JSON.parse(payload).id,
        type: "batch.completed",
        url: `${receiver.url}${path}`,
        payload,
        attempts: 1,
        lastStatus: 500,
        nextAttemptAt: new Date(Date.now() - 1000),
      },
    });
    expect(await recoverWebhooks({ overdueByMs: 0 })).toBeGreaterThanOrEqual(1);
    await expect
      .poll(async () => db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } }), { timeout: 20_000 })
      .toMatchObject({ attempts: 2, lastStatus: 200, nextAttemptAt: null });
    const [sent] = receiver.received(path);
    expect(sent?.body).toBe(payload);
    expect(verifySignature(secret, sent?.body ?? "", sent?.signature ?? "")).toBe(true);
  });

  it("refuses a private webhook address with 422, queueing nothing", async () => {
    const user = await createRunUser();
    const answer = await submit(user, {
      url: `${site.url}/product/jsonld.html`,
      async: true,
      webhook_url: "http://10.0.0.7/hook",
    });
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe("blocked_webhook_url");
    expect(await db.scraperRun.count({ where: { userId: user.id } })).toBe(0);
  });

  it("rotates the secret", async () => {
    const user = await createRunUser();
    const before = await secretOf(user);
    const rotated = await callJson(rotateSecret, {
      method: "POST",
      path: "/api/webhooks/secret/rotate",
      headers: user.keyHeaders,
    });
    expect(rotated.body.secret).not.toBe(before);
    expect(await secretOf(user)).toBe(rotated.body.secret);
  });
});
