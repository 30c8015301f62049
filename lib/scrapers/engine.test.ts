import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ScrapeError } from "@/lib/infra/errors";
import { createPageFetcher } from "@/lib/infra/outbound/safe-fetch";
import { FIXTURE_SITES } from "@/test/support/fixture-server";
import { fixtureSite } from "@/test/support/fixture-site";
import { extractFromHtml, scrapePage } from "./engine";

const site = fixtureSite();

describe("scrapePage", () => {
  it("gives what extractFromHtml gives for the same page and address", async () => {
    const url = site.url("restaurant/jsonld.html");
    const html = readFileSync(path.join(FIXTURE_SITES, "restaurant", "jsonld.html"), "utf8");
    expect(await scrapePage("restaurant", url, { includeReviews: true })).toEqual(
      extractFromHtml("restaurant", html, url, { includeReviews: true }),
    );
  });

  it.each([
    ["status/404", "upstream_error"],
    ["not-html", "not_html"],
    ["redirect/6/product/plain.html", "too_many_redirects"],
  ])("throws ScrapeError for %s (%s)", async (pathName, code) => {
    const error = await scrapePage("product", site.url(pathName)).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ScrapeError);
    expect((error as ScrapeError).code).toBe(code);
  });

  it("uses the fetcher it is given: a strict one refuses the fixture site", async () => {
    const fetcher = createPageFetcher({ allowLoopback: false });
    try {
      const error = await scrapePage("product", site.url("product/plain.html"), { fetcher }).catch((reason: unknown) => reason);
      expect((error as ScrapeError).code).toBe("blocked_address");
    } finally {
      await fetcher.close();
    }
  });

  it("stops when the caller aborts", async () => {
    const controller = new AbortController();
    const pending = scrapePage("product", site.url("slow?ms=5000"), { signal: controller.signal });
    controller.abort(new Error("cancelled"));
    await expect(pending).rejects.toThrow("cancelled");
  });
});

describe("extractFromHtml", () => {
  it("gives no items for a page with nothing on it", () => {
    expect(extractFromHtml("product", "<html><head></head><body></body></html>", "https://shop.example/")).toEqual([]);
  });

  it("gives every kind its own fields, null where the page has none", () => {
    const html = "<html><head><title>Untitled | Site</title></head><body><p>Hello</p></body></html>";
    const [profile] = extractFromHtml("social_profile", html, "https://social.example/someone");
    expect(profile).toEqual({
      title: "Untitled",
      price: null,
      description: null,
      rating: null,
      reviews: null,
      url: "https://social.example/someone",
      handle: null,
      followers: null,
      following: null,
      posts: null,
      image: null,
    });
  });

  it("resolves relative links against <base href>", () => {
    const html = `<html><head><base href="https://cdn.example/shop/"></head><body>
      <div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Mug</h1><img itemprop="image" src="img/mug.jpg"></div></body></html>`;
    expect(extractFromHtml("product", html, "https://shop.example/p/mug")[0]?.image).toBe("https://cdn.example/shop/img/mug.jpg");
  });
});
