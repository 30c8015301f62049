import { describe, expect, it } from "vitest";
import type { KindSignals } from "@/lib/scrapers/extractors/confidence";
import { type Example, fitWeights, reliability } from "./calibration";

const none: KindSignals = { typed: 0, ogKind: 0, ogOther: 0, coverage: 0, listing: 0, blocked: 0 };

/** Pages where `typed` is the kind's page 9 times in 10 and its absence 1 time in 10. */
function examples(): Example[] {
  const list: Example[] = [];
  for (let i = 0; i < 200; i++) {
    const typed = i % 2;
    const label = typed ? (i % 20 === 1 ? 0 : 1) : i % 20 === 0 ? 1 : 0;
    list.push({ case: `page-${i}`, kind: "product", signals: { ...none, typed }, label });
  }
  return list;
}

describe("calibration", () => {
  it("fits the log-odds the data shows, keeping the fixed weights", () => {
    const weights = fitWeights(examples(), { l2: 0, fixed: { ogKind: 0, ogOther: 0, coverage: 0, listing: -6, blocked: -8 } });
    // Without the signal 1 in 10 is the kind's (log-odds −2.2); with it 9 in 10 (+2.2).
    expect(weights.intercept).toBeCloseTo(-Math.log(9), 1);
    expect(weights.intercept + weights.typed).toBeCloseTo(Math.log(9), 1);
    expect(weights.listing).toBe(-6);
  });

  it("shrinks weights towards zero with the L2 penalty", () => {
    const free = fitWeights(examples(), { l2: 0, fixed: { ogKind: 0, ogOther: 0, coverage: 0, listing: 0, blocked: 0 } });
    const shrunk = fitWeights(examples(), { l2: 50, fixed: { ogKind: 0, ogOther: 0, coverage: 0, listing: 0, blocked: 0 } });
    expect(Math.abs(shrunk.typed)).toBeLessThan(Math.abs(free.typed));
  });

  it("bins predictions and reports Brier score and calibration error", () => {
    const result = reliability([
      { probability: 0.05, label: 0 },
      { probability: 0.05, label: 0 },
      { probability: 0.95, label: 1 },
      { probability: 0.85, label: 0 },
    ]);
    const filled = result.bins.filter((bin) => bin.pairs > 0);
    expect(filled.map((bin) => [bin.pairs, bin.observed])).toEqual([
      [2, 0],
      [1, 0],
      [1, 1],
    ]);
    expect(result.brier).toBeCloseTo((0.0025 * 2 + 0.0025 + 0.7225) / 4);
    expect(result.ece).toBeCloseTo((2 * 0.05 + 0.85 + 0.05) / 4);
  });
});
