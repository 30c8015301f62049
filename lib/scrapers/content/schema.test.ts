import { describe, expect, it } from "vitest";
import { z } from "zod";
import { contentOptionsOf, contentRequestFields } from "./schema";

const schema = z.object(contentRequestFields);

describe("contentRequestFields", () => {
  it("accepts formats and selectors and maps them to the engine's options", () => {
    const request = schema.parse({
      formats: ["links", "markdown", "links"],
      only_main_content: false,
      include_tags: ["article"],
      exclude_tags: [".ad, .share"],
    });
    expect(contentOptionsOf(request)).toEqual({
      formats: ["markdown", "links"],
      options: { onlyMainContent: false, includeTags: ["article"], excludeTags: [".ad, .share"] },
    });
    expect(contentOptionsOf(schema.parse({}))).toEqual({
      formats: [],
      options: { onlyMainContent: undefined, includeTags: undefined, excludeTags: undefined },
    });
  });

  it("refuses unknown formats and unusable selectors, saying where", () => {
    const result = schema.safeParse({ formats: ["pdf"], include_tags: ["div["], exclude_tags: ["p:has(a)"] });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
    expect(issues).toEqual([
      { path: "formats.0", message: "each format must be one of markdown, text, html, raw_html, links, metadata, screenshot" },
      { path: "include_tags.0", message: expect.stringContaining("is not a valid CSS selector") },
      { path: "exclude_tags.0", message: "The selector uses :has() or :contains(), which are not supported." },
    ]);
  });
});
