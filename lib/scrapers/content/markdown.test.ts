import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parsePage } from "../extract/page";
import { MAX_MARKDOWN_NESTING } from "../limits";
import { computeFormats } from "./formats";
import type { ContentOptions } from "./options";

// The structure test set: hand-written pages (test/fixtures/content/<name>.html) and the exact Markdown each must give
// (<name>.md). Pages about one Markdown feature render the whole page; the last two are real-looking pages whose
// furniture (cookie banner, navigation, share bar, related stories, footer) main-content detection must leave out.
const FIXTURES = path.resolve(import.meta.dirname, "../../../test/fixtures/content");
const PAGE_URL = "https://example.com/docs/page";

const WHOLE_PAGE: ContentOptions = { onlyMainContent: false };
const CASES: { name: string; options: ContentOptions }[] = [
  { name: "tables", options: WHOLE_PAGE },
  { name: "nested-lists", options: WHOLE_PAGE },
  { name: "code", options: WHOLE_PAGE },
  { name: "images", options: WHOLE_PAGE },
  { name: "links", options: WHOLE_PAGE },
  { name: "base-href", options: WHOLE_PAGE },
  { name: "rtl", options: WHOLE_PAGE },
  { name: "inline", options: WHOLE_PAGE },
  { name: "blockquote", options: WHOLE_PAGE },
  { name: "cookie-banner", options: {} },
  { name: "nav", options: {} },
];

function fixture(name: string): { html: string; markdown: string } {
  return {
    html: readFileSync(path.join(FIXTURES, `${name}.html`), "utf8"),
    markdown: readFileSync(path.join(FIXTURES, `${name}.md`), "utf8").replace(/\n$/, ""),
  };
}

function markdownOf(html: string, options: ContentOptions = {}, url = PAGE_URL): string {
  return computeFormats({ page: parsePage(html, url), html, formats: ["markdown"], options }).markdown ?? "";
}

