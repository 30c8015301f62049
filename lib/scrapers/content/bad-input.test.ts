import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isAppError } from "@/lib/infra/errors";
import { decodeHtml } from "@/lib/infra/outbound/charset";
import {
  bigTablePage,
  deepDomPage,
  deepListPage,
  hugeArticlePage,
  longBaseLinksPage,
  manyLinksPage,
  spannedTablePage,
} from "@/test/support/hostile-pages";
import { parsePage } from "../extract/page";
import { MAX_DOM_DEPTH, MAX_FORMAT_CHARS, MAX_PAGE_BYTES } from "../limits";
import { type ContentFormats, computeFormats } from "./formats";
import { CONTENT_FORMATS } from "./options";
import { webPageItem } from "./web-page";

// Pages built to hurt: each gives a bounded, correct answer or a ScrapeError (too_large, page_too_complex), never
// another exception. How long they take is printed by `npm run bench:content -- --hostile` (not asserted here: the
// extraction thread's deadline is what bounds time in production).
const URL = "https://example.com/dir/page";
/** The megabyte pages take seconds when the whole suite shares the two cores: a guard, not a timed assertion. */
const LARGE_PAGE_TIMEOUT_MS = 120_000;

function allFormats(html: string, url = URL): ContentFormats {
  return computeFormats({ page: parsePage(html, url), html, formats: CONTENT_FORMATS });
}

function errorCode(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return isAppError(error) ? error.code : `not an AppError: ${String(error)}`;
  }
}

