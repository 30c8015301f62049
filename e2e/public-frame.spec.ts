import { expect, test } from "@playwright/test";
import { legalLinks, mainNav } from "@/lib/config/site";
import { PUBLIC_PAGES, withCookieChoice } from "./public-helpers";
import { signUp } from "./support/auth";

test.describe("shared frame", () => {
  test.beforeEach(async ({ context }) => withCookieChoice(context));

  test("the header links in order, the current route highlighted", async ({ page }) => {
    for (const current of mainNav.filter((link) => link.href !== "/dashboard")) {
      await page.goto(current.href);
      const nav = page.getByRole("banner").getByRole("navigation", { name: "Main" });
      await expect(nav.getByRole("link")).toHaveText(mainNav.map((link) => link.label));
      await expect(nav.locator("[aria-current=page]")).toHaveText([current.label]);
    }
    // Pages below a section highlight nothing else than what they belong to: a scraper page is not "Home".
    await page.goto("/scrapers/1");
    await expect(page.getByRole("banner").locator("[aria-current=page]")).toHaveCount(0);
  });

  test("the header is sticky", async ({ page }) => {
    await page.goto("/");
    await page.mouse.wheel(0, 2500);
    await expect(page.getByRole("banner")).toBeInViewport();
    await expect(page.getByRole("banner")).toHaveCSS("position", "sticky");
  });

  test("guests see Login and Sign Up", async ({ page }) => {
    await page.goto("/about");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    await expect(header.getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/register");
    await expect(header.getByRole("button", { name: "Logout" })).toHaveCount(0);
  });

  test("signed in, the header shows Logout and highlights Dashboard", async ({ page }) => {
    await signUp(page);
    const header = page.getByRole("banner");
    await expect(header.locator("[aria-current=page]")).toHaveText("Dashboard");
    await expect(header.getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Login" })).toHaveCount(0);
    await expect(header.getByRole("link", { name: "Sign Up" })).toHaveCount(0);
  });

  test("signing in after browsing the public pages reaches the dashboard without a reload", async ({ browser, page }) => {
    // Several pages and accounts in one test: on a loaded machine it needs more than the default 30 s.
    test.slow();
    const other = await browser.newPage();
    const { email, password } = await signUp(other);
    await other.close();

    await page.goto("/");
    await page.goto("/about");
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole("banner").getByRole("link", { name: "Login" }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Login successful", { exact: true })).toBeVisible();
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  });

  test("the footer has Products, Resources and Company columns and the legal links", async ({ page }) => {
    await page.goto("/about");
    const footer = page.getByRole("contentinfo");
    for (const column of ["Products", "Resources", "Company"]) {
      await expect(footer.getByRole("navigation", { name: column })).toBeVisible();
    }
    const legal = footer.getByRole("navigation", { name: "Legal" });
    for (const link of legalLinks) {
      await expect(legal.getByRole("link", { name: link.label })).toHaveAttribute("href", link.href);
    }
  });

  test("the skip link moves focus to the main content", async ({ page }) => {
    await page.goto("/about");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main")).toBeFocused();
  });

  test("every page sets its own title and description", async ({ page }) => {
    // Several pages and accounts in one test: on a loaded machine it needs more than the default 30 s.
    test.slow();
    const descriptions = new Map<string, string>();
    for (const { path, title } of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(description, path).toBeTruthy();
      // Both scraper pages are one page (the scraper route); every other page describes itself differently.
      descriptions.set(path.startsWith("/scrapers/") ? "/scrapers" : path, description ?? "");
    }
    expect(new Set(descriptions.values()).size).toBe(descriptions.size);
  });

  test("link previews carry the page's own title, description and absolute addresses on this host", async ({ page, baseURL }) => {
    await page.goto("/api-docs");
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "API Documentation | ScrapeDeck");
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", description ?? "");
    // One of each: React hydrated the head the server sent rather than adding its own.
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/api-docs`);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${baseURL}/api-docs`);
    const image = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(image?.startsWith(`${baseURL}/opengraph-image`)).toBe(true);
    const png = await page.request.get(image ?? "");
    expect(png.headers()["content-type"]).toBe("image/png");
  });

  test("icons and the web manifest are served", async ({ page, request }) => {
    await page.goto("/");
    for (const selector of ['link[rel="icon"]', 'link[rel="apple-touch-icon"]', 'link[rel="manifest"]']) {
      const href = await page.locator(selector).first().getAttribute("href");
      const res = await request.get(href ?? "");
      expect(res.status(), selector).toBe(200);
    }
    const manifest = await (await request.get("/manifest.webmanifest")).json();
    expect(manifest).toMatchObject({ name: "ScrapeDeck", start_url: "/" });
  });

  test("sitemap.xml lists the public pages and robots.txt points to it", async ({ request, baseURL }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    for (const path of ["/", "/about", "/api-docs", "/contact", "/scrapers/1", ...legalLinks.map((link) => link.href)]) {
      expect(sitemap).toContain(`<loc>${new URL(path, baseURL).toString()}</loc>`);
    }
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    expect(robots).toContain("Disallow: /api/");
  });
});

test.describe("small screens", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.beforeEach(async ({ context }) => withCookieChoice(context));

  test("the links live in a side drawer that closes when a link is chosen", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("navigation", { name: "Main" })).toBeHidden();
    await header.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("link")).toHaveText([...mainNav.map((link) => link.label), "Login", "Sign Up"]);
    await expect(drawer.locator("[aria-current=page]")).toHaveText("Home");
    await drawer.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "About ScrapeDeck" })).toBeVisible();
  });

  test("the drawer works from the keyboard and gives focus back", async ({ page }) => {
    await page.goto("/contact");
    const menuButton = page.getByRole("button", { name: "Open menu" });
    await menuButton.focus();
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer).toBeVisible();
    // While the modal drawer is open the rest of the page is hidden from assistive technology, button included.
    await expect(page.locator('button[aria-haspopup="dialog"]')).toHaveAttribute("aria-expanded", "true");
    await expect(drawer.locator("[aria-current=page]")).toHaveText("Contact");
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(menuButton).toBeFocused();
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await menuButton.click();
    await drawer.getByRole("button", { name: "Close menu" }).click();
    await expect(drawer).toBeHidden();
  });

  test("no public page scrolls sideways", async ({ page }) => {
    for (const { path, heading } of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBe(0);
    }
  });
});

