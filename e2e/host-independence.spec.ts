import { expect, test } from "@playwright/test";
import { OTHER_HOST_URL } from "../playwright.config";
import { withCookieChoice } from "./public-helpers";
import { collectBrowserErrors, INDEXABLE_PAGES } from "./support/console";

// The build was made for the first server's APP_URL; this server runs the same build with another one.
test.use({ baseURL: OTHER_HOST_URL });
test.beforeEach(async ({ context }) => withCookieChoice(context));

test("every public page loads on another host without a browser error (no hydration mismatch)", async ({ page }) => {
  // Several pages and accounts in one test: on a loaded machine it needs more than the default 30 s.
  test.slow();
  const errors = collectBrowserErrors(page);
  for (const path of [...INDEXABLE_PAGES, "/login", "/register"]) {
    await page.goto(path, { waitUntil: "networkidle" });
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  expect(errors).toEqual([]);
});

test("absolute addresses name the host serving the page", async ({ page, request }) => {
  await page.goto("/api-docs");
  await expect(page.getByTestId("api-base-url")).toHaveText(`${OTHER_HOST_URL}/api/`);
  await page.goto("/scrapers/2");
  await expect(page.getByTestId("scraper-endpoint")).toHaveText(`${OTHER_HOST_URL}/api/scrapers/2/run`);
  await page.goto("/");
  await expect(page.getByRole("figure", { name: "Example request" })).toContainText(`curl -X POST ${OTHER_HOST_URL}/api/`);

  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`<loc>${OTHER_HOST_URL}/api-docs</loc>`);
  expect(await (await request.get("/robots.txt")).text()).toContain(`Sitemap: ${OTHER_HOST_URL}/sitemap.xml`);
});
