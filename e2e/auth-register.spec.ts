import { expect, test } from "@playwright/test";
import { logIn, signUp } from "./support/auth";

test("a new visitor registers and lands on the dashboard, signed in", async ({ page }) => {
  const { email } = await signUp(page);
  await expect(page.getByText("Registration successful")).toBeVisible();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  const me = await page.request.get("/api/auth/me");
  expect(await me.json()).toMatchObject({ email });
});

test("a registered user logs in with the email in another case", async ({ browser }) => {
  const first = await browser.newPage();
  const { email, password } = await signUp(first);
  await first.close();
  const page = await browser.newPage();
  await logIn(page, `  ${email.toUpperCase()} `, password);
  await expect(page.getByText("Login successful")).toBeVisible();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
});
