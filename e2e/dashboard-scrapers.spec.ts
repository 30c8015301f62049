import { expect, test } from "@playwright/test";
import { CATALOGUE } from "@/lib/catalogue/seed-data";
import { signUp } from "./support/auth";

test("lists each scraper's name and description with a Run Scraper link that opens its run endpoint in a new tab", async ({
  page,
}) => {
  await signUp(page);
  const scrapers = page.getByRole("list", { name: "Scrapers" }).getByRole("listitem");
  await expect(scrapers).toHaveCount(CATALOGUE.length);
  const first = scrapers.first();
  await expect(first.getByRole("heading", { name: "E-commerce Product Scraper" })).toBeVisible();
  await expect(first).toContainText("Extract product names");

  const run = first.getByRole("link", { name: /Run Scraper/ });
  await expect(run).toHaveAttribute("target", "_blank");
  const href = await run.getAttribute("href");
  expect(href).toMatch(/^\/api\/scrapers\/\d+\/run$/);
  const [popup] = await Promise.all([page.waitForEvent("popup"), run.click()]);
  await expect(popup).toHaveURL(new RegExp(`${href}$`));
});

test("marks the scraper a Free account does not include", async ({ page }) => {
  await signUp(page);
  const scrapers = page.getByRole("list", { name: "Scrapers" }).getByRole("listitem");
  await expect(scrapers).toHaveCount(CATALOGUE.length);
  const marked = scrapers.filter({ hasText: "Requires Pro" });
  await expect(marked).toHaveCount(1);
  await expect(marked).toContainText("Real Estate Listings");
});

test("shows 'No scrapers available' when the catalogue is empty", async ({ page }) => {
  // The shared e2e database always holds the seeded catalogue, so only here the answer is replaced.
  await page.route("**/api/scrapers", (route) => route.fulfill({ json: [] }));
  await signUp(page);
  await expect(page.getByText("No scrapers available")).toBeVisible();
});
