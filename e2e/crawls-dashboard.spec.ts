import { expect, test } from "@playwright/test";
import { type CrawlSite, startCrawlSite } from "../test/support/crawl-site";
import { signUp } from "./support/auth";

// The app crawls this local site because the e2e server runs with SCRAPER_ALLOW_LOOPBACK.
let site: CrawlSite;

test.beforeAll(async () => {
  // /c asks the crawl to come back in a second, once: its row shows the retry.
  site = await startCrawlSite({ throttleOnce: ["/c"] });
});

test.afterAll(async () => {
  await site.close();
});

test("a crawl started through the API shows in the Crawls list with its progress, and its page view lists its pages", async ({
  page,
  request,
}) => {
  // A crawl of three pages is three real runs.
  test.setTimeout(120_000);
  await signUp(page);
  await page.getByRole("link", { name: "Crawls" }).click();
  await expect(page).toHaveURL(/\/dashboard\/crawls$/);
  await expect(page.getByRole("heading", { name: "Crawls", level: 1 })).toBeVisible();
  await expect(page.getByText("No crawls yet.")).toBeVisible();

  const created = await page.request.post("/api/keys", { data: { description: "e2e crawls" } });
  const { key } = await created.json();
  const scrapers: Array<{ id: number; name: string }> = await (await request.get("/api/scrapers")).json();
  const news = scrapers.find((scraper) => scraper.name === "News Article Extractor");
  const started = await request.post("/api/crawls", {
    headers: { authorization: `Bearer ${key}` },
    data: { url: `${site.url}/a`, scraper_id: news?.id, limit: 3, max_depth: 1, sitemap: "skip" },
  });
  expect(started.status()).toBe(202);
  const { id } = await started.json();
  await expect
    .poll(async () => (await (await page.request.get(`/api/crawls/${id}`)).json()).status, { timeout: 60_000 })
    .toBe("completed");

  await page.reload();
  const list = page.getByRole("list", { name: "Crawls" });
  await expect(list.getByRole("link", { name: `Crawl ${id}` })).toBeVisible();
  await expect(list).toContainText("Completed");
  await expect(list.getByRole("progressbar", { name: "Pages done" })).toHaveAttribute("aria-valuenow", "3");

  await list.getByRole("link", { name: `Crawl ${id}` }).click();
  await expect(page.getByRole("heading", { name: `Crawl ${id}` })).toBeVisible();
  const pages = page.getByRole("table", { name: "Pages" });
  await expect(pages.getByRole("row")).toHaveCount(4);
  await expect(pages).toContainText(`${site.url}/a`);
  const retriesOf = async (path: string) => {
    const row = pages.getByRole("row").filter({ hasText: `${site.url}${path}` });
    return (await row.getByRole("cell").nth(3).textContent())?.trim();
  };
  expect(await retriesOf("/c")).toBe("1");
  expect(await retriesOf("/b")).toBe("0");
});
