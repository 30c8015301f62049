import { describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { seedCatalogue } from "./seed";

describe("seedCatalogue", () => {
  it("holds the six catalogue scrapers of the spec, once each, however often it runs", async () => {
    await seedCatalogue(db);
    await seedCatalogue(db);
    const scrapers = await db.scraper.findMany({ orderBy: { id: "asc" } });
    expect(scrapers.map((s) => s.name)).toEqual([
      "E-commerce Product Scraper",
      "Social Media Profiles",
      "Real Estate Listings",
      "Job Listings Scraper",
      "News Article Extractor",
      "Restaurant Directory",
    ]);
    expect(scrapers.filter((s) => s.requiredPlan === "pro").map((s) => s.name)).toEqual(["Real Estate Listings"]);
    for (const scraper of scrapers) {
      expect(["Popular", "New"]).toContain(scraper.popularity);
      expect(Object.keys(JSON.parse(scraper.parameters))).toContain("url");
      expect(new URL(scraper.exampleUrl).protocol).toBe("https:");
    }
    const withReviews = scrapers.filter((s) => "include_reviews" in JSON.parse(s.parameters)).map((s) => s.kind);
    expect(withReviews.sort()).toEqual(["product", "restaurant"]);
  });
});