describe("content formats on hostile pages", () => {
  it(
    "renders a 3 MB article whole",
    () => {
      const html = hugeArticlePage(3);
      const { markdown = "", text = "", links = [] } = allFormats(html);
      const last = html.split("<h2>").length - 2;
      expect(markdown.startsWith("## Section 0\n\nParagraph 0 has [a link](https://example.com/s/0)")).toBe(true);
      expect(markdown).toContain(`## Section ${last}`);
      expect(text.endsWith(`Point ${last}.2 with code`)).toBe(true);
      expect(links).toHaveLength(last + 1);
    },
    LARGE_PAGE_TIMEOUT_MS,
  );

  it(
    "refuses a 5 MB article of 200,000+ elements page_too_complex as it parses (its parse alone would fill the thread's heap)",
    () => {
      const html = hugeArticlePage(MAX_PAGE_BYTES / (1024 * 1024));
      expect(html.length).toBeGreaterThanOrEqual(MAX_PAGE_BYTES);
      expect(errorCode(() => allFormats(html))).toBe("page_too_complex");
    },
    LARGE_PAGE_TIMEOUT_MS,
  );

  it(
    "writes a table of 100,000 cells as one GFM table",
    () => {
      const markdown = allFormats(bigTablePage(100_000)).markdown ?? "";
      const lines = markdown.split("\n");
      // The header, its separator and 10,000 rows.
      expect(lines).toHaveLength(10_002);
      expect(lines[0]).toBe(`| ${Array.from({ length: 10 }, (_, c) => `Column ${c}`).join(" | ")} |`);
      expect(lines[10_001]).toBe(`| ${Array.from({ length: 10 }, (_, c) => `9999.${c}`).join(" | ")} |`);
    },
    LARGE_PAGE_TIMEOUT_MS,
  );

  it(
    "lists 50,000 links, each once, nofollow kept",
    () => {
      const { links = [], markdown = "" } = allFormats(manyLinksPage(50_000));
      expect(links).toHaveLength(50_000);
      expect(links[0]).toEqual({ url: "https://example.com/page/0", text: "Page 0", rel: "nofollow" });
      expect(links[49_999]).toEqual({ url: "https://example.com/page/49999", text: "Page 49999", rel: null });
      expect(markdown.split("\n")).toHaveLength(50_000);
    },
    LARGE_PAGE_TIMEOUT_MS,
  );

  it("writes a list nested as deep as a page may nest, and refuses one nested deeper as page_too_complex", () => {
    // <html>, <body> and two elements per level.
    const depth = Math.floor((MAX_DOM_DEPTH - 2) / 2);
    const markdown = allFormats(deepListPage(depth)).markdown ?? "";
    expect(markdown.split("\n")).toHaveLength(depth);
    expect(markdown.split("\n").every((line) => line.trim() === "- level")).toBe(true);
    expect(errorCode(() => allFormats(deepListPage(depth + 10)))).toBe("page_too_complex");
    expect(errorCode(() => allFormats(deepDomPage(MAX_DOM_DEPTH + 10)))).toBe("page_too_complex");
  });

  it("does not lay out a table whose spans would fill a billion cells", () => {
    const rows = 5_000;
    const html = spannedTablePage(rows);
    const markdown = allFormats(html).markdown ?? "";
    const lines = markdown.split("\n");
    expect(lines).toHaveLength(rows);
    expect(lines.at(-1)).toBe("cell | more");
    expect(markdown.length).toBeLessThan(html.length);
  });

  it("fails too_large when a format would pass MAX_FORMAT_CHARS (short links under a long <base>)", () => {
    const html = longBaseLinksPage(10_000);
    expect(html.length).toBeLessThan(MAX_FORMAT_CHARS / 40);
    for (const format of ["markdown", "links"] as const) {
      const code = errorCode(() => computeFormats({ page: parsePage(html, URL), html, formats: [format] }));
      expect(code).toBe("too_large");
    }
    // The text format writes no URL: it stays small.
    const { text = "" } = computeFormats({ page: parsePage(html, URL), html, formats: ["text"] });
    expect(text.split(" ")).toHaveLength(10_000);
  });

  it("reads broken markup as a browser does", () => {
    const html =
      "<title>Broken</title><p>One <b>bold <i>both</b> italic</i> <div>block in p</div><li>stray item<table><td>cell</td>" +
      "<p>in table</p></table></ul></div></span><a href='/x'>unclosed link <p>next";
    expect(allFormats(html, URL).markdown).toBe(
      "One **bold *both*** *italic*\n\nblock in p\n\nstray item\n\nin table\n\ncell\n\n[unclosed link](https://example.com/x)\n\n[next](https://example.com/x)",
    );
  });

  it("keeps mixed encodings, control characters and lone surrogates from breaking the text", () => {
    // UTF-8 text with a stray windows-1252 byte: the bytes are not valid UTF-8, so the page reads as windows-1252.
    const bytes = Buffer.concat([
      Buffer.from("<p>caf\u00e9 na\u00efve "),
      Buffer.from([0xe9, 0x20, 0x93, 0x71, 0x94]),
      Buffer.from(" \u0001\u0008 &#xD800; &#0; end</p>"),
    ]);
    const { text } = decodeHtml(bytes);
    const markdown = allFormats(text).markdown ?? "";
    expect(markdown).toBe("cafÃ© naÃ¯ve é “q” \uFFFD \uFFFD end");
    // No lone surrogate (a string JSON and UTF-8 encoders would have to replace).
    expect(markdown).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
  });

  it("keeps right-to-left text, its direction marks and its joiners as written", () => {
    const html = `<p dir="rtl">\u202Bשלום\u202C <a href="/ar">\u200Fمرحبا\u200E</a> چای\u200Cها</p>`;
    expect(allFormats(html).markdown).toBe("\u202Bשלום\u202C [\u200Fمرحبا\u200E](https://example.com/ar) چای\u200Cها");
  });

  it("gives formats or a ScrapeError for random markup", () => {
    const tag = fc.constantFrom(
      "div",
      "p",
      "ul",
      "ol",
      "li",
      "table",
      "tr",
      "td",
      "th",
      "pre",
      "code",
      "a",
      "b",
      "h2",
      "blockquote",
      "img",
      "br",
    );
    const token = fc.oneof(
      tag.map((name) => `<${name}>`),
      tag.map((name) => `</${name}>`),
      fc.constantFrom('<a href="javascript:x">', '<img src="data:x">', '<td colspan="999" rowspan="999">', "|", "*", "`", "\n"),
      fc.string({ maxLength: 8 }),
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 60 }), (tokens) => {
        const html = tokens.join("");
        try {
          const formats = allFormats(html);
          expect(typeof formats.markdown).toBe("string");
          webPageItem(parsePage(html, URL), { url: URL, finalUrl: URL, statusCode: 200 });
        } catch (error) {
          expect(isAppError(error, "page_too_complex") || isAppError(error, "too_large")).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });
});
