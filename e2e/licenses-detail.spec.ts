import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import type { Jwks } from "@/lib/infra/signing/scheme";
import { verifyLicenseFile } from "@/lib/licenses/license-file-format";
import { signUp } from "./support/auth";
import { createAndOpenLicense, licenseItem, openLicensesTab, toast } from "./support/licenses";

const NOT_FOUND_TEXT = "The license you're looking for doesn't exist or you don't have permission to view it.";

test.describe("a signed-in owner", () => {
  test.beforeEach(async ({ page }) => {
    await signUp(page);
  });

  test("sees the key, status, usage and created date; no expiry when none is set", async ({ page }) => {
    await createAndOpenLicense(page, { name: "Unlimited ebook" });
    const main = page.getByRole("main");
    await expect(main.getByText("Active", { exact: true }).first()).toHaveAttribute("data-variant", "default");
    await expect(main.getByText(/^SDECK(-[0-9A-F]{4}){8}$/)).toBeVisible();
    await expect(main.getByRole("term")).toHaveText(["Status", "Usage", "Created"]);
    await expect(main.getByRole("definition")).toHaveText(["Active", "0 (Unlimited)", /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/]);
    await expect(main.getByText("No content associated")).toBeVisible();
    await expect(page).toHaveTitle(/Unlimited ebook/);
  });

  test("sees the expiry and usage over the maximum, counted by public verifications", async ({ page, request }) => {
    await createAndOpenLicense(page, { name: "Limited video", expiresOn: "2031-05-01", maxUsage: "3" });
    const main = page.getByRole("main");
    await expect(main.getByRole("term")).toHaveText(["Status", "Expires", "Usage", "Created"]);
    await expect(main.getByRole("definition").nth(1)).toHaveText("May 1, 2031");
    await expect(main.getByRole("definition").nth(2)).toHaveText("0 / 3");

    const key = (await main.getByText(/^SDECK-/).textContent()) ?? "";
    const answer = await request.post("/api/verify-license", { data: { license_key: key } });
    expect(await answer.json()).toEqual({ valid: true, code: "valid", message: "License is valid.", content: [] });
    await page.reload();
    await expect(main.getByRole("definition").nth(2)).toHaveText("1 / 3");
  });

  test("copies the license key, reading 'Copied!' for a moment", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await createAndOpenLicense(page, { name: "Copy me" });
    const key = await page.getByText(/^SDECK-/).textContent();
    await page.getByRole("button", { name: "Copy" }).click();
    await expect(page.getByRole("button", { name: "Copied!" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await expect(page.getByRole("button", { name: "Copy", exact: true })).toBeVisible();
  });

  test("deactivates and reactivates, reading 'Processing...' while pending; the list follows", async ({ page }) => {
    await createAndOpenLicense(page, { name: "Detail toggle" });
    const main = page.getByRole("main");

    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/licenses/*/deactivate", async (route) => {
      await held;
      await route.continue();
    });
    await main.getByRole("button", { name: "Deactivate" }).click();
    await expect(main.getByRole("button", { name: "Processing..." })).toBeDisabled();
    release();
    await expect(toast(page, "License updated", "The license status has been updated successfully.")).toBeVisible();
    await expect(main.getByText("Inactive", { exact: true }).first()).toHaveAttribute("data-variant", "destructive");
    await expect(main.getByRole("definition").first()).toHaveText("Inactive");

    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await page.waitForURL("**/dashboard");
    await openLicensesTab(page);
    await expect(licenseItem(page, "Detail toggle").getByText("Inactive", { exact: true })).toBeVisible();
    await licenseItem(page, "Detail toggle").getByRole("link", { name: "Manage Content" }).click();

    await main.getByRole("button", { name: "Reactivate" }).click();
    await expect(main.getByRole("button", { name: "Deactivate" })).toBeVisible();
    await expect(main.getByRole("definition").first()).toHaveText("Active");
  });

  test("adds content and sees its links, only those present, opening in a new tab", async ({ page }) => {
    await createAndOpenLicense(page, { name: "With content" });
    const main = page.getByRole("main");
    await expect(main.getByText("No content associated")).toBeVisible();

    await page.getByLabel("Content type").fill("video");
    await page.getByLabel("Content ID").fill("lesson-1");
    await page.getByLabel("Download URL (optional)").fill("https://cdn.example.com/lesson-1.mp4");
    await page.getByLabel("API endpoint (optional)").fill("https://api.example.com/lessons/1");
    await page.getByRole("button", { name: "Add Content" }).click();
    await expect(toast(page, "Content added")).toBeVisible();

    const items = page.getByRole("list", { name: "Licensed content" }).getByRole("listitem");
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText("video");
    await expect(items.first().getByText("ID: lesson-1")).toBeVisible();
    const download = items.first().getByRole("link", { name: "Download" });
    await expect(download).toHaveAttribute("href", "https://cdn.example.com/lesson-1.mp4");
    await expect(download).toHaveAttribute("target", "_blank");
    await expect(items.first().getByRole("link", { name: "API Endpoint" })).toHaveAttribute("target", "_blank");
    await expect(items.first().getByRole("link", { name: "Access" })).toHaveCount(0);
    await expect(main.getByText("No content associated")).toHaveCount(0);
    await expect(page.getByLabel("Content type")).toHaveValue("");

    await page.getByLabel("Content type").fill("ebook");
    await page.getByLabel("Content ID").fill("isbn-42");
    await page.getByLabel("Access URL (optional)").fill("https://read.example.com/isbn-42");
    await page.getByRole("button", { name: "Add Content" }).click();
    await expect(items).toHaveCount(2);
    await expect(items.nth(1).getByRole("link")).toHaveText(["Access"]);
  });

  test("downloads a license file that verifies with the published key; an inactive license gets none", async ({
    page,
    request,
  }) => {
    await createAndOpenLicense(page, { name: "Offline/Plugin 2031", expiresOn: "2031-05-01", maxUsage: "3" });
    const main = page.getByRole("main");
    const key = (await main.getByText(/^SDECK-/).textContent()) ?? "";
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      main.getByRole("button", { name: "Download license file" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("Offline-Plugin 2031.lic");
    await expect(toast(page, "License file downloaded", /Valid until [A-Z][a-z]{2} \d{1,2}, \d{4}\./)).toBeVisible();
    const file = await readFile(await download.path(), "utf8");
    expect(file).toMatch(/^-----BEGIN SCRAPEDECK LICENSE FILE-----\n/);

    // The key set a partner fetches: public, cacheable, the security headers of any non-HTML answer.
    const keys = await request.get("/.well-known/scrapedeck-keys.json");
    expect(keys.status()).toBe(200);
    expect(keys.headers()["cache-control"]).toBe("public, max-age=3600");
    expect(keys.headers()["content-security-policy"]).toContain("default-src 'none'");
    expect(keys.headers()["x-content-type-options"]).toBe("nosniff");
    const verdict = await verifyLicenseFile(file, (await keys.json()) as Jwks);
    expect(verdict.ok && verdict.payload.license).toMatchObject({ key, name: "Offline/Plugin 2031", status: "active" });

    await main.getByRole("button", { name: "Deactivate" }).click();
    await expect(main.getByRole("button", { name: "Reactivate" })).toBeVisible();
    const button = main.getByRole("button", { name: "Download license file" });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(/inactive, so it gets no new license file/);
  });

  test("the Licenses tab and the detail page pass an accessibility scan", async ({ page }) => {
    // Several pages and accounts in one test: on a loaded machine it needs more than the default 30 s.
    test.slow();
    await createAndOpenLicense(page, { name: "Accessible", maxUsage: "2" });
    await page.getByLabel("Content type").fill("video");
    await page.getByLabel("Content ID").fill("a11y");
    await page.getByLabel("Access URL (optional)").fill("https://learn.example.com/a11y");
    await page.getByRole("button", { name: "Add Content" }).click();
    await expect(page.getByRole("link", { name: "Access" })).toBeVisible();
    expect((await new AxeBuilder({ page }).include("main").analyze()).violations).toEqual([]);

    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await openLicensesTab(page);
    expect((await new AxeBuilder({ page }).include("main").analyze()).violations).toEqual([]);
  });

  test("is told about missing fields and non-http URLs before anything is sent", async ({ page }) => {
    await createAndOpenLicense(page, { name: "Validated" });
    await page.getByLabel("Download URL (optional)").fill("ftp://files.example.com/a.zip");
    await page.getByRole("button", { name: "Add Content" }).click();
    await expect(page.getByText("Content type is required.")).toBeVisible();
    await expect(page.getByText("Content ID is required.")).toBeVisible();
    await expect(page.getByText("Must be an http:// or https:// URL.")).toBeVisible();
    await expect(page.getByLabel("Download URL (optional)")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("No content associated")).toBeVisible();
  });

  test("sees 'Error adding content' with the server's message when the call fails", async ({ page, context }) => {
    await createAndOpenLicense(page, { name: "Session ends" });
    await context.clearCookies();
    await page.getByLabel("Content type").fill("video");
    await page.getByLabel("Content ID").fill("x");
    await page.getByRole("button", { name: "Add Content" }).click();
    await expect(toast(page, "Error adding content", "Authentication required")).toBeVisible();
  });

  for (const id of ["abc", "0", "-1", "1.5", "999999999"]) {
    test(`sees License Not Found for /licenses/${id}`, async ({ page }) => {
      const res = await page.goto(`/licenses/${id}`);
      expect(res?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "License Not Found" })).toBeVisible();
      await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
      // Its own description, not the license page's.
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        "content",
        "This license does not exist or is not yours.",
      );
      await page.getByRole("link", { name: "Back to Dashboard" }).click();
      await page.waitForURL("**/dashboard");
    });
  }
});

test("another user's license shows License Not Found", async ({ browser }) => {
  // Several pages and accounts in one test: on a loaded machine it needs more than the default 30 s.
  test.slow();
  const owner = await browser.newPage();
  await signUp(owner);
  const id = await createAndOpenLicense(owner, { name: "Private" });

  const other = await browser.newPage();
  await signUp(other);
  const res = await other.goto(`/licenses/${id}`);
  expect(res?.status()).toBe(404);
  await expect(other.getByRole("heading", { name: "License Not Found" })).toBeVisible();
  await expect(other.getByText(NOT_FOUND_TEXT)).toBeVisible();
  await expect(other.getByText("Private")).toHaveCount(0);
});

test("a signed-out visitor is sent to sign in", async ({ page }) => {
  await page.goto("/licenses/1");
  await page.waitForURL(/\/login/);
});
