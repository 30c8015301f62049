import { describe, expect, it } from "vitest";
import { type AppError, isAppError } from "@/lib/infra/errors";
import { parsePage } from "../extract/page";
import { MAX_SELECTOR_LENGTH, MAX_TAG_SELECTORS } from "../limits";
import { computeFormats } from "./formats";
import { compileContentOptions } from "./options";
import { webPageItem, wordCount } from "./web-page";

const URL = "https://news.example.com/2026/03/02/tea";

const ARTICLE = `<!doctype html>
<html lang="en_GB">
<head>
  <title>Why tea cools faster in a wide cup | The Tea Journal</title>
  <base href="https://news.example.com/section/">
  <meta name="description" content="A wide cup cools tea faster: the surface decides.">
  <meta property="og:site_name" content="The Tea Journal">
  <meta property="og:type" content="article">
  <meta property="og:image" content="/img/cup.jpg">
  <meta property="article:modified_time" content="2026-03-03T10:00:00Z">
  <meta name="keywords" content="tea, physics, tea, cooling">
  <link rel="canonical" href="https://news.example.com/2026/03/02/tea">
  <link rel="icon" href="/favicon.ico">
  <script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":"Why tea cools faster in a wide cup",
    "datePublished":"2026-03-02T08:30:00+01:00","author":{"@type":"Person","name":"Jane Doe"}}</script>
</head>
<body>
  <nav><a href="/">Home</a> <a href="/news" rel="nofollow">News</a> <a href="javascript:menu()">Menu</a> <a href="#">Top</a></nav>
  <article>
    <h1>Why tea cools faster in a wide cup</h1>
    <p>${"A wide cup exposes more of the tea to the air, and the surface is where heat leaves. ".repeat(3)}</p>
    <p>${"Measure it at home with a thermometer, a mug and a bowl, every minute for ten minutes. ".repeat(3)}</p>
    <p>Sources: <a href="../studies/cooling.html">the study</a>, <a href="https://ads.example.net/x" rel="sponsored NOFOLLOW">a sponsor</a>,
      <a href="/news">news again</a> and <a href="/img.html"><img src="/i.png" alt="an image link"></a>.</p>
  </article>
</body>
</html>`;

describe("links", () => {
  it("lists every <a href> of the page once, resolved against <base>, with its text and rel", () => {
    const { links } = computeFormats({ page: parsePage(ARTICLE, URL), html: ARTICLE, formats: ["links"] });
    expect(links).toEqual([
      { url: "https://news.example.com/", text: "Home", rel: null },
      { url: "https://news.example.com/news", text: "News", rel: "nofollow" },
      { url: "https://news.example.com/studies/cooling.html", text: "the study", rel: null },
      { url: "https://ads.example.net/x", text: "a sponsor", rel: "sponsored nofollow" },
      { url: "https://news.example.com/img.html", text: "an image link", rel: null },
    ]);
  });

  it("keeps the first text found for a URL and every rel keyword any link to it has", () => {
    const html = `<a href="/a"><img src="x.png"></a><a href="/a" rel="ugc">Alpha</a><a href="/a" rel="nofollow">Again</a>`;
    const { links } = computeFormats({ page: parsePage(html, URL), html, formats: ["links"] });
    expect(links).toEqual([{ url: "https://news.example.com/a", text: "Alpha", rel: "ugc nofollow" }]);
  });
});

describe("metadata", () => {
  it("reads what the page says about itself", () => {
    const { metadata } = computeFormats({ page: parsePage(ARTICLE, URL), html: ARTICLE, formats: ["metadata"] });
    expect(metadata).toEqual({
      title: "Why tea cools faster in a wide cup",
      description: "A wide cup cools tea faster: the surface decides.",
      language: "en-gb",
      published_at: "2026-03-02T07:30:00.000Z",
      modified_at: "2026-03-03T10:00:00.000Z",
      author: "Jane Doe",
      site_name: "The Tea Journal",
      image: "https://news.example.com/img/cup.jpg",
      canonical: "https://news.example.com/2026/03/02/tea",
      favicon: "https://news.example.com/favicon.ico",
      type: "article",
      keywords: ["tea", "physics", "cooling"],
    });
  });

  it("gives nulls, not guesses, for a page that says nothing", () => {
    const html = "<p>Just text.</p>";
    const { metadata } = computeFormats({ page: parsePage(html, "https://example.com/"), html, formats: ["metadata"] });
    expect(metadata).toMatchObject({ description: null, language: null, published_at: null, author: null, site_name: null });
    expect(metadata?.keywords).toEqual([]);
  });
});

