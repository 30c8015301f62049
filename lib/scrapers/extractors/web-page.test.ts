import { describe, expect, it } from "vitest";
import { webPageItemSchema } from "@/lib/scrapers/item-schema";
import { fixtureSite, scraper } from "@/test/support/fixture-site";

// The Web Page scraper over real HTTP, on pages of the other kinds' fixtures: any page is a web page.
const site = fixtureSite();
const scrape = scraper("web_page", site);

describe("Web Page scraper", () => {
  it("gives one item per page: its main content as Markdown and text, its links and what it says about itself", async () => {
    const url = site.url("news_article/jsonld.html");
    const items = await scrape("news_article/jsonld.html");
    expect(items).toHaveLength(1);
    const [item] = items;
    expect(webPageItemSchema.safeParse(item).error).toBeUndefined();
    expect(item).toMatchObject({ url, final_url: url, status_code: 200 });
    expect(item?.title).toBeTruthy();
    expect(item?.markdown.length).toBeGreaterThan(100);
    expect(item?.text.length).toBeGreaterThan(100);
    expect(item?.word_count).toBeGreaterThan(20);
    expect(item && "_meta" in item).toBe(false);
  });

  it("reports the address that answered after a redirect beside the one asked for", async () => {
    const asked = site.url("redirect/2/news_article/jsonld.html");
    const [item] = await scrape("redirect/2/news_article/jsonld.html");
    expect(item?.url).toBe(asked);
    expect(item?.final_url).toBe(site.url("news_article/jsonld.html"));
  });

  it("narrows its content with only_main_content, include_tags and exclude_tags", async () => {
    const path = "news_article/jsonld.html";
    const [main] = await scrape(path);
    const [whole] = await scrape(path, { content: { onlyMainContent: false } });
    expect(whole?.markdown.length).toBeGreaterThan(main?.markdown.length ?? Infinity);
    const [narrowed] = await scrape(path, { content: { includeTags: ["h1"] } });
    expect(narrowed?.markdown.startsWith("# ")).toBe(true);
    expect(narrowed?.markdown.split("\n")).toHaveLength(1);
  });
});
