import { expect, type Page, test } from "@playwright/test";
import { LOGIN_FAILURES_PER_EMAIL_AND_IP } from "../lib/accounts/login-limits";
import { DEFAULT_PASSWORD, logIn, signUp, uniqueEmail } from "./support/auth";

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

const FORM_FAILURE = "Invalid email or password. Please try again.";

test.describe("login", () => {
  test("a registered user logs in, email in another case, and lands on the dashboard", async ({ browser }) => {
    const first = await browser.newPage();
    const { email, password } = await signUp(first);
    await first.close();

    const page = await browser.newPage();
    await logIn(page, email.toUpperCase(), password);
    await expect(page.getByText("Login successful")).toBeVisible();
    await expect(page.getByText("Welcome back! You are now signed in.")).toBeVisible();
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  });

  test("a wrong password and an unknown email show the same form message", async ({ browser, page }) => {
    const other = await browser.newPage();
    const { email } = await signUp(other);
    await other.close();

    await page.goto("/login");
    await fillLogin(page, email, "wrong-password");
    const failure = page.getByRole("alert").filter({ hasText: FORM_FAILURE });
    await expect(failure).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await fillLogin(page, uniqueEmail(), "wrong-password");
    await expect(failure).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign In" })).toBeEnabled();
  });

  test("shows each validation message on its field and sends nothing", async ({ page }) => {
    let calls = 0;
    await page.route("**/api/auth/callback/credentials", (route) => {
      calls++;
      return route.continue();
    });
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(page.getByText("Password must be at least 6 characters.")).toBeVisible();

    await fillLogin(page, "user@", "12345");
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Please enter a valid email address.");
    await expect(page.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(
      "Password must be at least 6 characters.",
    );
    expect(calls).toBe(0);
  });

  test("the button reads 'Signing in...' and is disabled while signing in", async ({ browser, page }) => {
    const other = await browser.newPage();
    const { email, password } = await signUp(other);
    await other.close();

    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/auth/callback/credentials", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/login");
    await fillLogin(page, email, password);
    await expect(page.getByRole("button", { name: "Signing in..." })).toBeDisabled();
    release();
    await page.waitForURL("**/dashboard");
  });

  test("offers an inert 'Forgot password?' link and links to register and contact", async ({ page }) => {
    await page.goto("/login");
    await expect(page).toHaveTitle(/Login/);
    const main = page.getByRole("main");
    const forgot = main.getByRole("link", { name: "Forgot password?" });
    await expect(forgot).toHaveAttribute("aria-disabled", "true");
    await expect(forgot).not.toHaveAttribute("href");
    await forgot.click({ force: true });
    await expect(page).toHaveURL(/\/login$/);
    await expect(main.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/register");
    await expect(main.getByRole("link", { name: "Contact support" })).toHaveAttribute("href", "/contact");
  });

  test("after repeated failures the account is throttled and the form says to wait", async ({ browser, page }) => {
    const other = await browser.newPage();
    const { email } = await signUp(other, { password: DEFAULT_PASSWORD });
    await other.close();
    for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL_AND_IP; i++) {
      const res = await page.request.post("/api/auth/login", { data: { email, password: `guess-${i}` } });
      expect(res.status()).toBe(401);
    }
    await page.goto("/login");
    await fillLogin(page, email, DEFAULT_PASSWORD);
    await expect(page.getByRole("alert").filter({ hasText: FORM_FAILURE })).toBeVisible();
    await expect(page.getByText("Too many login attempts. Please try again later.")).toBeVisible();
  });
});
