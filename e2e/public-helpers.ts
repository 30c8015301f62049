import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";

/** Public pages, each with the heading it must show (docs/product.md#routes). */
export const PUBLIC_PAGES = [
  {
    path: "/",
    heading: "Structured data from any website, one API call away",
    title: "ScrapeDeck — Ready-made web scrapers behind one API",
  },
  { path: "/about", heading: "About ScrapeDeck", title: "About | ScrapeDeck" },
  { path: "/api-docs", heading: "API Documentation", title: "API Documentation | ScrapeDeck" },
  { path: "/contact", heading: "Contact us", title: "Contact | ScrapeDeck" },
  { path: "/privacy-policy", heading: "Privacy Policy", title: "Privacy Policy | ScrapeDeck" },
  { path: "/terms-of-service", heading: "Terms of Service", title: "Terms of Service | ScrapeDeck" },
  { path: "/cookie-policy", heading: "Cookie Policy", title: "Cookie Policy | ScrapeDeck" },
  { path: "/scrapers/1", heading: "E-commerce Product Scraper", title: "E-commerce Product Scraper | ScrapeDeck" },
  { path: "/scrapers/abc", heading: "Scraper Not Found", title: "Scraper Not Found | ScrapeDeck" },
  { path: "/no-such-page", heading: "Page Not Found", title: "Page Not Found | ScrapeDeck" },
] as const;

/** Most tests are not about the cookie banner: decide before any page script runs, so it never covers content. */
export async function withCookieChoice(context: BrowserContext, value: "true" | "false" = "true"): Promise<void> {
  await context.addInitScript((choice) => window.localStorage.setItem("cookie-consent", choice), value);
}

/** The served contract's example of a run's 200 answer, which the home and scraper pages show as their sample. */
export async function runAnswerExample(request: APIRequestContext): Promise<unknown> {
  const document = await (await request.get("/api/openapi.json")).json();
  return document.paths["/api/scrapers/{id}/run"].post.responses["200"].content["application/json"].example;
}

/** Today as the legal pages print it, in the browser's own time zone. */
export function browserToday(page: Page): Promise<string> {
  return page.evaluate(() => new Date().toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" }));
}
