import { describe, expect, it } from "vitest";
import { plansIncluding } from "./plans";

describe("what the plan table says, derived", () => {
  it("names the plans that run a plan's scrapers, in rank order", () => {
    expect(plansIncluding("pro").map((plan) => plan.name)).toEqual(["Pro", "Business"]);
    expect(plansIncluding("free")).toHaveLength(3);
  });
});
