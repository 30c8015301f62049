import { expect, type Page, test } from "@playwright/test";
import { withCookieChoice } from "./public-helpers";

/** The page's cumulative layout shift so far (the browser's own layout-shift entries, buffered from the start). */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
}

for (const viewport of [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
]) {
  test.describe(`on a ${viewport.name}`, () => {
    test.use({ viewport });
    test.beforeEach(async ({ context }) => withCookieChoice(context));

    for (const path of ["/", "/scrapers/1", "/api-docs"]) {
      test(`${path} does not shift while it loads`, async ({ page }) => {
        await page.goto(path, { waitUntil: "networkidle" });
        // Well under the 0.1 that Core Web Vitals call good: content arrives with the HTML and placeholders keep sizes.
        expect(await layoutShift(page)).toBeLessThan(0.02);
      });
    }
  });
}

test.describe("on a phone, first visit", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  // The cookie banner is in the server HTML, anchored to the bottom of the screen: anything that changes its height
  // after the first paint (a web font swapped in) moves all of it.
  for (const path of ["/", "/login", "/register"]) {
    test(`${path} does not shift with the cookie banner showing`, async ({ page }) => {
      await page.goto(path, { waitUntil: "networkidle" });
      await expect(page.getByRole("region", { name: "Cookie consent" })).toBeVisible();
      expect(await layoutShift(page)).toBeLessThan(0.02);
    });
  }
});
