import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { PUBLIC_PAGES } from "./public-helpers";

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
}

// Scanned as a first-time visitor sees them: cookie banner showing, content loaded.
for (const { path, heading } of PUBLIC_PAGES) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole("region", { name: "Cookie consent" })).toBeVisible();
    await expect(page.getByTestId("skeleton")).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test.describe("small screens", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the open drawer has no serious or critical accessibility violations", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test("the API docs with another tab open and the contact form showing errors have no serious violations", async ({ page }) => {
  // Several pages and accounts in one test: on a loaded machine it needs more than the default 30 s.
  test.slow();
  await page.goto("/api-docs");
  await page.getByRole("tab", { name: "Authentication" }).click();
  await page.getByRole("tab", { name: "PHP" }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto("/contact");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Name must be at least 2 characters.")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
