import { expect, test } from "@playwright/test";
import { generateKey, masked, openApiKeysTab } from "./support/api-keys";
import { holdRequests } from "./support/network";

test("deletes a key after confirming in a dialog that an outside click does not close", async ({ page }) => {
  await openApiKeysTab(page);
  const keep = await generateKey(page, "keep");
  const remove = await generateKey(page, "remove");
  const items = page.getByRole("list", { name: "API keys" }).getByRole("listitem");
  await expect(items).toHaveCount(2);

  await page.getByRole("button", { name: `Delete API key ${masked(remove)}` }).click();
  const dialog = page.getByRole("dialog", { name: "Delete API key?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(masked(remove));

  await page.mouse.click(10, 10);
  await expect(dialog).toBeVisible();

  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(items).toHaveCount(2);

  await page.getByRole("button", { name: `Delete API key ${masked(remove)}` }).click();
  const release = await holdRequests(page, /\/api\/keys\/\d+$/, "DELETE");
  await dialog.getByRole("button", { name: "Delete" }).click();
  const pending = dialog.getByRole("button", { name: "Deleting..." });
  await expect(pending).toBeVisible();
  await expect(pending).toBeDisabled();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeVisible();
  release();

  await expect(page.getByText("API key deleted")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText(masked(keep));
});

test("deleting the key just generated removes its one-time box, and the empty state returns", async ({ page }) => {
  await openApiKeysTab(page);
  const key = await generateKey(page);
  await page.getByRole("button", { name: `Delete API key ${masked(key)}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("API key deleted")).toBeVisible();
  await expect(page.getByText("No API Keys")).toBeVisible();
  await expect(page.getByRole("region", { name: /Your new API key/ })).toHaveCount(0);
});

test("shows the server's message when deleting fails", async ({ page }) => {
  await openApiKeysTab(page);
  const key = await generateKey(page);
  const [{ id }] = await (await page.request.get("/api/keys")).json();
  // Deleted elsewhere (another tab, a script): the page does not know yet.
  expect((await page.request.delete(`/api/keys/${id}`)).status()).toBe(200);

  await page.getByRole("button", { name: `Delete API key ${masked(key)}` }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Failed to delete API key")).toBeVisible();
  await expect(page.getByText("API key not found")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Delete" })).toBeEnabled();
});
