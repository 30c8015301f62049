import { expect, test } from "@playwright/test";
import { logIn, signUp } from "./support/auth";

test.describe("redirects", () => {
  test("a signed-out visitor of /dashboard is sent to /login and comes back after signing in", async ({ browser, page }) => {
    const other = await browser.newPage();
    const { email, password } = await signUp(other);
    await other.close();

    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard$/);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL("**/dashboard");
  });

  test("a signed-out visitor of a license page keeps that destination", async ({ page }) => {
    await page.goto("/licenses/42");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Flicenses%2F42$/);
  });

  test("a signed-in visitor of /login or /register is sent to the dashboard", async ({ page }) => {
    await signUp(page);
    await page.goto("/login");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/register");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("the API answers 401 JSON, never a redirect, to a signed-out caller", async ({ request }) => {
    const res = await request.get("/api/auth/me", { maxRedirects: 0 });
    expect(res.status()).toBe(401);
    expect(await res.json()).toMatchObject({ code: "unauthorized" });
  });
});

test.describe("header and logout", () => {
  test("the header shows Login and Sign Up when signed out, Logout when signed in", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Login" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Sign Up" })).toBeVisible();
    await expect(header.getByRole("button", { name: "Logout" })).toHaveCount(0);

    await signUp(page);
    await page.goto("/");
    await expect(header.getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Login" })).toHaveCount(0);
    await expect(header.getByRole("link", { name: "Sign Up" })).toHaveCount(0);
  });

  test("logout goes home with a notice, and the dashboard then asks to sign in", async ({ page, context }) => {
    const { email, password } = await signUp(page);
    await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
    await expect(page.getByText("Logged out", { exact: true })).toBeVisible();
    await expect(page.getByText("You have been logged out successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("next-auth.session-token");

    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard$/);
    await logIn(page, email, password);
  });

  test("a failed logout says so and keeps the visitor signed in", async ({ page }) => {
    await signUp(page);
    await page.route("**/api/auth/logout", (route) => route.fulfill({ status: 500, body: "" }));
    await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
    await expect(page.getByText("Logout failed")).toBeVisible();
    await expect(page.getByText("Could not log out. Please try again.")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("banner").getByRole("button", { name: "Logout" })).toBeVisible();
  });
});