describe("computeFormats", () => {
  it("gives exactly the formats asked for; raw_html is the page as fetched", () => {
    const page = parsePage(ARTICLE, URL);
    expect(computeFormats({ page, html: ARTICLE, formats: [] })).toEqual({});
    const formats = computeFormats({ page, html: ARTICLE, formats: ["raw_html", "text"] });
    expect(Object.keys(formats).sort()).toEqual(["raw_html", "text"]);
    expect(formats.raw_html).toBe(ARTICLE);
    expect(formats.text?.startsWith("A wide cup exposes")).toBe(true);
  });
});

describe("content options", () => {
  it("refuses unusable selectors with one issue each", () => {
    const refused = (includeTags: string[], excludeTags: string[] = []) => {
      try {
        compileContentOptions({ includeTags, excludeTags });
        return null;
      } catch (error) {
        expect(isAppError(error, "validation_error")).toBe(true);
        return (error as AppError).details.issues;
      }
    };
    expect(refused(["article", ".a > p:not(.b)"])).toBeNull();
    expect(refused(["div[", "   "], ["p:has(a)", "x".repeat(MAX_SELECTOR_LENGTH + 1)])).toEqual([
      { path: "include_tags.0", message: expect.stringContaining("is not a valid CSS selector") },
      { path: "include_tags.1", message: "The selector is empty." },
      { path: "exclude_tags.0", message: "The selector uses :has() or :contains(), which are not supported." },
      { path: "exclude_tags.1", message: `The selector is longer than ${MAX_SELECTOR_LENGTH} characters.` },
    ]);
    expect(refused(Array.from({ length: MAX_TAG_SELECTORS + 1 }, () => "p"))).toEqual([
      { path: "include_tags", message: `At most ${MAX_TAG_SELECTORS} selectors are allowed.` },
    ]);
  });

  it("gives only_main_content its default (true)", () => {
    expect(compileContentOptions().onlyMainContent).toBe(true);
    expect(compileContentOptions({ onlyMainContent: false }).onlyMainContent).toBe(false);
  });
});

describe("webPageItem", () => {
  it("is the page's main content with what it says about itself", () => {
    const item = webPageItem(parsePage(ARTICLE, URL), { url: "https://news.example.com/t", finalUrl: URL, statusCode: 200 });
    expect(item).toMatchObject({
      url: "https://news.example.com/t",
      final_url: URL,
      status_code: 200,
      title: "Why tea cools faster in a wide cup",
      description: "A wide cup cools tea faster: the surface decides.",
      language: "en-gb",
      published_at: "2026-03-02T07:30:00.000Z",
      author: "Jane Doe",
      site_name: "The Tea Journal",
      image: "https://news.example.com/img/cup.jpg",
    });
    expect(item.markdown).toContain("[the study](https://news.example.com/studies/cooling.html)");
    expect(item.text).not.toContain("](");
    expect(item.links).toHaveLength(5);
    expect(item.word_count).toBe(wordCount(item.text));
    expect(Object.keys(item)).toEqual([
      "url",
      "final_url",
      "status_code",
      "title",
      "description",
      "language",
      "published_at",
      "author",
      "site_name",
      "image",
      "markdown",
      "text",
      "links",
      "word_count",
    ]);
  });
});

describe("wordCount", () => {
  it("counts words, contractions and numbers as one each, and each Chinese or Japanese character", () => {
    expect(wordCount("")).toBe(0);
    expect(wordCount("It's a well-known fact: 3.5 cups, 42%!")).toBe(7);
    expect(wordCount("東京タワーは高い")).toBe(8);
    expect(wordCount("Tokyo東京 and 서울 시내")).toBe(6);
    expect(wordCount("שלום עולם مرحبا")).toBe(3);
  });
});
