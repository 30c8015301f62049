import { expect, test } from "@playwright/test";
import { type FixtureServer, startFixtureServer } from "../test/support/fixture-server";
import { signUp } from "./support/auth";

// The app fetches this local site because the e2e server runs with SCRAPER_ALLOW_LOOPBACK.
let site: FixtureServer;

test.beforeAll(async () => {
  site = await startFixtureServer();
});

test.afterAll(async () => {
  await site.close();
});

test("runs made through the API show in the dashboard's usage summary and recent runs", async ({ page, request }) => {
  await signUp(page);
  const recentRuns = page.getByRole("region", { name: "Recent runs" });
  await expect(recentRuns.getByText("No runs yet")).toBeVisible();

  // A key made with the browser's session, then used the way a customer's program uses it: no cookies.
  const created = await page.request.post("/api/keys", { data: { description: "e2e runs" } });
  expect(created.status()).toBe(201);
  const { key } = await created.json();
  const scrapers: Array<{ id: number; name: string }> = await (await request.get("/api/scrapers")).json();
  const product = scrapers.find((scraper) => scraper.name === "E-commerce Product Scraper");
  expect(product).toBeDefined();
  const runScraper = (url: string) =>
    request.post(`/api/scrapers/${product?.id}/run`, { headers: { authorization: `Bearer ${key}` }, data: { url } });

  const success = await runScraper(`${site.url}/product/jsonld.html`);
  expect(success.status()).toBe(200);
  expect(success.headers()["x-ratelimit-limit"]).toBe("10");
  expect((await success.json()).data[0].title).toBe("Sonora Pro Wireless Headphones");
  const failure = await runScraper(`${site.url}/status/404`);
  expect(failure.status()).toBe(502);
  const failureMessage: string = (await failure.json()).message;

  await page.reload();
  const usage = page.getByRole("region", { name: "Plan and usage" });
  await expect(usage.getByRole("progressbar", { name: "Monthly quota used" })).toHaveAttribute("aria-valuenow", "1");
  await expect(usage.getByText("1 / 100")).toBeVisible();

  const runs = recentRuns.getByRole("listitem");
  await expect(runs).toHaveCount(2);
  const [failedRun, successfulRun] = [runs.nth(0), runs.nth(1)];
  await expect(failedRun.getByText("E-commerce Product Scraper")).toBeVisible();
  await expect(failedRun.getByText("Failed", { exact: true })).toBeVisible();
  await expect(failedRun.getByText(failureMessage)).toBeVisible();
  await expect(failedRun.getByText(`${site.url}/status/404`)).toBeVisible();
  await expect(failedRun.getByText(/^0 items · \d+ ms · just now$/)).toBeVisible();
  await expect(successfulRun.getByText("Success", { exact: true })).toBeVisible();
  await expect(successfulRun.getByText(`${site.url}/product/jsonld.html`)).toBeVisible();
  await expect(successfulRun.getByText(/^1 item · [\d.]+ m?s · just now$/)).toBeVisible();
});

test("an async run shows as queued or running, then as a success after Refresh", async ({ page, request }) => {
  // The run's page answers after 10 s, so it is still under way when the reloaded dashboard lists it, however slowly
  // a loaded machine reloads (with 4 s, CI once saw it already succeeded).
  test.setTimeout(60_000);
  await signUp(page);
  const created = await page.request.post("/api/keys", { data: { description: "e2e async" } });
  const { key } = await created.json();
  const scrapers: Array<{ id: number; name: string }> = await (await request.get("/api/scrapers")).json();
  const product = scrapers.find((scraper) => scraper.name === "E-commerce Product Scraper");
  const accepted = await request.post(`/api/scrapers/${product?.id}/run`, {
    headers: { authorization: `Bearer ${key}` },
    data: { url: `${site.url}/slow?ms=10000`, async: true },
  });
  expect(accepted.status()).toBe(202);
  const { id, status_url } = await accepted.json();
  expect(status_url).toContain(`/api/runs/${id}`);

  await page.reload();
  const recentRuns = page.getByRole("region", { name: "Recent runs" });
  await expect(
    recentRuns
      .getByRole("listitem")
      .first()
      .getByText(/^(Queued|Running)$/),
  ).toBeVisible();
  await expect
    .poll(
      async () => (await (await request.get(`/api/runs/${id}`, { headers: { authorization: `Bearer ${key}` } })).json()).status,
      {
        timeout: 30_000,
      },
    )
    .toBe("success");
  await recentRuns.getByRole("button", { name: "Refresh" }).click();
  await expect(recentRuns.getByRole("listitem").first().getByText("Success", { exact: true })).toBeVisible();
});

test("a running run cancelled through the API shows as Cancelled after Refresh, and its quota is back", async ({
  page,
  request,
}) => {
  await signUp(page);
  const { key } = await (await page.request.post("/api/keys", { data: { description: "e2e cancel" } })).json();
  const auth = { authorization: `Bearer ${key}` };
  const scrapers: Array<{ id: number; name: string }> = await (await request.get("/api/scrapers")).json();
  const product = scrapers.find((scraper) => scraper.name === "E-commerce Product Scraper");
  const accepted = await request.post(`/api/scrapers/${product?.id}/run`, {
    headers: auth,
    data: { url: `${site.url}/slow?ms=30000`, async: true },
  });
  const { id } = await accepted.json();
  await expect
    .poll(async () => (await (await request.get(`/api/runs/${id}`, { headers: auth })).json()).status, { timeout: 20_000 })
    .toBe("running");
  // Signed up with no runs, the dashboard showed no Recent runs card yet: a reload brings it, with this run.
  await page.reload();
  const recentRuns = page.getByRole("region", { name: "Recent runs" });
  await expect(recentRuns.getByRole("listitem").first().getByText("Running", { exact: true })).toBeVisible();

  const cancelled = await request.delete(`/api/runs/${id}`, { headers: auth });
  expect(cancelled.status()).toBe(200);
  expect((await cancelled.json()).status).toBe("cancelled");
  await recentRuns.getByRole("button", { name: "Refresh" }).click();
  await expect(recentRuns.getByRole("listitem").first().getByText("Cancelled", { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("region", { name: "Plan and usage" }).getByText("0 / 100")).toBeVisible();
});
