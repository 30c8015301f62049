import { expect, test } from "@playwright/test";
import { DEFAULT_PASSWORD, signUp, uniqueEmail } from "./support/auth";

test.describe("register", () => {
  test("a new visitor registers and lands on the dashboard, signed in", async ({ page }) => {
    const { email } = await signUp(page);
    await expect(page.getByText("Registration successful")).toBeVisible();
    await expect(page.getByText("Welcome to ScrapeDeck! Your account is ready.")).toBeVisible();
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    const me = await page.request.get("/api/auth/me");
    expect(await me.json()).toMatchObject({ email });
  });

  test("the session cookie is httpOnly and SameSite=Lax", async ({ page, context }) => {
    await signUp(page);
    const session = (await context.cookies()).find((cookie) => cookie.name === "next-auth.session-token");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
  });

  test("shows each validation message on its field and sends nothing", async ({ page }) => {
    let calls = 0;
    await page.route("**/api/auth/register", (route) => {
      calls++;
      return route.continue();
    });
    await page.goto("/register");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(page.getByText("Password must be at least 8 characters.")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).fill("1234567");
    await page.getByLabel("Confirm Password").fill("7654321");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(page.getByText("Password must be at least 8 characters.")).toBeVisible();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await expect(page.getByLabel("Confirm Password")).toHaveAccessibleDescription("Passwords do not match");

    await page.getByLabel("Email").fill(uniqueEmail());
    await page.getByLabel("Password", { exact: true }).fill("12345678");
    await expect(page.getByText("Please enter a valid email address.")).toBeHidden();
    await expect(page.getByText("Password must be at least 8 characters.")).toBeHidden();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    expect(calls).toBe(0);
    await expect(page).toHaveURL(/\/register$/);
  });

  test("an email already in use, in any case, shows the form message", async ({ browser, page }) => {
    const other = await browser.newPage();
    const { email } = await signUp(other);
    await other.close();

    await page.goto("/register");
    await page.getByLabel("Email").fill(email.toUpperCase());
    await page.getByLabel("Password", { exact: true }).fill(DEFAULT_PASSWORD);
    await page.getByLabel("Confirm Password").fill(DEFAULT_PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Failed to create account. This email may already be in use." }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole("button", { name: "Create Account" })).toBeEnabled();
  });

  test("the button reads 'Creating account...' and is disabled while the request is pending", async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/auth/register", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/register");
    await page.getByLabel("Email").fill(uniqueEmail());
    await page.getByLabel("Password", { exact: true }).fill(DEFAULT_PASSWORD);
    await page.getByLabel("Confirm Password").fill(DEFAULT_PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("button", { name: "Creating account..." })).toBeDisabled();
    release();
    await page.waitForURL("**/dashboard");
  });

  test("links to login, the terms and the privacy policy", async ({ page }) => {
    await page.goto("/register");
    await expect(page).toHaveTitle(/Create Account/);
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
    await expect(main.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms-of-service");
    await expect(main.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy-policy");
  });
});
