// Checks with real runs: the scraper runs on every URL as ordinary runs on behalf of the monitor (no API key, origin
// monitor/<id>, counted in the quota), against a local shop page whose price the test changes between checks.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planOf } from "@/lib/config/plans";
import { db } from "@/lib/infra/db";
import type { ScheduleTick } from "@/lib/infra/jobs/schedules";
import { ensureInAppWorkers } from "@/lib/runs/workers";
import { usageMonth } from "@/lib/usage/summary";
import { createRunUser, type RunTestUser } from "@/test/support/runs";
import { scrapeMonitorUrls } from "./check-runs";
import { type MonitorTickData, runCheck } from "./checks";
import { createMonitor, MONITORS_QUEUE } from "./monitors";

let server: Server;
let base: string;
/** The shop's price, as the page shows it. */
let price = "19.90";

function productPage(sku: string) {
  const product = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: `Headphones ${sku}`,
    sku,
    offers: { "@type": "Offer", price, priceCurrency: "EUR", availability: "https://schema.org/InStock" },
  };
  return `<!doctype html><html><head><title>Headphones ${sku}</title><script type="application/ld+json">${JSON.stringify(product)}</script></head><body><h1>Headphones ${sku}</h1><p>€${price}</p></body></html>`;
}

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url?.startsWith("/missing")) {
      response.writeHead(404, { "content-type": "text/html" }).end("<html><body>gone</body></html>");
      return;
    }
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(productPage(request.url?.slice(1) ?? "x"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ensureInAppWorkers();
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const tick = (monitorId: number): ScheduleTick<MonitorTickData> => ({
  queue: MONITORS_QUEUE,
  scheduleId: String(monitorId),
  data: { monitorId },
  dueAt: new Date(),
  manual: true,
});

async function monitorOf(user: RunTestUser, urls: string[]) {
  const scraperId = (await db.scraper.findUniqueOrThrow({ where: { slug: "ecommerce-products" } })).id;
  const { plan } = await db.user.findUniqueOrThrow({ where: { id: user.id } });
  return createMonitor(user.id, planOf(plan), {
    name: "Shop",
    scraper_id: scraperId,
    urls,
    schedule: { cron: "0 3 1 1 *", timezone: "UTC" },
    failure_threshold: 3,
    enabled: true,
  });
}

const lastCheck = async (monitorId: number) => {
  const check = await db.monitorCheck.findFirstOrThrow({ where: { monitorId }, orderBy: { id: "desc" } });
  return { ...check, results: JSON.parse(check.results ?? "[]") };
};

describe("a check's runs", () => {
  it("runs every URL as an ordinary run of the monitor's, and finds the price change", async () => {
    const user = await createRunUser("pro");
    const monitor = await monitorOf(user, [`${base}/SKU-1`, `${base}/missing`]);
    price = "19.90";
    await runCheck(tick(monitor.id), scrapeMonitorUrls);
    const first = await lastCheck(monitor.id);
    expect(first.status).toBe("new");
    expect(first.results.map((url: { status: string }) => url.status)).toEqual(["new", "failed"]);
    expect(first.results[0].price).toBe(19.9);
    expect(first.results[1].error.code).toBe("upstream_error");

    const runs = await db.scraperRun.findMany({ where: { userId: user.id }, orderBy: { id: "asc" } });
    expect(runs.map((run) => [run.url, run.status, run.apiKeyId, run.originKind, run.originId])).toEqual([
      [`${base}/SKU-1`, "success", null, "monitor", monitor.id],
      [`${base}/missing`, "failed", null, "monitor", monitor.id],
    ]);
    expect(first.results[0].run_id).toBe(runs[0]?.id);
    // Only the successful run counts.
    expect((await db.monthlyUsage.findFirst({ where: { userId: user.id, month: usageMonth() } }))?.successfulRuns).toBe(1);

    price = "17.50";
    await runCheck(tick(monitor.id), scrapeMonitorUrls);
    const second = await lastCheck(monitor.id);
    expect(second.status).toBe("changed");
    const [changed] = second.results[0].items.changes;
    expect(changed.kind).toBe("changed");
    expect(changed.changes).toContainEqual({ field: "price", before: 19.9, after: 17.5 });
  });

  it("is skipped_quota with no run started when the month's quota is used up", async () => {
    const user = await createRunUser("free");
    const monitor = await monitorOf(user, [`${base}/SKU-2`]);
    await db.monthlyUsage.upsert({
      where: { userId_month: { userId: user.id, month: usageMonth() } },
      create: { userId: user.id, month: usageMonth(), successfulRuns: 100 },
      update: { successfulRuns: 100 },
    });
    await runCheck(tick(monitor.id), scrapeMonitorUrls);
    expect((await lastCheck(monitor.id)).status).toBe("skipped_quota");
    expect(await db.scraperRun.count({ where: { userId: user.id } })).toBe(0);
  });
});
