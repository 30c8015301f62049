import { expect, type Page, test } from "@playwright/test";
import { planFeatures } from "@/lib/catalogue/plan-features";
import { CATALOGUE } from "@/lib/catalogue/seed-data";
import { PLAN_LIST } from "@/lib/config/plans";
import { site } from "@/lib/config/site";
import { browserToday, runAnswerExample, withCookieChoice } from "./public-helpers";

test.beforeEach(async ({ context }) => withCookieChoice(context));

function section(page: Page, name: string) {
  return page.getByRole("region", { name, exact: true });
}

test.describe("home", () => {
  test("renders every section in order with the calls to action", async ({ page }) => {
    await page.goto("/");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 2 })).toHaveText([
      "Everything you need to collect web data",
      "From sign-up to data in three steps",
      "Available scrapers",
      "One request, clean JSON",
      "Built for developers, analysts and companies",
      "Simple, transparent pricing",
      "Ready to start scraping?",
    ]);
    await expect(main.getByRole("link", { name: "Get Started for Free" })).toHaveAttribute("href", "/register");
    await expect(section(page, "From sign-up to data in three steps").getByRole("listitem")).toHaveCount(3);
    const cta = section(page, "Ready to start scraping?");
    await expect(cta.getByRole("link", { name: "Sign Up Free" })).toHaveAttribute("href", "/register");
    await expect(cta.getByRole("link", { name: "Contact Sales" })).toHaveAttribute("href", "/contact");
    const example = section(page, "One request, clean JSON");
    await expect(example.getByRole("figure", { name: "Example request" })).toContainText(
      `curl -X POST ${new URL(page.url()).origin}/api/scrapers/1/run`,
    );
    await expect(example.getByRole("figure", { name: "Example response" })).toContainText('"status": "success"');
    // The sample is the contract's example of a run's 200 answer, as the served document gives it.
    const shown = await example.getByRole("figure", { name: "Example response" }).locator("pre").textContent();
    expect(JSON.parse(shown ?? "null")).toEqual(await runAnswerExample(page.request));
  });

  test("Browse Scrapers scrolls to the scrapers section", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Browse Scrapers" }).click();
    await expect(page).toHaveURL(/#scrapers$/);
    await expect(section(page, "Available scrapers").getByRole("heading", { level: 2 })).toBeInViewport();
  });

  test("lists the catalogue, each card linking to its page", async ({ page, request }) => {
    const scrapers = (await (await request.get("/api/scrapers")).json()) as Array<{ id: number; name: string }>;
    await page.goto("/");
    const cards = section(page, "Available scrapers").getByRole("link");
    await expect(cards).toHaveCount(scrapers.length);
    for (const [index, scraper] of scrapers.entries()) {
      await expect(cards.nth(index)).toHaveAttribute("href", `/scrapers/${scraper.id}`);
      await expect(cards.nth(index).getByRole("heading")).toHaveText(scraper.name);
      // The page is kept for up to five minutes, so a user count may trail the API's by the runs since then.
      await expect(cards.nth(index)).toContainText(/\d[\d,]* users?/);
    }
    await expect(cards.first().locator("[data-variant]")).toHaveAttribute("data-variant", "green");
  });

  test("the catalogue is in the server's HTML, and the browser does not fetch it again", async ({ page, request }) => {
    const html = await (await request.get("/")).text();
    for (const entry of CATALOGUE) {
      expect(html).toContain(entry.name);
      expect(html).toContain(entry.description.replaceAll("'", "&#x27;"));
    }
    expect(html).not.toContain("scraper-card-skeleton");
    const lookups: string[] = [];
    page.on("request", (req) => {
      if (new URL(req.url()).pathname.startsWith("/api/scrapers")) lookups.push(req.url());
    });
    await page.goto("/");
    await expect(section(page, "Available scrapers").getByRole("link")).toHaveCount(CATALOGUE.length);
    await expect(section(page, "Available scrapers").getByTestId("skeleton")).toHaveCount(0);
    expect(lookups).toEqual([]);
  });

  test("structured data describes the organization", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const block = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(block ?? "null")).toMatchObject({ "@type": "Organization", name: site.name, url: "/" });
  });

  test("pricing comes from the plan table", async ({ page }) => {
    await page.goto("/");
    const pricing = section(page, "Simple, transparent pricing");
    const plans = pricing.getByRole("list").first().locator(":scope > li");
    await expect(plans).toHaveCount(PLAN_LIST.length);
    for (const [index, plan] of PLAN_LIST.entries()) {
      const card = plans.nth(index);
      await expect(card.getByRole("heading", { level: 3 })).toHaveText(plan.name);
      await expect(card).toContainText(`$${plan.priceUsd}/month`);
      await expect(card.getByText("Popular", { exact: true })).toHaveCount(plan.popular ? 1 : 0);
      for (const feature of planFeatures(plan)) {
        await expect(card.getByRole("listitem").filter({ hasText: feature.text })).toContainText(
          feature.included ? "Included" : "Not included",
        );
      }
    }
    await expect(plans.nth(0)).toContainText("100 API calls/month");
    await expect(plans.nth(1)).toContainText("$49/month");
    await expect(plans.nth(2)).toContainText("5,000 API calls/month");
    await expect(pricing.getByRole("link", { name: /enterprise pricing/ })).toHaveAttribute("href", "/contact");
  });
});

