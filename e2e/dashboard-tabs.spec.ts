import { expect, test } from "@playwright/test";
import { signUp } from "./support/auth";
import { holdRequests } from "./support/network";

test("shows the plan and this month's usage above four tabs, Available Scrapers first", async ({ page }) => {
  await signUp(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  const usage = page.getByRole("region", { name: "Plan and usage" });
  await expect(usage).toContainText("Free");
  await expect(usage).toContainText("0 / 100");
  await expect(usage).toContainText("10 requests/minute");
  await expect(usage.getByRole("progressbar", { name: "Monthly quota used" })).toHaveAttribute("aria-valuenow", "0");

  const tabs = page.getByRole("tab");
  await expect(tabs).toHaveText(["Available Scrapers", "API Keys", "Licenses", "Monitors"]);
  await expect(page.getByRole("tab", { name: "Available Scrapers" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel")).toContainText("Available Scrapers");

  await page.getByRole("tab", { name: "API Keys" }).click();
  await expect(page.getByRole("tab", { name: "API Keys" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel")).toContainText("No API Keys");
  await expect(page.getByRole("tabpanel").getByRole("link", { name: "API documentation" })).toHaveAttribute("href", "/api-docs");

  await page.getByRole("tab", { name: "Licenses" }).click();
  await expect(page.getByRole("tab", { name: "Licenses" })).toHaveAttribute("aria-selected", "true");
});

test("shows skeletons while the usage, scrapers and keys load", async ({ page }) => {
  const releaseUsage = await holdRequests(page, "**/api/usage");
  const releaseScrapers = await holdRequests(page, "**/api/scrapers");
  await signUp(page);
  await expect(page.getByRole("status").filter({ hasText: "Loading usage" })).toBeAttached();
  await expect(page.getByRole("status").filter({ hasText: "Loading scrapers" }).getByTestId("skeleton")).toHaveCount(6);
  releaseUsage();
  releaseScrapers();
  await expect(page.getByRole("region", { name: "Plan and usage" })).toContainText("0 / 100");
  await expect(page.getByRole("status").filter({ hasText: "Loading scrapers" })).toHaveCount(0);

  const releaseKeys = await holdRequests(page, "**/api/keys");
  await page.getByRole("tab", { name: "API Keys" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Loading API keys" }).getByTestId("skeleton")).toHaveCount(3);
  releaseKeys();
  await expect(page.getByText("No API Keys")).toBeVisible();
  await expect(page.getByTestId("skeleton")).toHaveCount(0);
});

test("sends signed-out visitors to the login page", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login/);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the tabs are in the first screen, under a compact plan and usage line", async ({ page }) => {
    await signUp(page);
    await expect(page.getByRole("region", { name: "Plan and usage" })).toContainText("0 / 100");
    await expect(page.getByRole("region", { name: "Recent runs" })).toContainText("No runs yet");
    for (const tab of await page.getByRole("tab").all()) {
      const box = await tab.boundingBox();
      expect(box && box.y + box.height).toBeLessThanOrEqual(844);
    }
    const summary = await page.getByRole("region", { name: "Plan and usage" }).boundingBox();
    // A compact line, wrapped to a few short ones on a phone, not the four-card panel it was.
    expect(summary?.height).toBeLessThanOrEqual(180);
  });
});
