import { expect, type Locator, type Page } from "@playwright/test";

export interface NewLicense {
  name: string;
  /** YYYY-MM-DD, typed into the date input. */
  expiresOn?: string;
  maxUsage?: string;
}

export async function openLicensesTab(page: Page): Promise<void> {
  if (!page.url().endsWith("/dashboard")) await page.goto("/dashboard");
  await page.getByRole("tab", { name: "Licenses" }).click();
  await expect(page.getByRole("heading", { name: "Generate License" })).toBeVisible();
}

/** The list entry of a license, found by its name. */
export function licenseItem(page: Page, name: string): Locator {
  return page
    .getByRole("list", { name: "Licenses" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name, exact: true }) });
}

/** Fills and submits the generate form on the Licenses tab; answers the JSON payload that was sent. */
export async function generateLicense(page: Page, license: NewLicense): Promise<Record<string, unknown>> {
  await page.getByLabel("License name").fill(license.name);
  if (license.expiresOn) await page.getByLabel("Expiration date (optional)").fill(license.expiresOn);
  if (license.maxUsage) await page.getByLabel("Maximum usage (optional)").fill(license.maxUsage);
  const [request] = await Promise.all([
    page.waitForRequest((req) => req.method() === "POST" && new URL(req.url()).pathname === "/api/licenses"),
    page.getByRole("button", { name: "Generate License" }).click(),
  ]);
  await expect(toast(page, "License created")).toBeVisible();
  await expect(licenseItem(page, license.name)).toBeVisible();
  return request.postDataJSON();
}

/** Creates a license through the dashboard and opens its detail page; answers its id. */
export async function createAndOpenLicense(page: Page, license: NewLicense): Promise<number> {
  await openLicensesTab(page);
  await generateLicense(page, license);
  await licenseItem(page, license.name).getByRole("link", { name: "Manage Content" }).click();
  await page.waitForURL(/\/licenses\/\d+$/);
  await expect(page.getByRole("heading", { name: license.name, level: 1 })).toBeVisible();
  return Number(new URL(page.url()).pathname.split("/").at(-1));
}

/**
 * The notice on show with that title. A replaced one can linger in the DOM for a moment, removed or hidden
 * behind the new one (the toaster shows one at a time), so only the visible one counts.
 */
export function toast(page: Page, title: string, description?: string | RegExp): Locator {
  const toastItem = page
    .locator('[data-sonner-toast][data-visible="true"]:not([data-removed="true"])')
    .filter({ hasText: title });
  return description ? toastItem.filter({ hasText: description }) : toastItem;
}
