import type { Page } from "@playwright/test";

/**
 * Collects what the browser reports as an error while a test runs: console errors (failed requests such as a missing
 * favicon or a 401 included, and React's hydration errors) and uncaught exceptions.
 */
export function collectBrowserErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${page.url()}: ${message.text()} ${JSON.stringify(message.location())}`);
  });
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

/** The public pages the site is judged by (search engines, Lighthouse). */
export const INDEXABLE_PAGES = [
  "/",
  "/about",
  "/api-docs",
  "/contact",
  "/scrapers/1",
  "/privacy-policy",
  "/terms-of-service",
  "/cookie-policy",
] as const;
