import { describe, expect, it } from "vitest";
import { CATALOGUE } from "@/lib/catalogue/seed-data";
import { includedScrapers, PLAN_LIST, PLANS, planFeatures, plansIncluding } from "./plans";

describe("what the plan table says, derived", () => {
  it("counts a plan's scrapers from the catalogue's required plans", () => {
    const proOnly = CATALOGUE.filter((entry) => entry.requiredPlan === "pro").length;
    expect(proOnly).toBeGreaterThan(0);
    expect(includedScrapers(PLANS.free)).toBe(CATALOGUE.length - proOnly);
    expect(includedScrapers(PLANS.pro)).toBe("all");
    expect(includedScrapers(PLANS.business)).toBe("all");
  });

  it("names the plans that run a plan's scrapers, in rank order", () => {
    expect(plansIncluding("pro").map((plan) => plan.name)).toEqual(["Pro", "Business"]);
    expect(plansIncluding("free")).toHaveLength(3);
  });

  it("keeps the pricing texts (docs/product.md#plans-and-limits)", () => {
    expect(planFeatures(PLANS.free)).toEqual([
      { text: "100 API calls/month", included: true },
      { text: "5 scrapers", included: true },
      { text: "Basic support", included: true },
      { text: "Concurrent runs", included: false },
      { text: "10 requests/minute", included: true },
    ]);
    expect(planFeatures(PLANS.pro).map((feature) => feature.text)).toEqual([
      "1,000 API calls/month",
      "All scrapers",
      "Email support",
      "5 concurrent runs",
      "50 requests/minute",
    ]);
    expect(planFeatures(PLANS.business)[3]).toEqual({ text: "20 concurrent runs", included: true });
  });

  it("gives each plan at least the monitors of the plan below it", () => {
    for (const [lower, higher] of PLAN_LIST.slice(0, -1).map((plan, i) => [plan, PLAN_LIST[i + 1]] as const)) {
      expect(higher?.monitorMinIntervalMs).toBeLessThan(lower.monitorMinIntervalMs);
      expect(higher?.monitorUrls).toBeGreaterThan(lower.monitorUrls);
      expect(higher?.monitors).toBeGreaterThan(lower.monitors);
    }
  });
});