describe("Markdown structure (test/fixtures/content)", () => {
  for (const { name, options } of CASES) {
    it(`${name}.html gives exactly ${name}.md`, () => {
      const { html, markdown } = fixture(name);
      expect(markdownOf(html, options)).toBe(markdown);
    });
  }

  it("is deterministic: the same page parsed twice gives the same Markdown, text and HTML", () => {
    for (const { name, options } of CASES) {
      const { html } = fixture(name);
      const formats = ["markdown", "text", "html", "links", "metadata"] as const;
      const first = computeFormats({ page: parsePage(html, PAGE_URL), html, formats, options });
      const again = computeFormats({ page: parsePage(html, PAGE_URL), html, formats, options });
      expect(JSON.stringify(again)).toBe(JSON.stringify(first));
    }
  });

  it("writes no data: URL, no javascript: link, no empty link text and no trailing whitespace", () => {
    for (const { name, options } of CASES) {
      const markdown = markdownOf(fixture(name).html, options);
      expect(markdown).not.toMatch(/data:|javascript:|(?<!!)\[\]\(/i);
      expect(markdown).not.toMatch(/[ \t]+$/m);
      expect(markdown).not.toMatch(/\n{3,}/);
    }
  });
});

describe("Markdown details", () => {
  it("leaves out an article page's headline, byline, share bar and related stories, and keeps its images", () => {
    const html = `<html><body><article><h1>Headline</h1><p class="byline">By Jane Doe</p>
      <div class="content"><p>${"The first paragraph of the story, long enough to count. ".repeat(4)}</p>
      <figure><img src="/a.jpg" alt="Photo"><figcaption>Caption text</figcaption></figure>
      <p>${"The second paragraph, with more words in it, and commas, too. ".repeat(4)}</p></div>
      <div class="share"><a href="https://twitter.com/intent/tweet?u=1">Tweet</a></div></article></body></html>`;
    const markdown = markdownOf(html);
    expect(markdown).toContain("![Photo](https://example.com/a.jpg)");
    expect(markdown).toContain("The first paragraph");
    expect(markdown).not.toMatch(/Headline|Jane Doe|Caption text|Tweet/);
  });

  it("falls back to the whole page when main-content detection finds nothing", () => {
    const html = "<html><body><nav><a href='/'>Home</a></nav><div>Just a line.</div></body></html>";
    expect(markdownOf(html)).toBe("Just a line.");
    // Nothing but furniture: the whole page, rather than nothing.
    expect(markdownOf("<html><body><nav><a href='/'>Home</a></nav></body></html>")).toBe("[Home](https://example.com/)");
  });

  it("keeps a paywall block that holds the article's paragraphs, not a paywall prompt", () => {
    const paragraph = (words: string) => `<p>${`${words} `.repeat(8)}</p>`;
    const html = `<html><body><article><div class="body">${paragraph("Open text, served to everyone.")}
      ${paragraph("More open text, with commas, in it.")}
      <div class="paywall">${paragraph("Walled text, served whole.")}${paragraph("More walled text.")}</div>
      <div class="paywall-prompt"><p>Subscribe now</p><a href="/s">Only $1</a></div></div></article></body></html>`;
    const markdown = markdownOf(html);
    expect(markdown).toContain("Walled text");
    expect(markdown).not.toMatch(/Subscribe now|Only \$1/);
  });

  it("shows a product page's content without its furniture rather than its description alone", () => {
    const html = `<html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Kettle"}</script></head>
      <body><header class="site-header"><a href="/">Shop</a></header><main><h1>Kettle</h1><p class="price">€39.00</p>
      <div class="description"><p>${"A kettle that boils water quickly and quietly, with a filter. ".repeat(5)}</p></div>
      <section class="related-products"><h2>You may also like</h2><p>Teapot</p></section></main><footer>Footer</footer></body></html>`;
    expect(markdownOf(html)).toBe(
      `# Kettle\n\n€39.00\n\n${"A kettle that boils water quickly and quietly, with a filter. ".repeat(5).trim()}`,
    );
  });

  it("renders the text format as a browser's innerText lays it out, without markup", () => {
    const html =
      "<h2>Title</h2><p>A <b>bold</b> <a href='/x'>link</a>.</p><ul><li>one</li><li>two</li></ul><table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table><pre>x = 1\n  y</pre><img src='/i.png' alt='img'>";
    const { text } = computeFormats({ page: parsePage(html, PAGE_URL), html, formats: ["text"], options: WHOLE_PAGE });
    expect(text).toBe("Title\n\nA bold link.\n\none\ntwo\n\na\tb\n1\t2\n\nx = 1\n  y");
  });

  it("writes cleaned HTML of the kept content: no scripts, handlers or hidden elements, URLs absolute", () => {
    const html = `<div id="x" onclick="steal()" style="color:red"><p>Hi <a href="/a" onmouseover="x()">there</a>
      <a href="javascript:go()">js</a></p><script>alert(1)</script><p hidden>secret</p><p style="display:none">gone</p>
      <img src="data:," data-src="/lazy.png" alt="L"><!-- comment --></div>`;
    const { html: cleaned } = computeFormats({ page: parsePage(html, PAGE_URL), html, formats: ["html"], options: WHOLE_PAGE });
    expect(cleaned).toBe(
      '<body><div id="x"><p>Hi <a href="https://example.com/a">there</a>\n      <a>js</a></p>\n      ' +
        '<img src="https://example.com/lazy.png" alt="L"></div></body>',
    );
  });

  it("narrows the content with include_tags and exclude_tags", () => {
    const html = `<body><div class="a"><p>Alpha</p><p class="skip">Skipped</p></div><div class="b"><p>Beta</p></div>
      <div class="a"><p>Gamma</p></div></body>`;
    expect(markdownOf(html, { includeTags: [".a"], excludeTags: [".skip"] })).toBe("Alpha\n\nGamma");
    expect(markdownOf(html, { onlyMainContent: false, excludeTags: ["div.a", "nothing-matches"] })).toBe("Beta");
    // include_tags chooses the roots whatever only_main_content says; nested matches are not written twice.
    expect(markdownOf(html, { includeTags: ["body", ".b"] })).toBe("Alpha\n\nSkipped\n\nBeta\n\nGamma");
  });

  it("caps list indentation at MAX_MARKDOWN_NESTING levels, keeping every item in order", () => {
    const depth = 40;
    const html = `${"<ul><li>item".repeat(depth)}${"</li></ul>".repeat(depth)}`;
    const lines = markdownOf(html, WHOLE_PAGE).split("\n");
    expect(lines).toHaveLength(depth);
    expect(lines.every((line) => line.trim() === "- item")).toBe(true);
    const indents = lines.map((line) => line.length - line.trimStart().length);
    expect(Math.max(...indents)).toBe(2 * MAX_MARKDOWN_NESTING);
  });
});
