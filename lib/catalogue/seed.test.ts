import { describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { SCRAPER_KINDS } from "@/lib/scrapers/kinds";
import { seedCatalogue } from "./seed";

describe("seedCatalogue", () => {
  it("holds the six catalogue scrapers of the spec and Web Page, once each, however often it runs", async () => {
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
      "Web Page",
    ]);
    // Every kind the engine has is in the catalogue, once.
    expect(scrapers.map((s) => s.kind).sort()).toEqual([...SCRAPER_KINDS].sort());
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
