import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";

export interface Credentials {
  email: string;
  password: string;
}

export const DEFAULT_PASSWORD = "correct-horse-battery";

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomUUID()}@example.com`;
}

/** Creates a fresh account through the /register form and waits for the dashboard. */
export async function signUp(
  page: Page,
  { email = uniqueEmail(), password = DEFAULT_PASSWORD }: Partial<Credentials> = {},
): Promise<Credentials> {
  await page.goto("/register");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm Password").fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL("**/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  return { email, password };
}

/** Signs in through the /login form and waits for the dashboard. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL("**/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
}
