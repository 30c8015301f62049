import { expect, test } from "@playwright/test";
import { generateKey, masked, openApiKeysTab } from "./support/api-keys";

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
});

test("generates a key without a description, shows it once and copies it", async ({ page }) => {
  await openApiKeysTab(page);
  const key = await generateKey(page);
  await expect(page.getByText("API key generated")).toBeVisible();

  const list = page.getByRole("list", { name: "API keys" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list.getByText(masked(key), { exact: true })).toBeVisible();
  await expect(list.getByText(/Created \w{3} \d{1,2}, \d{4} · Never used/)).toBeVisible();
  await expect(list).not.toContainText(key);

  await page.getByRole("button", { name: "Copy API key" }).click();
  await expect(page.getByText("Copied to clipboard")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
});

test("generates a key with a description, newest first, and the one-time box is gone after a reload", async ({ page }) => {
  await openApiKeysTab(page);
  const first = await generateKey(page);
  const second = await generateKey(page, "  CI runner  ");
  await expect(page.getByRole("region", { name: "Your new API key: CI runner" })).toBeVisible();
  await expect(page.getByLabel("Description (optional)")).toHaveValue("");

  const items = page.getByRole("list", { name: "API keys" }).getByRole("listitem");
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText(masked(second));
  await expect(items.nth(0)).toContainText("CI runner");
  await expect(items.nth(1)).toContainText(masked(first));

  await page.reload();
  await page.getByRole("tab", { name: "API Keys" }).click();
  await expect(items).toHaveCount(2);
  await expect(page.getByRole("region", { name: /Your new API key/ })).toHaveCount(0);
  const html = await page.content();
  expect(html).not.toContain(first);
  expect(html).not.toContain(second);
});

test("keeps the new key while the user looks at another tab, until Done", async ({ page }) => {
  await openApiKeysTab(page);
  const key = await generateKey(page);
  await page.getByRole("tab", { name: "Available Scrapers" }).click();
  await page.getByRole("tab", { name: "API Keys" }).click();
  const box = page.getByRole("region", { name: /Your new API key/ });
  await expect(box).toContainText(key);
  await box.getByRole("button", { name: "Done" }).click();
  await expect(box).toHaveCount(0);
});

test("refuses a description over 100 characters in the form", async ({ page }) => {
  await openApiKeysTab(page);
  let posted = false;
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/api/keys")) posted = true;
  });
  await page.getByLabel("Description (optional)").fill("d".repeat(101));
  await page.getByRole("button", { name: "Generate API Key" }).click();
  await expect(page.getByText("Description must be at most 100 characters.")).toBeVisible();
  await expect(page.getByLabel("Description (optional)")).toHaveAttribute("aria-invalid", "true");
  expect(posted).toBe(false);
  await expect(page.getByText("No API Keys")).toBeVisible();
});

test("shows the server's message when generating fails", async ({ page }) => {
  await openApiKeysTab(page);
  // The page still shows 24 keys when the 25th is taken elsewhere, so its own attempt meets the limit.
  for (let i = 0; i < 24; i++) expect((await page.request.post("/api/keys", { data: {} })).status()).toBe(201);
  await page.reload();
  await page.getByRole("tab", { name: "API Keys" }).click();
  await expect(page.getByText("24 of 25 keys", { exact: false })).toBeVisible();
  expect((await page.request.post("/api/keys", { data: {} })).status()).toBe(201);

  await page.getByRole("button", { name: "Generate API Key" }).click();
  await expect(page.getByText("Failed to generate API key")).toBeVisible();
  await expect(page.getByText(/You already have 25 API keys/)).toBeVisible();
  await expect(page.getByRole("region", { name: /Your new API key/ })).toHaveCount(0);
});

test("disables generating once the account holds 25 keys", async ({ page }) => {
  await openApiKeysTab(page);
  for (let i = 0; i < 24; i++) expect((await page.request.post("/api/keys", { data: {} })).status()).toBe(201);
  await page.reload();
  await page.getByRole("tab", { name: "API Keys" }).click();
  await generateKey(page);
  await expect(page.getByText("25 of 25 keys", { exact: false })).toBeVisible();
  await expect(page.getByRole("button", { name: "Generate API Key" })).toBeDisabled();
});

test("fits a phone screen with a key listed and the one-time box open", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openApiKeysTab(page);
  await generateKey(page, "A fairly long description for the production server");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
