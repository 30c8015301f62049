import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ScrapeError } from "@/lib/infra/errors";
import { extractFromHtml } from "@/lib/scrapers/engine";
import { SCRAPER_KINDS } from "@/lib/scrapers/kinds";

// Every extractor on random and adversarial pages: it returns items or throws a ScrapeError (a page too
// complex to extract), never anything else, and never runs away. The time budget is generous on purpose:
// it only catches quadratic or exponential blow-ups, not ordinary slowness (bench:extract measures that),
// and it counts this process's CPU time, not wall time, so a busy machine does not fail it.
const BUDGET_MS_PER_KB = 250;
const BUDGET_MS_BASE = 2_000;

const TAGS = [
  "div",
  "span",
  "p",
  "a",
  "h1",
  "h2",
  "li",
  "ul",
  "article",
  "main",
  "header",
  "footer",
  "nav",
  "time",
  "table",
  "tr",
  "td",
  "form",
  "button",
  "img",
  "meta",
  "script",
  "del",
  "s",
];
const NAMES = [
  "price",
  "old-price",
  "product-code",
  "sku",
  "byline",
  "author",
  "date",
  "meta",
  "related",
  "add-to-cart",
  "content",
  "comment",
  "sidebar",
  "stock",
  "title",
  "rating",
  "review",
];
const TEXTS = [
  "$1,299.00",
  "1.299,00 €",
  "₹1,29,999",
  "R$ 1.299,00",
  "By Jane Doe",
  "Dec 13, 2016 at 3:45 pm",
  "2019年3月5日",
  "Product code: AB-123",
  "Add to cart",
  "In stock",
  "4.5 out of 5",
  "&amp;&#8216;",
  "<",
  ">",
  "\u200b",
  "ｘ",
];

const attribute = fc.record({
  name: fc.constantFrom(
    "class",
    "id",
    "itemprop",
    "itemscope",
    "itemtype",
    "rel",
    "datetime",
    "content",
    "data-price",
    "property",
    "href",
    "role",
  ),
  value: fc.oneof(
    fc.constantFrom(...NAMES, "https://schema.org/Product", "author", "price", "2016-12-13"),
    fc.string({ maxLength: 12 }),
  ),
});

const element: fc.Memo<string> = fc.memo((depth) =>
  fc
    .record({
      tag: fc.constantFrom(...TAGS),
      attributes: fc.array(attribute, { maxLength: 3 }),
      children:
        depth > 1
          ? fc.array(fc.oneof(element(depth - 1), fc.constantFrom(...TEXTS), fc.string({ maxLength: 20 })), { maxLength: 4 })
          : fc.constant([]),
      closed: fc.boolean(),
    })
    .map(({ tag, attributes, children, closed }) => {
      const attrs = attributes.map(({ name, value }) => ` ${name}="${value.replace(/"/g, "&quot;")}"`).join("");
      return `<${tag}${attrs}>${children.join("")}${closed ? `</${tag}>` : ""}`;
    }),
);

const jsonLd = fc
  .oneof(
    fc.jsonValue({ maxDepth: 6 }).map((value) => JSON.stringify(value)),
    fc.constantFrom(
      '{"@type":"Product","name":"X","offers":{"@type":"AggregateOffer","lowprice":{"sales":{"value":1}}}}',
      '{"@type":"NewsArticle","headline":"A &amp; B","author":[{"@type":"Person","name":"J"}],',
      '[{"@type":"Product","offers":[{"availability":"OutOfStock"},{"availability":"InStock"}]}]',
      '{"@graph":[{"@id":"#a","@type":"Article","author":{"@id":"#a"}}]}',
      "{'@type': 'JobPosting', title: 'Dev', }",
    ),
    fc.string({ maxLength: 60 }),
  )
  .map((json) => `<script type="application/ld+json">${json}</script>`);

const page = fc
  .tuple(fc.array(fc.oneof(element(4), jsonLd), { maxLength: 6 }), fc.string({ maxLength: 40 }))
  .map(([parts, tail]) => `<html><head><title>T | Site</title></head><body>${parts.join("")}${tail}</body></html>`);

/** Deep nesting and long flat runs: the shapes that break recursive or quadratic code. */
const adversarial = fc.oneof(
  fc.integer({ min: 100, max: 1_500 }).map((depth) => `${"<div><span>".repeat(depth)}$5${"</span></div>".repeat(depth)}`),
  fc.integer({ min: 100, max: 2_000 }).map((count) => `<ul>${'<li class="price">$1</li>'.repeat(count)}</ul>`),
  fc
    .integer({ min: 10, max: 200 })
    .map((depth) => `<script type="application/ld+json">${"[".repeat(depth)}${"]".repeat(depth)}</script>`),
  fc
    .integer({ min: 100, max: 2_000 })
    .map((count) => `<p>${"By ".repeat(count)}Jane</p><p class="date">${"2019年".repeat(count)}</p>`),
);

function extractEvery(html: string): void {
  const started = process.cpuUsage();
  for (const kind of SCRAPER_KINDS) {
    try {
      const items = extractFromHtml(kind, html, "https://example.com/p/1", { includeReviews: true });
      expect(Array.isArray(items)).toBe(true);
    } catch (error) {
      expect(error).toBeInstanceOf(ScrapeError);
    }
  }
  const { user, system } = process.cpuUsage(started);
  expect((user + system) / 1000).toBeLessThan(BUDGET_MS_BASE + (BUDGET_MS_PER_KB * html.length) / 1024);
}

describe("extractors on random and adversarial pages", () => {
  it("return items or a ScrapeError for random markup and JSON-LD", () => {
    fc.assert(fc.property(page, extractEvery), { numRuns: 40 });
  });

  it("return items or a ScrapeError for deep, wide and repetitive pages", () => {
    fc.assert(fc.property(adversarial, extractEvery), { numRuns: 8 });
  });

  it("return items or a ScrapeError for arbitrary text", () => {
    fc.assert(fc.property(fc.string({ maxLength: 500 }), extractEvery), { numRuns: 40 });
  });
});