test("about: story, vision, values and team cards", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 2, name: "Our story" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Our vision" })).toBeVisible();
  await expect(section(page, "Our values").getByRole("heading", { level: 3 })).toHaveText([
    "User-Focused",
    "Reliability",
    "Privacy & Security",
  ]);
  await expect(section(page, "Meet the team").getByRole("listitem")).toHaveCount(4);
});

test.describe("API documentation", () => {
  test("getting started: base URL of this host and the bearer key linking to the dashboard", async ({ page }) => {
    await page.goto("/api-docs");
    const gettingStarted = section(page, "Getting Started");
    await expect(gettingStarted.getByTestId("api-base-url")).toHaveText(`${new URL(page.url()).origin}/api/`);
    await expect(gettingStarted.getByRole("figure", { name: "Authorization header" }).locator("pre")).toHaveText(
      "Authorization: Bearer YOUR_API_KEY",
    );
    await expect(gettingStarted.getByRole("link", { name: "dashboard" })).toHaveAttribute("href", "/dashboard");
  });

  test("reference tabs: Scrapers by default, then Authentication, API Keys, Search, Licenses, Runs & Webhooks, Monitors and Crawls", async ({
    page,
  }) => {
    await page.goto("/api-docs");
    const reference = section(page, "API Reference");
    const tabs = reference.getByRole("tablist", { name: "API reference sections" }).getByRole("tab");
    await expect(tabs).toHaveText([
      "Scrapers",
      "Authentication",
      "API Keys",
      "Search",
      "Licenses",
      "Runs & Webhooks",
      "Monitors",
      "Crawls",
    ]);
    await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
    const panel = reference.getByRole("tabpanel");
    await expect(panel).toHaveCount(1);
    await expect(panel.getByRole("article", { name: "POST /api/scrapers/{id}/run" })).toBeVisible();
    for (const [tab, endpoint] of [
      ["Authentication", "POST /api/auth/login"],
      ["API Keys", "DELETE /api/keys/{id}"],
      ["Search", "GET /api/search?q={q}"],
      ["Licenses", "PATCH /api/licenses/{id}"],
      ["Runs & Webhooks", "GET /api/runs/{id}"],
      ["Monitors", "POST /api/monitors/{id}/run"],
      ["Crawls", "POST /api/crawls"],
    ] as const) {
      await reference.getByRole("tab", { name: tab }).click();
      await expect(
        reference.getByRole("tabpanel", { name: tab }).getByRole("article", { name: endpoint, exact: true }),
      ).toBeVisible();
    }
    // Arrow keys move between tabs (Radix roving focus).
    await reference.getByRole("tab", { name: "Search" }).focus();
    await page.keyboard.press("ArrowLeft");
    await expect(reference.getByRole("tab", { name: "API Keys" })).toBeFocused();
  });

  test("shows every operation of the served document, with every status it answers", async ({ page, request }) => {
    // Some fifty operations, each looked up on the page: more than the default 30 s on a loaded machine.
    test.setTimeout(90_000);
    const document = await (await request.get("/api/openapi.json")).json();
    await page.goto("/api-docs");
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, { responses: object }>>)) {
      for (const [method, operation] of Object.entries(item)) {
        // Cards of inactive tabs are in the HTML, hidden; a card's name may add the query the path takes.
        const name = `${method.toUpperCase()} ${path}`;
        const card = page.locator(`article[aria-label="${name}"], article[aria-label^="${name}?"]`);
        await expect(card, `${method} ${path}`).toHaveCount(1);
        const successes = Object.keys(operation.responses).filter((status) => status.startsWith("2"));
        for (const status of successes) await expect(card).toContainText(`Response (${status})`);
      }
    }
  });

  test("code examples: JavaScript by default, Python and PHP, the files CI runs, on this host", async ({ page }) => {
    await page.goto("/api-docs");
    const examples = section(page, "Code Examples");
    const origin = new URL(page.url()).origin;
    await expect(examples.getByRole("tab")).toHaveText(["JavaScript", "Python", "PHP"]);
    const panel = examples.getByRole("tabpanel");
    await expect(panel).toContainText(`process.env.SCRAPEDECK_URL ?? "${origin}"`);
    await expect(panel).toContainText("examples/js/scrape.mjs");
    await expect(panel).toContainText("examples/js/markdown.mjs");
    await expect(panel).toContainText("/api/verify-license");
    await examples.getByRole("tab", { name: "Python" }).click();
    await expect(panel).toContainText(`os.environ.get("SCRAPEDECK_URL", "${origin}")`);
    await expect(panel).toContainText("import urllib.request");
    await examples.getByRole("tab", { name: "PHP" }).click();
    await expect(panel).toContainText(`getenv('SCRAPEDECK_URL') ?: '${origin}'`);
    await expect(panel).toContainText("curl_init($baseUrl . $path)");
  });

  test("Markdown and formats: a run's Markdown for a news page, and how it renders", async ({ page }) => {
    await page.goto("/api-docs");
    const markdown = section(page, "Markdown and formats");
    const code = markdown.getByRole("figure", { name: "The markdown a run answers for a news page" });
    await expect(code).toContainText("## What changes");
    await expect(code).toContainText("| Route | Minutes saved |");
    await expect(code).toContainText("  - taxis still allowed at night");
    await expect(code).toContainText("```bash");
    // Navigation, the cookie banner, the share bar and the footer are not the article.
    await expect(code).not.toContainText("Accept");
    await expect(code).not.toContainText("About us");
    const rendering = markdown.getByTestId("markdown-rendering");
    await expect(rendering.getByRole("heading", { level: 2 })).toHaveText("What changes");
    await expect(rendering.getByRole("columnheader")).toHaveText(["Route", "Minutes saved"]);
    await expect(rendering.getByRole("list").getByRole("list").getByRole("listitem")).toHaveText("taxis still allowed at night");
    await expect(rendering.getByRole("link", { name: "after a two-year pilot" })).toHaveAttribute(
      "href",
      "https://news.example.com/2026/10/pilot",
    );
  });

  test("links the raw OpenAPI document", async ({ page }) => {
    await page.goto("/api-docs");
    const link = section(page, "OpenAPI").getByRole("link", { name: "openapi.json" });
    await expect(link).toHaveAttribute("href", "/api/openapi.json");
    const document = await (await page.request.get("/api/openapi.json")).json();
    expect(document.openapi).toBe("3.1.0");
  });

  test.describe("code samples", () => {
    test.use({ permissions: ["clipboard-read", "clipboard-write"] });

    test("show their language, highlight the code, copy it whole and scroll long lines", async ({ page }) => {
      await page.goto("/api-docs");
      // The first of the JavaScript flows (the files of examples/js, docs/api.md): each language shows every example file.
      const example = page.getByRole("figure", { name: /^JavaScript example: / }).first();
      await expect(example).toContainText("JavaScript");
      await expect(example.locator("pre span").first()).toBeVisible();
      // The server HTML shows the files' default host; hydration puts this page's origin in its place.
      await expect(example.locator("pre")).toContainText(new URL(page.url()).origin);
      const code = await example.locator("pre").innerText();
      await example.getByRole("button", { name: "Copy code" }).click();
      await expect(example.getByRole("button", { name: "Copied!" })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
      expect(await example.locator("pre").evaluate((pre) => getComputedStyle(pre).overflowX)).toBe("auto");
      await expect(page.getByRole("figure", { name: "Error response example" })).toContainText("JSON");
    });
  });

  test("an 'On this page' bar links every section and stays in view", async ({ page }) => {
    await page.goto("/api-docs");
    const nav = page.getByRole("navigation", { name: "On this page" });
    await expect(nav.getByRole("link")).toHaveText([
      "Getting Started",
      "API Reference",
      "Async runs & webhooks",
      "Markdown & formats",
      "License verification",
      "Errors",
      "Code Examples",
      "FAQ",
    ]);
    await nav.getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/#faq$/);
    await expect(page.getByRole("heading", { level: 2, name: "FAQ" })).toBeInViewport();
    await expect(nav).toBeInViewport();
  });

  test("the FAQ states every plan's limits from the plan table", async ({ page }) => {
    await page.goto("/api-docs");
    const faq = section(page, "FAQ");
    await faq.getByText("Which plans are available?").click();
    for (const plan of PLAN_LIST) {
      await expect(faq).toContainText(`${plan.name} — $${plan.priceUsd}/month:`);
      await expect(faq).toContainText(`${plan.monthlyRuns.toLocaleString("en-US")} API calls/month`);
    }
    await faq.getByText("What are the rate limits?").click();
    for (const plan of PLAN_LIST) await expect(faq).toContainText(`${plan.name} ${plan.requestsPerMinute} requests per minute`);
  });
});

