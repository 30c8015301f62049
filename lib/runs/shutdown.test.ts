// A process shutting down (docs/architecture.md#shutdown), on the queue engine this run is configured with and this
// process's own workers: runs still going when the grace period ends go back to the queue and run again elsewhere;
// a synchronous caller still waiting gets its 202 at once. The last test begins this process's shutdown for good.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { beginShutdown } from "@/lib/infra/lifecycle";
import { usageMonth } from "@/lib/usage/summary";
import { type HeldSite, startHeldSite } from "@/test/support/held-site";
import { createRunUser, type RunTestUser, submitRun } from "@/test/support/runs";
import { startRunWorkers } from "./workers";

let site: HeldSite;
let scraperId: number;

beforeAll(async () => {
  site = await startHeldSite();
  scraperId = (await db.scraper.findUniqueOrThrow({ where: { slug: "ecommerce-products" } })).id;
});

afterAll(async () => {
  site.release();
  await startRunWorkers().close();
  await site.close();
});

const submit = (user: RunTestUser, body: unknown) => submitRun(user, scraperId, body);

const runOf = (id: number) => db.scraperRun.findUniqueOrThrow({ where: { id } });

const quotaUsed = async (userId: number) =>
  (await db.monthlyUsage.findUnique({ where: { userId_month: { userId, month: usageMonth() } } }))?.successfulRuns ?? 0;

describe("shutting down", () => {
  it("hands a run its workers could not finish within the grace period back to the queue; the next workers run it", async () => {
    const user = await createRunUser();
    const answer = await submit(user, { url: `${site.url}/product`, async: true });
    expect(answer.status).toBe(202);
    await expect.poll(() => site.held(), { timeout: 30_000 }).toBe(1);
    expect((await runOf(answer.body.id)).status).toBe("running");

    // The page never comes within the grace period: the run is stopped and handed back, not failed.
    await startRunWorkers().close({ graceMs: 200 });
    expect(await runOf(answer.body.id)).toMatchObject({ status: "queued", startedAt: null, leaseUntil: null });
    await expect.poll(() => site.held(), { timeout: 5000 }).toBe(0);
    expect(await quotaUsed(user.id)).toBe(1);

    // Workers that start next take it from the queue and run it from the start.
    startRunWorkers();
    await expect.poll(() => site.held(), { timeout: 30_000 }).toBe(1);
    site.release();
    await expect.poll(async () => (await runOf(answer.body.id)).status, { timeout: 30_000 }).toBe("success");
    expect(await runOf(answer.body.id)).toMatchObject({ attempts: 2, itemCount: 1 });
    expect(await quotaUsed(user.id)).toBe(1);
  });

  it("answers a synchronous call still waiting 202 with its status_url as soon as the shutdown begins", async () => {
    const user = await createRunUser();
    const pending = submit(user, { url: `${site.url}/product` });
    await expect.poll(() => site.held(), { timeout: 30_000 }).toBe(1);
    beginShutdown();
    const answer = await pending;
    expect(answer.status).toBe(202);
    expect(answer.body).toMatchObject({ id: expect.any(Number), status: "running", status_url: expect.any(String) });
    // The run itself goes on: it was accepted and paid for.
    site.release();
    await expect.poll(async () => (await runOf(answer.body.id)).status, { timeout: 30_000 }).toBe("success");
  });
});
