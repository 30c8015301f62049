import { expect, type Page } from "@playwright/test";
import { signUp } from "./auth";

/** A new user on the dashboard's API Keys tab, with the (empty) list loaded. */
export async function openApiKeysTab(page: Page) {
  const account = await signUp(page);
  await page.getByRole("tab", { name: "API Keys" }).click();
  await expect(page.getByText("No API Keys")).toBeVisible();
  return account;
}

/** Generates a key through the form; returns the full key once the one-time box shows it. */
export async function generateKey(page: Page, description = ""): Promise<string> {
  await page.getByLabel("Description (optional)").fill(description);
  const [response] = await Promise.all([
    page.waitForResponse((res) => res.request().method() === "POST" && res.url().endsWith("/api/keys")),
    page.getByRole("button", { name: "Generate API Key" }).click(),
  ]);
  expect(response.status()).toBe(201);
  const { key } = (await response.json()) as { key: string };
  expect(key).toMatch(/^sdeck_[0-9a-f]{40}$/);
  await expect(page.getByRole("region", { name: /Your new API key/ }).locator("code")).toHaveText(key);
  return key;
}

export const masked = (key: string) => `sdeck_…${key.slice(-4)}`;