test.describe("contact", () => {
  test("side cards: support e-mail, hours and the docs", async ({ page }) => {
    await page.goto("/contact");
    const side = page.getByRole("complementary", { name: "Other ways to reach us" });
    await expect(side.getByRole("link", { name: site.supportEmail })).toHaveAttribute("href", `mailto:${site.supportEmail}`);
    await expect(side).toContainText("Monday to Friday, 9AM to 6PM EST.");
    await expect(side).toContainText("We aim to reply within 24 hours on business days.");
    await expect(side.getByRole("link", { name: "Read the API documentation" })).toHaveAttribute("href", "/api-docs");
  });

  test("shows each rule's message on its field", async ({ page }) => {
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByLabel("Name").fill("A");
    await form.getByLabel("Email").fill("not-an-email");
    await form.getByLabel("Subject").fill("Hey");
    await form.getByLabel("Message").fill("Too short");
    await form.getByRole("button", { name: "Send Message" }).click();
    for (const [field, message] of [
      ["Name", "Name must be at least 2 characters."],
      ["Email", "Please enter a valid email address."],
      ["Subject", "Subject must be at least 5 characters."],
      ["Message", "Message must be at least 10 characters."],
    ] as const) {
      await expect(form.getByLabel(field)).toHaveAttribute("aria-invalid", "true");
      await expect(form.getByLabel(field)).toHaveAccessibleDescription(message);
    }
    await expect(form.getByLabel("Name")).toBeFocused();
    await form.getByLabel("Name").fill("Ada");
    await expect(form.getByText("Name must be at least 2 characters.")).toHaveCount(0);
  });

  test("sends without a server call: 'Sending...', then the notice, then an empty form", async ({ page }) => {
    await page.goto("/contact");
    const calls: string[] = [];
    page.on("request", (req) => {
      if (req.method() !== "GET") calls.push(`${req.method()} ${req.url()}`);
    });
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByLabel("Name").fill("Ada Lovelace");
    await form.getByLabel("Email").fill("ada@example.com");
    await form.getByLabel("Subject").fill("Enterprise pricing");
    await form.getByLabel("Message").fill("We would like to scrape 50,000 pages a month.");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("button", { name: "Sending..." })).toBeDisabled();
    await expect(page.getByText("Message sent", { exact: true })).toBeVisible();
    await expect(page.getByText("We've received your message and will get back to you soon.")).toBeVisible();
    for (const field of ["Name", "Email", "Subject", "Message"]) await expect(form.getByLabel(field)).toHaveValue("");
    await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();
    expect(calls).toEqual([]);
  });
});

