import { describe, expect, it } from "vitest";
import { PLANS } from "@/lib/config/plans";
import { includedScrapers, planFeatures } from "./plan-features";
import { CATALOGUE } from "./seed-data";

describe("what each plan offers, derived from the plan table and the catalogue", () => {
  it("counts a plan's scrapers from the catalogue's required plans", () => {
    const proOnly = CATALOGUE.filter((entry) => entry.requiredPlan === "pro").length;
    expect(proOnly).toBeGreaterThan(0);
    expect(includedScrapers(PLANS.free)).toBe(CATALOGUE.length - proOnly);
    expect(includedScrapers(PLANS.pro)).toBe("all");
    expect(includedScrapers(PLANS.business)).toBe("all");
  });

  it("keeps the pricing texts (docs/product.md#plans-and-limits)", () => {
    expect(planFeatures(PLANS.free)).toEqual([
      { text: "100 API calls/month", included: true },
      // The spec's table says 5: Web Page (issue 24) is the sixth scraper Free includes (docs/decisions.md#plan-limits).
      { text: "6 scrapers", included: true },
      { text: "Basic support", included: true },
      { text: "Concurrent runs", included: false },
      { text: "10 requests/minute", included: true },
      { text: "JavaScript rendering when needed", included: true },
    ]);
    expect(planFeatures(PLANS.pro).map((feature) => feature.text)).toEqual([
      "1,000 API calls/month",
      "All scrapers",
      "Email support",
      "5 concurrent runs",
      "50 requests/minute",
      "JavaScript rendering and screenshots",
    ]);
    expect(planFeatures(PLANS.business)[3]).toEqual({ text: "20 concurrent runs", included: true });
  });
});
