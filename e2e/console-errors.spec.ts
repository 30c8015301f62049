import { expect, test } from "@playwright/test";
import { withCookieChoice } from "./public-helpers";
import { signUp } from "./support/auth";
import { collectBrowserErrors, INDEXABLE_PAGES } from "./support/console";

// Pages are loaded until the network is idle, so late failures (icons, the session check) are caught too.
test("no public page logs a browser error for a guest, and a guest's page never asks for the session", async ({ page }) => {
  // Several pages and accounts in one test: on a loaded machine it needs more than the default 30 s.
  test.slow();
  const errors = collectBrowserErrors(page);
  const sessionChecks: string[] = [];
  page.on("request", (req) => {
    if (new URL(req.url()).pathname === "/api/auth/me") sessionChecks.push(page.url());
  });
  for (const path of [...INDEXABLE_PAGES, "/login", "/register"]) {
    await page.goto(path, { waitUntil: "networkidle" });
  }
  expect(errors).toEqual([]);
  expect(sessionChecks).toEqual([]);
});

test("no public page logs a browser error for a signed-in user, who is recognised on every one", async ({ page, context }) => {
  // Several pages and accounts in one test: on a loaded machine it needs more than the default 30 s.
  test.slow();
  await withCookieChoice(context);
  await signUp(page);
  const errors = collectBrowserErrors(page);
  for (const path of INDEXABLE_PAGES) {
    await page.goto(path, { waitUntil: "networkidle" });
    await expect(page.getByRole("banner").getByRole("button", { name: "Logout" })).toBeVisible();
  }
  expect(errors).toEqual([]);
});

test("the signed-in hint comes with the session and goes with logout", async ({ page, context }) => {
  await withCookieChoice(context);
  const hint = async () => (await context.cookies()).find((cookie) => cookie.name === "scrapedeck-signed-in");
  expect(await hint()).toBeUndefined();
  await signUp(page);
  expect(await hint()).toMatchObject({ value: "1", httpOnly: false, sameSite: "Lax" });
  await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  expect(await hint()).toBeUndefined();
});

test("a hint that outlived its session is dropped after one check, and the visitor is a guest", async ({
  page,
  context,
  baseURL,
}) => {
  await withCookieChoice(context);
  await context.addCookies([{ name: "scrapedeck-signed-in", value: "1", url: baseURL ?? "" }]);
  await page.goto("/about");
  await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
  await expect.poll(async () => (await context.cookies()).some((cookie) => cookie.name === "scrapedeck-signed-in")).toBe(false);
});

// The forms validate with zod, loaded on the first submit. Zod 4 probes `new Function` to pick its compiled parser;
// under our CSP (no 'unsafe-eval') that probe is refused and the browser logs a policy violation on every page that
// validates a form, unless zod runs jitless.
test("validating a form in the browser breaks no content security policy", async ({ page }) => {
  const errors = collectBrowserErrors(page);
  const violations: string[] = [];
  await page.exposeFunction("reportViolation", (directive: string) => violations.push(directive));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      (window as unknown as { reportViolation: (directive: string) => void }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      ),
    );
  });
  await page.goto("/register");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
  expect(violations).toEqual([]);
  expect(errors).toEqual([]);
});
