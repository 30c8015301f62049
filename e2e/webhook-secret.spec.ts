import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { openApiKeysTab } from "./support/api-keys";

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
});

/** The secret as the API tells it to this browser's session. */
async function apiSecret(page: Page): Promise<string> {
  const answer = await page.request.get("/api/webhooks/secret");
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { secret: string }).secret;
}

const axeViolations = async (page: Page) => (await new AxeBuilder({ page }).include("main").analyze()).violations;

test("shows the webhook secret masked, reveals and copies it, and passes axe", async ({ page }) => {
  await openApiKeysTab(page);
  const shown = page.getByTestId("webhook-secret");
  await expect(shown).toHaveText(/^whsec_•{24}$/);
  const secret = await apiSecret(page);
  expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
  expect(await page.content()).not.toContain(secret);

  await page.getByRole("button", { name: "Copy secret" }).click();
  await expect(page.getByRole("button", { name: "Copied!" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  const toggle = page.getByRole("button", { name: "Show" });
  await toggle.click();
  await expect(shown).toHaveText(secret);
  await expect(page.getByRole("button", { name: "Hide" })).toHaveAttribute("aria-pressed", "true");
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Hide" }).click();
  await expect(shown).toHaveText(/^whsec_•{24}$/);
});

test("rotates the secret only after the confirmation, then shows the new one", async ({ page }) => {
  await openApiKeysTab(page);
  await expect(page.getByTestId("webhook-secret")).toHaveText(/^whsec_/);
  const before = await apiSecret(page);

  await page.getByRole("button", { name: "Rotate secret" }).click();
  const dialog = page.getByRole("dialog", { name: "Rotate webhook secret?" });
  await expect(dialog).toContainText("will reject them until you update them");
  expect((await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations).toEqual([]);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  expect(await apiSecret(page)).toBe(before);

  await page.getByRole("button", { name: "Rotate secret" }).click();
  const [response] = await Promise.all([
    page.waitForResponse((res) => res.request().method() === "POST" && res.url().endsWith("/api/webhooks/secret/rotate")),
    dialog.getByRole("button", { name: "Rotate" }).click(),
  ]);
  expect(response.status()).toBe(200);
  await expect(page.getByText("Webhook secret rotated")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const after = await apiSecret(page);
  expect(after).not.toBe(before);
  await expect(page.getByTestId("webhook-secret")).toHaveText(after);
});
