import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { type FixtureServer, startFixtureServer } from "../test/support/fixture-server";
import { signUp } from "./support/auth";

// The app fetches this local site because the e2e server runs with SCRAPER_ALLOW_LOOPBACK.
let site: FixtureServer;

test.beforeAll(async () => {
  site = await startFixtureServer();
});

test.afterAll(async () => {
  await site.close();
});

test("a monitor is created with the cron helper, run now, shown in its history, paused", async ({ page }) => {
  // A real check: a run of the scraper on the fixture site, queued behind whatever else the machine runs.
  test.setTimeout(120_000);
  await signUp(page);
  await page.getByRole("tab", { name: "Monitors" }).click();
  await expect(page.getByText("No monitors yet")).toBeVisible();

  const form = page.getByRole("form", { name: "Create a monitor" });
  await form.getByLabel("Name").fill("Headphones");
  await form.getByLabel("Scraper").selectOption({ label: "E-commerce Product Scraper" });
  await form.getByLabel("URLs, one per line").fill(`${site.url}/product/jsonld.html`);
  await form.getByLabel("Time zone").fill("Europe/Berlin");
  // The helper lists the next five checks, and says why a schedule will not do.
  const preview = page.getByTestId("schedule-preview");
  await form.getByLabel(/^Cron \(/).fill("0 * * * *");
  await expect(preview).toContainText("the minimum is 1 day");
  await form.getByLabel(/^Cron \(/).fill("0 9 * * *");
  await expect(preview.getByText("Next 5 checks (Europe/Berlin)")).toBeVisible();
  await expect(preview.getByRole("listitem")).toHaveCount(5);
  await expect(preview.getByRole("listitem").first()).toContainText("9:00 AM");

  await form.getByRole("button", { name: "Create Monitor" }).click();
  const monitor = page.getByRole("listitem", { name: "Headphones" });
  await expect(monitor.getByText("Active")).toBeVisible();
  await expect(monitor.getByText("0 9 * * * (Europe/Berlin) · 1 URL")).toBeVisible();

  await monitor.getByRole("button", { name: "Run now: Headphones" }).click();
  await monitor.getByRole("button", { name: "History" }).click();
  const history = monitor.getByRole("list", { name: "Checks, newest first" });
  await expect
    .poll(
      async () => {
        await monitor.getByRole("button", { name: "Refresh checks" }).click();
        return (await monitor.textContent()) ?? "";
      },
      { timeout: 90_000 },
    )
    .toContain("First check");
  await expect(history.getByRole("listitem").first()).toContainText("run now");

  const axe = await new AxeBuilder({ page }).include("[role=tabpanel]").analyze();
  expect(axe.violations).toEqual([]);

  await monitor.getByRole("button", { name: "Pause: Headphones" }).click();
  await expect(monitor.getByText("Paused", { exact: true })).toBeVisible();
  await expect(monitor.getByRole("button", { name: "Run now: Headphones" })).toBeDisabled();
});