test.describe("cookie banner", () => {
  for (const [choice, stored] of [
    ["Accept All", "true"],
    ["Decline", "false"],
  ] as const) {
    test(`${choice} stores '${stored}' and the banner stays away after a reload`, async ({ page }) => {
      await page.goto("/");
      const banner = page.getByRole("region", { name: "Cookie consent" });
      await expect(banner).toBeVisible();
      await expect(banner.getByRole("link", { name: "Cookie Policy" })).toHaveAttribute("href", "/cookie-policy");
      await banner.getByRole("button", { name: choice }).click();
      await expect(banner).toBeHidden();
      expect(await page.evaluate(() => window.localStorage.getItem("cookie-consent"))).toBe(stored);
      await page.reload();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(banner).toBeHidden();
      await page.goto("/about");
      await expect(page.getByRole("heading", { level: 1, name: "About ScrapeDeck" })).toBeVisible();
      await expect(banner).toBeHidden();
    });
  }

  test("is reachable by keyboard and shows on every page until a choice is stored", async ({ page }) => {
    await page.goto("/privacy-policy");
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await expect(banner).toBeVisible();
    const accept = banner.getByRole("button", { name: "Accept All" });
    // The banner is in the server HTML; its buttons say they are disabled (aria-disabled) until they work.
    await expect(accept).toBeEnabled();
    await accept.focus();
    await page.keyboard.press("Enter");
    await expect(banner).toBeHidden();
  });
});
