import { describe, expect, it } from "vitest";
import { fixtureSite, scraper } from "@/test/support/fixture-site";
import { extractFromHtml } from "../engine";
import { parsePage } from "../extract/page";
import { isBlockedPage, probabilityOf } from "./confidence";

const site = fixtureSite();
const products = scraper("product", site);
// A page of another kind's folder: the fixture site serves every kind's pages.

describe("_meta.sources: where each field came from", () => {
  it.each([
    ["jsonld.html", "json-ld"],
    ["microdata.html", "microdata"],
    // RDFa Lite is schema.org in HTML attributes too: reported as microdata.
    ["rdfa.html", "microdata"],
    ["opengraph.html", "opengraph"],
    ["plain.html", "markup"],
  ])("names the layer of %s (%s)", async (page, source) => {
    const [item] = await products(page);
    expect(item?._meta?.sources).toMatchObject({ price: source, price_raw: source, currency: source, availability: source });
  });

  it("lists exactly the fields that hold a value", async () => {
    const [item] = await products("opengraph.html");
    const filled = Object.entries(item ?? {})
      .filter(([key, value]) => key !== "_meta" && value !== null)
      .map(([key]) => key);
    expect(Object.keys(item?._meta?.sources ?? {}).sort()).toEqual(filled.sort());
  });

  it("says text for values read from running text and from the page address", () => {
    const html = `<!doctype html><html><head><title>Bench</title></head><body><main><h1>Oak Bench</h1>
      <p>A solid oak bench, now only €240 while stocks last.</p></main></body></html>`;
    const [item] = extractFromHtml("product", html, "https://shop.example/p/oak-bench");
    expect(item).toMatchObject({ price: 240, currency: "EUR" });
    expect(item?._meta?.sources).toMatchObject({ title: "markup", price: "text", currency: "text", url: "text" });
  });
});

describe("_meta.probability: the chance that the page is the kind's", () => {
  it("is high on product pages, whatever layer they use", async () => {
    for (const page of ["jsonld.html", "microdata.html", "opengraph.html", "plain.html"]) {
      const [item] = await products(page);
      expect(item?._meta?.probability, page).toBeGreaterThan(0.5);
    }
    expect((await products("jsonld.html"))[0]?._meta?.probability).toBeGreaterThan(0.9);
  });

  it("is low on listings, error pages and bot checks", async () => {
    for (const page of ["category-plain.html", "category-jsonld.html", "soft-404.html", "bot-check.html"]) {
      const items = await products(page);
      expect(items.length, page).toBeGreaterThan(0);
      for (const item of items) expect(item._meta?.probability, page).toBeLessThan(0.1);
    }
    const stories = await scraper("news_article", site)("index.html");
    expect(stories.every((story) => (story._meta?.probability ?? 1) < 0.1)).toBe(true);
  });

  it("is low for a kind the page is not: an article read as a product, a product read as a job", async () => {
    const [asProduct] = await products("news_article/jsonld.html");
    const [asJob] = await scraper("job", site)("product/jsonld.html");
    expect(asProduct?._meta?.probability).toBeLessThan(0.1);
    expect(asJob?._meta?.probability).toBeLessThan(0.1);
  });

  it("rises with every signal for the kind and falls with every signal against it", () => {
    const none = { typed: 0, ogKind: 0, ogOther: 0, coverage: 0, listing: 0, blocked: 0 };
    const base = probabilityOf(none);
    for (const signal of ["typed", "ogKind", "coverage"] as const)
      expect(probabilityOf({ ...none, [signal]: 1 })).toBeGreaterThan(base);
    const strong = { ...none, typed: 1, ogKind: 1, coverage: 1 };
    for (const signal of ["ogOther", "listing", "blocked"] as const)
      expect(probabilityOf({ ...strong, [signal]: 1 })).toBeLessThan(probabilityOf(strong));
  });
});

describe("isBlockedPage", () => {
  const page = (title: string, body = "<main><p>Text</p></main>") =>
    parsePage(`<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`, "https://site.example/x");

  it.each([
    "Page Not Found | Shop",
    "404 - Seite nicht gefunden",
    "Página no encontrada",
    "Access Denied",
    "Just a moment...",
    "Are you a robot?",
  ])("takes %s for an error or a bot check", (title) => {
    expect(isBlockedPage(page(title))).toBe(true);
  });

  it.each(["404 Error T-Shirt in black cotton", "Missing plane still not found", "Robots in the classroom"])(
    "takes %s for a page like any other",
    (title) => {
      expect(isBlockedPage(page(title))).toBe(false);
    },
  );

  it("takes a bare page holding a challenge widget for a bot check, not a full page with a reCAPTCHA form", () => {
    expect(isBlockedPage(page("Shop", '<div class="g-recaptcha"></div>'))).toBe(true);
    const full = `<main>${"<section><p>Product text</p><a href='#'>link</a></section>".repeat(100)}<div class="g-recaptcha"></div></main>`;
    expect(isBlockedPage(page("Shop", full))).toBe(false);
  });
});
