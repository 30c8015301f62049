import { expect, test } from "@playwright/test";
import { CATALOGUE } from "@/lib/catalogue/seed-data";
import { runAnswerExample, withCookieChoice } from "./public-helpers";
import { signUp } from "./support/auth";

const NOT_FOUND_TEXT = "The scraper you're looking for doesn't exist or has been removed.";

test.beforeEach(async ({ context }) => withCookieChoice(context));

test("shows the scraper, its endpoint, usage example and response format", async ({ page, request }) => {
  const scraper = await (await request.get("/api/scrapers/1")).json();
  await page.goto("/scrapers/1");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText(scraper.name);
  await expect(main.locator("[data-variant]").first()).toHaveText("Popular");
  await expect(main.locator("[data-variant]").first()).toHaveAttribute("data-variant", "green");
  await expect(main).toContainText(scraper.description);
  // The page is kept for up to five minutes: its user count may trail the API's by the runs since then, and its
  // relative "Updated" time by the minutes since it was rendered.
  await expect(main).toContainText(/\d[\d,]* users?/);
  await expect(main).toContainText(/Updated (just now|yesterday|\d+ \w+ ago)/);
  const endpointUrl = `${new URL(page.url()).origin}/api/scrapers/1/run`;
  await expect(main.getByTestId("scraper-endpoint")).toHaveText(endpointUrl);
  const usage = main.getByRole("figure", { name: "Usage example" });
  await expect(usage).toContainText(`curl -X POST ${endpointUrl}`);
  await expect(usage).toContainText('-H "Authorization: Bearer YOUR_API_KEY"');
  await expect(usage).toContainText(`-d '{"url": "${CATALOGUE[0]?.exampleUrl}"}'`);
  const response = main.getByRole("figure", { name: "Sample response format" });
  for (const field of ['"id"', '"status": "success"', '"data"', '"title"', '"price"', '"description"', '"rating"', '"reviews"']) {
    await expect(response).toContainText(field);
  }
  expect(JSON.parse((await response.locator("pre").textContent()) ?? "null")).toEqual(await runAnswerExample(request));
  await expect(main.getByRole("link", { name: "Back to scrapers" })).toHaveAttribute("href", "/#scrapers");
});

test("a scraper that is not 'Popular' gets a blue badge", async ({ page, request }) => {
  const scrapers = (await (await request.get("/api/scrapers")).json()) as Array<{ id: number; popularity: string }>;
  const fresh = scrapers.find((scraper) => scraper.popularity !== "Popular");
  await page.goto(`/scrapers/${fresh?.id}`);
  const badge = page.getByRole("main").locator("[data-variant]").first();
  await expect(badge).toHaveText(fresh?.popularity ?? "");
  await expect(badge).toHaveAttribute("data-variant", "blue");
});

test.describe("copy endpoint", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("copies the full address and reads 'Copied!' before returning to 'Copy Endpoint'", async ({ page }) => {
    await page.goto("/scrapers/2");
    const button = page.getByRole("button", { name: "Copy Endpoint" });
    await button.click();
    await expect(page.getByRole("button", { name: "Copied!" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Endpoint copied to clipboard" })).toBeAttached();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL(page.url()).origin}/api/scrapers/2/run`);
    await expect(page.getByRole("button", { name: "Copy Endpoint" })).toBeVisible();
  });
});

test("the whole scraper is in the server's HTML, with its structured data, and the browser does not fetch it", async ({
  page,
  request,
}) => {
  const entry = CATALOGUE[2];
  const res = await request.get("/scrapers/3");
  expect(res.status()).toBe(200);
  const html = await res.text();
  for (const text of [
    entry?.name,
    entry?.description.replaceAll("'", "&#x27;"),
    "/api/scrapers/3/run",
    "Sample response format",
  ]) {
    expect(html).toContain(text);
  }
  expect(html).not.toContain('data-testid="skeleton"');
  const block = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
  expect(JSON.parse(block ?? "null")).toMatchObject({
    "@type": "SoftwareApplication",
    name: entry?.name,
    url: "/scrapers/3",
    offers: { "@type": "Offer", priceCurrency: "USD" },
  });

  const lookups: string[] = [];
  page.on("request", (req) => {
    if (new URL(req.url()).pathname.startsWith("/api/scrapers")) lookups.push(req.url());
  });
  await page.goto("/scrapers/3");
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(entry?.name ?? "");
  await expect(page.getByRole("main").getByTestId("scraper-endpoint")).toHaveText(
    `${new URL(page.url()).origin}/api/scrapers/3/run`,
  );
  expect(lookups).toEqual([]);
});

test("guests are invited to create an account or log in", async ({ page }) => {
  await page.goto("/scrapers/1");
  const actions = page.getByRole("complementary", { name: "Get started" });
  await expect(actions.getByRole("link", { name: "Create Account to Get API Key" })).toHaveAttribute("href", "/register");
  await expect(actions.getByRole("link", { name: "Log In to Use" })).toHaveAttribute("href", "/login");
  await expect(actions.getByRole("button", { name: "Run This Scraper" })).toHaveCount(0);
});

test("signed-in users see their API keys link and the run button", async ({ page }) => {
  await signUp(page);
  await page.goto("/scrapers/1");
  const actions = page.getByRole("complementary", { name: "Get started" });
  await expect(actions.getByRole("link", { name: "View your API keys" })).toHaveAttribute("href", "/dashboard");
  await expect(actions.getByRole("button", { name: "Run This Scraper" })).toBeVisible();
  await expect(actions.getByRole("link", { name: "Create Account to Get API Key" })).toHaveCount(0);
  await expect(page.getByRole("banner").getByRole("button", { name: "Logout" })).toBeVisible();
});

test.describe("Scraper Not Found", () => {
  for (const id of ["0", "-1", "abc", "1.5", "999999"]) {
    test(`for the id ${id}, with a 404`, async ({ page }) => {
      const lookups: string[] = [];
      page.on("request", (req) => {
        if (new URL(req.url()).pathname.startsWith("/api/scrapers/")) lookups.push(req.url());
      });
      const res = await page.goto(`/scrapers/${id}`);
      expect(res?.status()).toBe(404);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText("Scraper Not Found");
      await expect(main.getByText(NOT_FOUND_TEXT, { exact: true })).toBeVisible();
      await expect(main.getByRole("link", { name: "Browse All Scrapers" })).toHaveAttribute("href", "/#scrapers");
      await expect(page).toHaveTitle("Scraper Not Found | ScrapeDeck");
      // Next adds its own noindex for a not-found render, and an ISR render of a malformed id can carry it twice.
      await expect(page.locator('meta[name="robots"][content="noindex"]').first()).toBeAttached();
      // The server already answered: the browser never asks the API about an id that names nothing.
      expect(lookups).toEqual([]);
    });
  }

  test("Browse All Scrapers leads to the catalogue", async ({ page }) => {
    await page.goto("/scrapers/0");
    await page.getByRole("link", { name: "Browse All Scrapers" }).click();
    await expect(page).toHaveURL(/\/#scrapers$/);
    await expect(page.getByRole("region", { name: "Available scrapers" })).toBeInViewport();
  });
});
