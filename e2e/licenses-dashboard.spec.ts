import { expect, test } from "@playwright/test";
import { signUp } from "./support/auth";
import { generateLicense, licenseItem, openLicensesTab, toast } from "./support/licenses";

test.beforeEach(async ({ page }) => {
  await signUp(page);
  await openLicensesTab(page);
});

test("a blank or whitespace name shows 'Missing information' and creates nothing", async ({ page }) => {
  let posted = false;
  page.on("request", (req) => {
    if (req.method() === "POST" && new URL(req.url()).pathname === "/api/licenses") posted = true;
  });
  await page.getByRole("button", { name: "Generate License" }).click();
  await expect(toast(page, "Missing information", "Please enter a license name.")).toBeVisible();
  await page.getByLabel("License name").fill("   ");
  await page.getByRole("button", { name: "Generate License" }).click();
  await expect(toast(page, "Missing information", "Please enter a license name.")).toBeVisible();
  await expect(page.getByText("No Licenses")).toBeVisible();
  expect(posted).toBe(false);
});

test("creates a license without expiry or usage limit: unlimited, no expiry sent", async ({ page }) => {
  const payload = await generateLicense(page, { name: "Open bundle" });
  expect(payload).toEqual({ name: "Open bundle", license_key: "" });
  const item = licenseItem(page, "Open bundle");
  await expect(item.getByText("Active", { exact: true })).toHaveAttribute("data-variant", "default");
  await expect(item.getByText("Usage: Unlimited")).toBeVisible();
  await expect(item.getByText(/Expires/)).toHaveCount(0);
  await expect(item.getByRole("link", { name: "Manage Content" })).toHaveAttribute("href", /^\/licenses\/\d+$/);
  await expect(page.getByLabel("License name")).toHaveValue("");
});

test("creates a license with an expiry date and a maximum usage", async ({ page }) => {
  await expect(page.getByLabel("Maximum usage (optional)")).toHaveAttribute("min", "1");
  const payload = await generateLicense(page, { name: "Course 2031", expiresOn: "2031-05-01", maxUsage: "5" });
  expect(payload).toMatchObject({ name: "Course 2031", license_key: "", max_usage: 5 });
  // The chosen day, through its end in the browser's time zone, as an ISO timestamp.
  const expiresAt = await page.evaluate(() => new Date(2031, 4, 1, 23, 59, 59, 999).toISOString());
  expect(payload.expires_at).toBe(expiresAt);
  const item = licenseItem(page, "Course 2031");
  await expect(item.getByText("Usage: 0/5 · Expires May 1, 2031")).toBeVisible();
});

test("points out a maximum usage below 1 with the server rule", async ({ page }) => {
  await page.getByLabel("License name").fill("Typo");
  await page.getByLabel("Maximum usage (optional)").fill("0");
  await page.getByRole("button", { name: "Generate License" }).click();
  await expect(page.getByText("Maximum usage must be a whole number of at least 1.")).toBeVisible();
  await expect(page.getByLabel("Maximum usage (optional)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("No Licenses")).toBeVisible();
});

test("lists licenses newest first", async ({ page }) => {
  await generateLicense(page, { name: "Older" });
  await generateLicense(page, { name: "Newer" });
  await expect(page.getByRole("list", { name: "Licenses" }).getByRole("heading")).toHaveText(["Newer", "Older"]);
});

test("deactivates and reactivates a license from the list", async ({ page }) => {
  await generateLicense(page, { name: "Toggle me" });
  const item = licenseItem(page, "Toggle me");

  await item.getByRole("button", { name: "Deactivate" }).click();
  await expect(toast(page, "License updated", "The license status has been updated successfully.")).toBeVisible();
  await expect(item.getByText("Inactive", { exact: true })).toHaveAttribute("data-variant", "destructive");
  await expect(item.getByRole("button", { name: "Deactivate" })).toHaveCount(0);

  await item.getByRole("button", { name: "Reactivate" }).click();
  await expect(item.getByText("Active", { exact: true })).toHaveAttribute("data-variant", "default");
  await expect(item.getByRole("button", { name: "Deactivate" })).toBeVisible();
  await expect(toast(page, "License updated")).toHaveCount(1);
});

test("failed creation and update show the server's message", async ({ page, context }) => {
  await generateLicense(page, { name: "Signed out soon" });
  await context.clearCookies();
  await licenseItem(page, "Signed out soon").getByRole("button", { name: "Deactivate" }).click();
  await expect(toast(page, "Error updating license", "Authentication required")).toBeVisible();
  await page.getByLabel("License name").fill("Not allowed");
  await page.getByRole("button", { name: "Generate License" }).click();
  await expect(toast(page, "Error creating license", "Authentication required")).toBeVisible();
});

test("shows a verification example that links to the API docs", async ({ page }) => {
  await expect(page.getByRole("heading", { name: "Verify a License" })).toBeVisible();
  await expect(page.getByText(/curl -X POST http:\/\/127\.0\.0\.1:\d+\/api\/verify-license/)).toBeVisible();
  const tab = page.getByRole("tabpanel", { name: "Licenses" });
  await expect(tab.getByRole("link", { name: "API documentation" })).toHaveAttribute("href", "/api-docs");
});
