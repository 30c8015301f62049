import { describe, expect, it } from "vitest";
import { annotatedAmounts, authorMatches, dateMatches, exactMatches, priceF1, priceMatches, tokenScore } from "./metrics";

describe("quality metrics", () => {
  it("accepts a price within the tolerance of any annotated reading", () => {
    expect(priceMatches(1299, ["1.299,00"])).toBe(true);
    expect(priceMatches(502.2, ["502.20"])).toBe(true);
    expect(priceMatches(2449, ["2.449"])).toBe(true);
    expect(priceMatches(2.449, ["2.449"])).toBe(true);
    expect(priceMatches(12.96, ["12.95"])).toBe(false);
    expect(priceMatches(null, ["1"])).toBe(false);
    expect(annotatedAmounts("131990 ")).toEqual([131990]);
  });

  it("compares titles after NFKC, whitespace collapse and case fold", () => {
    expect(exactMatches("ＡＢＣ  Title\n", ["abc title"])).toBe(true);
    expect(exactMatches("ABC Title | Site", ["abc title"])).toBe(false);
    expect(exactMatches(null, ["x"])).toBe(false);
  });

  it("counts an author when the expected name is contained in ours", () => {
    expect(authorMatches("Jane Doe, John Roe", "jane doe")).toBe(true);
    expect(authorMatches("Jane", "Jane Doe")).toBe(false);
  });

  it("compares dates by UTC calendar day", () => {
    expect(dateMatches("2021-12-09", "2021-12-09T12:00:00.000Z")).toBe(true);
    expect(dateMatches("2021-12-09T23:59:00.000Z", "2021-12-09T01:00:00.000Z")).toBe(true);
    expect(dateMatches("2021-12-11", "2021-12-09T12:00:00.000Z")).toBe(false);
    expect(dateMatches("2021-12-10T00:30:00.000Z", "2021-12-09T12:00:00.000Z")).toBe(false);
    // A printed date is a day in the page's own zone: 2019-03-05 in Tokyo began at 2019-03-04T15:00Z.
    expect(dateMatches("2019-03-05", "2019-03-04T15:00:00.000Z")).toBe(true);
  });

  it("scores body tokens as a bag with precision and recall", () => {
    const score = tokenScore("the cat sat on the mat, extra", "The cat sat on the mat.");
    expect(score.recall).toBe(1);
    expect(score.precision).toBeCloseTo(6 / 7);
    expect(tokenScore(null, "text").f1).toBe(0);
  });

  it("computes price F1 from predictions and correct answers", () => {
    const score = priceF1([
      { predicted: true, correct: true },
      { predicted: true, correct: false },
      { predicted: false, correct: false },
      { predicted: true, correct: true },
    ]);
    expect(score.precision).toBeCloseTo(2 / 3);
    expect(score.recall).toBeCloseTo(2 / 4);
  });
});
