import { expect, type Locator, test } from "@playwright/test";
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
  // Six page loads: on a loaded machine it needs more than the default 30 s.
  test.slow();
  await page.goto("/api-docs");
  await expect(page.getByTestId("api-base-url")).toHaveText(`${OTHER_HOST_URL}/api/`);
  await page.goto("/scrapers/2");
  await expect(page.getByTestId("scraper-endpoint")).toHaveText(`${OTHER_HOST_URL}/api/scrapers/2/run`);
  await page.goto("/");
  await expect(page.getByRole("figure", { name: "Example request" })).toContainText(`curl -X POST ${OTHER_HOST_URL}/api/`);

  // Page metadata too, though the pages were rendered at build time: the canonical link, og:url and og:image.
  // Absolute, on this host (Next writes the home page's without its trailing slash, so they are compared parsed).
  const absolute = async (locator: Locator, attribute: string) => {
    const value = (await locator.getAttribute(attribute)) ?? "";
    expect(value.startsWith(OTHER_HOST_URL)).toBe(true);
    return new URL(value).toString();
  };
  for (const path of ["/", "/api-docs", "/scrapers/2"]) {
    await page.goto(path);
    const canonical = page.locator('link[rel="canonical"]');
    await expect(canonical).toHaveCount(1);
    expect(await absolute(canonical, "href")).toBe(new URL(path, OTHER_HOST_URL).toString());
    expect(await absolute(page.locator('meta[property="og:url"]'), "content")).toBe(new URL(path, OTHER_HOST_URL).toString());
    expect(await absolute(page.locator('meta[property="og:image"]'), "content")).toMatch(/\/opengraph-image/);
  }

  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`<loc>${OTHER_HOST_URL}/api-docs</loc>`);
  expect(await (await request.get("/robots.txt")).text()).toContain(`Sitemap: ${OTHER_HOST_URL}/sitemap.xml`);
});
