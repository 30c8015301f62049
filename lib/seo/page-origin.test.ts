import { describe, expect, it } from "vitest";
import { addEtagSuffix, etagSuffix, PAGE_ORIGIN_PLACEHOLDER, stripEtagSuffix, withPageOrigin } from "./page-origin";

describe("page origin", () => {
  it("replaces every placeholder origin, and leaves a page naming none alone", () => {
    const html = `<link rel="canonical" href="${PAGE_ORIGIN_PLACEHOLDER}/"/><meta property="og:url" content="${PAGE_ORIGIN_PLACEHOLDER}/"/>`;
    expect(withPageOrigin(html, "http://localhost:4000")).toBe(
      '<link rel="canonical" href="http://localhost:4000/"/><meta property="og:url" content="http://localhost:4000/"/>',
    );
    expect(withPageOrigin("<p>no addresses</p>", "http://localhost:4000")).toBeNull();
  });

  it("suffixes ETags per origin and takes only this origin's suffix off a revalidation", () => {
    const suffix = etagSuffix("https://a.example");
    expect(suffix).not.toBe(etagSuffix("https://b.example"));
    expect(addEtagSuffix('"abc"', suffix)).toBe(`"abc${suffix}"`);
    expect(addEtagSuffix('W/"abc"', suffix)).toBe(`W/"abc${suffix}"`);
    const other = addEtagSuffix('"abc"', etagSuffix("https://b.example"));
    expect(stripEtagSuffix(`"abc${suffix}", ${other}, "asset"`, suffix)).toBe(`"abc", ${other}, "asset"`);
  });
});