test.describe("legal pages", () => {
  const PAGES = [
    {
      path: "/terms-of-service",
      title: "Terms of Service",
      texts: ["Accounts", "API keys", "Acceptable use", "Plans and limits", "Termination", "Limitation of liability", "30 days"],
    },
    {
      path: "/privacy-policy",
      title: "Privacy Policy",
      texts: [
        "stored in a cloud database",
        "except where we are required to do so by law",
        "Access",
        "Rectification",
        "Deletion",
        "Restriction",
        "Portability",
        "at least 16 years old",
      ],
    },
    { path: "/cookie-policy", title: "Cookie Policy", texts: ["Session cookie", "Accept All or Decline"] },
  ];
  for (const legal of PAGES) {
    test(`${legal.title}: its text and today's date as last updated`, async ({ page }) => {
      await page.goto(legal.path);
      const article = page.getByRole("article");
      await expect(article.getByRole("heading", { level: 1 })).toHaveText(legal.title);
      await expect(article.getByText(/^Last updated:/)).toHaveText(`Last updated: ${await browserToday(page)}`);
      for (const text of legal.texts) await expect(article).toContainText(text);
    });
  }

  test("the terms state each plan's limits from the plan table", async ({ page }) => {
    await page.goto("/terms-of-service");
    for (const plan of PLAN_LIST) {
      await expect(page.getByRole("article")).toContainText(`${plan.requestsPerMinute} requests per minute`);
    }
  });
});

test("an unknown path shows the not-found page with a 404", async ({ page }) => {
  const res = await page.goto("/no-such-page/anywhere");
  expect(res?.status()).toBe(404);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  await expect(main.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  await expect(main.getByRole("link", { name: "Contact Support" })).toHaveAttribute("href", "/contact");
  const cards = main.getByRole("listitem").getByRole("link");
  await expect(cards.getByRole("heading")).toHaveText(["Browse Scrapers", "API Documentation", "Dashboard"]);
  for (const [index, href] of ["/#scrapers", "/api-docs", "/dashboard"].entries()) {
    await expect(cards.nth(index)).toHaveAttribute("href", href);
  }
  await main.getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});
