import { expect, type Page, test } from "@playwright/test";
import { LOGIN_FAILURES_PER_EMAIL_AND_IP } from "../lib/accounts/login-limits";
import { PUBLIC_PAGES } from "./public-helpers";
import { DEFAULT_PASSWORD, logIn, signUp, uniqueEmail } from "./support/auth";

// The edge as a browser and an attacker meet it (docs/architecture.md#the-edge): headers on every answer, pages
// that run under their CSP without a violation, throttles a forged X-Forwarded-For does not reset, and sessions
// that end for real at logout.

/** Collects CSP violations while `visit` runs. */
async function violationsDuring(page: Page, visit: () => Promise<void>): Promise<string[]> {
  const problems: string[] = [];
  page.on("console", (message) => {
    const text = message.text();
    if (/Refused to (execute inline|load|apply|connect)/i.test(text)) problems.push(text);
  });
  await page.exposeFunction("__cspViolation", (text: string) => {
    // A library probing whether eval works (zod's JIT check does `new Function("")` in a try) is the policy
    // doing its job: the probe is refused and the library falls back. Anything else is a real violation.
    if (text !== "script-src eval") problems.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { __cspViolation: (text: string) => void }).__cspViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  await visit();
  return problems;
}

test.describe("the edge", () => {
  // Several pages and accounts per test, on a shared slow machine.
  test.describe.configure({ timeout: 120_000 });

  test("every page runs under its CSP without a violation, signed out and signed in", async ({ page }) => {
    const problems = await violationsDuring(page, async () => {
      for (const { path } of PUBLIC_PAGES) {
        const res = await page.goto(path);
        const csp = res?.headers()["content-security-policy"] ?? "";
        expect(csp, path).toContain("script-src 'self'");
        expect(csp, path).not.toContain("unsafe-eval");
        expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
        expect(csp, path).toContain("frame-ancestors 'none'");
        await page.waitForLoadState("networkidle");
      }
      await signUp(page);
      await page.getByRole("tab").nth(1).click();
      await page.waitForLoadState("networkidle");
    });
    expect(problems).toEqual([]);
  });

  test("pages, assets and API answers carry the security headers; API answers are not cached", async ({ request }) => {
    for (const path of ["/", "/login", "/api/health", "/api/scrapers", "/api/nope", "/favicon.ico", "/robots.txt"]) {
      const res = await request.get(path);
      const headers = res.headers();
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      expect(headers["permissions-policy"], path).toBeTruthy();
      expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
      // Served over plain http here: no HSTS.
      expect(headers["strict-transport-security"], path).toBeUndefined();
      if (path.startsWith("/api")) expect(headers["cache-control"], path).toBe("no-store");
    }
  });

  test("a forged X-Forwarded-For does not reset the login throttle", async ({ request }) => {
    const email = uniqueEmail("forged");
    for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL_AND_IP; i++) {
      const res = await request.post("/api/auth/login", {
        data: { email, password: `guess-${i}` },
        headers: { "x-forwarded-for": `203.0.113.${i}` },
      });
      expect(res.status()).toBe(401);
    }
    const forged = await request.post("/api/auth/login", {
      data: { email, password: "one-more-guess" },
      headers: { "x-forwarded-for": "198.51.100.200", "x-real-ip": "198.51.100.201", forwarded: "for=198.51.100.202" },
    });
    expect(forged.status()).toBe(429);
  });

  test("after logout, a copy of the session cookie and the API token no longer work", async ({ page, request, baseURL }) => {
    const { email } = await signUp(page);
    const cookies = await page.context().cookies();
    const session = cookies.find((cookie) => cookie.name.endsWith("next-auth.session-token"));
    expect(session).toBeDefined();
    const cookie = `${session?.name}=${session?.value}`;
    const login = await request.post("/api/auth/login", { data: { email, password: DEFAULT_PASSWORD } });
    const { token } = await login.json();
    expect((await request.get("/api/auth/me", { headers: { cookie } })).status()).toBe(200);
    expect((await request.get("/api/auth/me", { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);

    await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(`${baseURL}/`);
    expect((await request.get("/api/auth/me", { headers: { cookie } })).status()).toBe(401);
    // The copied cookie is signed out on the pages too, and /login does not bounce it anywhere.
    const copied = await page.context().browser()?.newContext({ baseURL });
    if (!copied) throw new Error("no browser");
    const [name, ...value] = cookie.split("=");
    await copied.addCookies([{ name: name ?? "", value: value.join("="), url: baseURL ?? "" }]);
    const other = await copied.newPage();
    await other.goto("/dashboard");
    await expect(other).toHaveURL(/\/login\?callbackUrl=%2Fdashboard/);
    await copied.close();

    // The API token is a session of its own: it works until it is logged out too.
    expect((await request.get("/api/auth/me", { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);
    expect((await request.post("/api/auth/logout", { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);
    expect((await request.get("/api/auth/me", { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
  });

  test("'Log out everywhere' on the dashboard ends the sessions of other browsers too", async ({ page, browser, baseURL }) => {
    const { email, password } = await signUp(page);
    const elsewhere = await browser.newContext({ baseURL });
    const other = await elsewhere.newPage();
    await logIn(other, email, password);
    expect((await other.request.get("/api/auth/me")).status()).toBe(200);

    await page.getByRole("button", { name: "Log out everywhere" }).click();
    await page.waitForURL(`${baseURL}/`);
    expect((await other.request.get("/api/auth/me")).status()).toBe(401);
    await other.goto("/dashboard");
    await expect(other).toHaveURL(/\/login/);
    await elsewhere.close();
  });
});
