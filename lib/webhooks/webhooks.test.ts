import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScraperEndpoint } from "@/app/api/scrapers/[id]/run/endpoint";
import { POST as rotateSecret } from "@/app/api/webhooks/secret/rotate/route";
import { GET as readSecret } from "@/app/api/webhooks/secret/route";
import { db } from "@/lib/db";
import { createRunLimits } from "@/lib/runs/limits";
import { type FixtureServer, startFixtureServer } from "@/test/support/fixture-server";
import { callJson } from "@/test/support/requests";
import { createRunUser, type RunTestUser } from "@/test/support/runs";
import { retryDelayMs } from "./attempts";
import { deliverDueWebhooks } from "./deliveries";
import { SIGNATURE_HEADER, verifySignature } from "./signature";

interface Received {
  body: string;
  signature: string;
}

let site: FixtureServer;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
/** Statuses the receiver answers with, in turn; 200 once used up. */
const answers: number[] = [];
let scraperId: number;

beforeAll(async () => {
  site = await startFixtureServer();
  scraperId = (await db.scraper.findUniqueOrThrow({ where: { slug: "ecommerce-products" } })).id;
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push({ body, signature: String(req.headers[SIGNATURE_HEADER.toLowerCase()]) });
      res.writeHead(answers.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await site.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
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

describe("webhooks", () => {
  it("POSTs run.succeeded with the run's GET answer, signed with the user's secret", async () => {
    const user = await createRunUser();
    const secret = await secretOf(user);
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const hook = `${receiverUrl}/hooks/${randomUUID()}`;
    const answer = await submit(user, { url: `${site.url}/product/jsonld.html`, async: true, webhook_url: hook });
    expect(answer.status).toBe(202);
    await expect.poll(() => received.find((r) => r.body.includes(`"id":${answer.body.id},`)), { timeout: 20_000 }).toBeTruthy();
    const event = received.find((r) => r.body.includes(`"id":${answer.body.id},`)) as Received;
    expect(verifySignature(secret, event.body, event.signature)).toBe(true);
    expect(verifySignature(`${secret}x`, event.body, event.signature)).toBe(false);
    expect(JSON.parse(event.body)).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      type: "run.succeeded",
      created_at: expect.any(String),
      data: { id: answer.body.id, status: "success", item_count: 1 },
    });
    await expect
      .poll(async () => (await db.webhookDelivery.findFirst({ where: { runId: answer.body.id } }))?.lastStatus, { timeout: 5000 })
      .toBe(200);
  });

  it("retries after the receiver answers 500, on the backoff schedule, and records every attempt", async () => {
    const user = await createRunUser();
    answers.push(500);
    const answer = await submit(user, { url: `${site.url}/status/404`, async: true, webhook_url: `${receiverUrl}/retry` });
    await expect
      .poll(async () => (await db.webhookDelivery.findFirst({ where: { runId: answer.body.id } }))?.lastStatus, {
        timeout: 20_000,
      })
      .toBe(500);
    const pending = await db.webhookDelivery.findFirstOrThrow({ where: { runId: answer.body.id } });
    expect(pending.attempts).toBe(1);
    expect(pending.nextAttemptAt?.getTime()).toBeGreaterThan(Date.now() + retryDelayMs(1) - 5000);
    // Not due yet: nothing is sent.
    await deliverDueWebhooks();
    expect((await db.webhookDelivery.findUniqueOrThrow({ where: { id: pending.id } })).attempts).toBe(1);
    // Once due (a minute on), the retry goes out and succeeds.
    await deliverDueWebhooks(new Date(Date.now() + retryDelayMs(1) + 1000));
    const delivered = await db.webhookDelivery.findUniqueOrThrow({ where: { id: pending.id } });
    expect(delivered).toMatchObject({ attempts: 2, lastStatus: 200, nextAttemptAt: null });
    expect(JSON.parse(received.at(-1)?.body ?? "{}")).toMatchObject({
      type: "run.failed",
      data: { error: { code: "upstream_error" } },
    });
    const run = await callJson((await import("@/app/api/runs/[id]/route")).GET, {
      path: `/api/runs/${answer.body.id}`,
      headers: user.keyHeaders,
      params: { id: String(answer.body.id) },
    });
    expect(run.body.webhook).toEqual({ attempts: 2, last_status: 200 });
  });

  it("gives up after 8 attempts over more than half an hour", () => {
    const total = Array.from({ length: 7 }, (_, i) => retryDelayMs(i + 1)).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(30 * 60_000);
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
