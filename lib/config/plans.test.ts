import { describe, expect, it } from "vitest";
import { PLAN_LIST, plansIncluding } from "./plans";

describe("what the plan table says, derived", () => {
  it("names the plans that run a plan's scrapers, in rank order", () => {
    expect(plansIncluding("pro").map((plan) => plan.name)).toEqual(["Pro", "Business"]);
    expect(plansIncluding("free")).toHaveLength(3);
  });

  it("gives each plan at least the monitors of the plan below it", () => {
    for (const [lower, higher] of PLAN_LIST.slice(0, -1).map((plan, i) => [plan, PLAN_LIST[i + 1]] as const)) {
      expect(higher?.monitorMinIntervalMs).toBeLessThan(lower.monitorMinIntervalMs);
      expect(higher?.monitorUrls).toBeGreaterThan(lower.monitorUrls);
      expect(higher?.monitors).toBeGreaterThan(lower.monitors);
    }
  });
});
