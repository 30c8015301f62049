import { describe, expect, it } from "vitest";
import {
  annotatedAmounts,
  authorMatches,
  dateMatches,
  exactMatches,
  normalizeText,
  priceF1,
  priceMatches,
  tokenScore,
  writtenDay,
} from "./metrics";

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

  it("compares titles after NFKC, whitespace collapse and case fold, quotes and dashes made equal", () => {
    expect(exactMatches("ＡＢＣ  Title\n", ["abc title"])).toBe(true);
    expect(exactMatches("ABC Title | Site", ["abc title"])).toBe(false);
    expect(exactMatches(null, ["x"])).toBe(false);
    expect(exactMatches("‘Star Wars’ Cuts", ["'Star Wars' Cuts"])).toBe(true);
    expect(exactMatches("Here’s how", ["Here's how"])).toBe(true);
    expect(exactMatches("“Quoted”", ['"quoted"'])).toBe(true);
    expect(exactMatches("2019 – 2020 — all-in", ["2019 - 2020 - all-in"])).toBe(true);
    // A single quote is not a double one, and a dash is not a colon.
    expect(exactMatches("‘x’", ['"x"'])).toBe(false);
    expect(exactMatches("a - b", ["a : b"])).toBe(false);
    expect(normalizeText(" It’s  —  “NFKC” ﬁne ")).toBe(`it's - "nfkc" fine`);
  });

  it("accepts any listed wording of a title", () => {
    const accepted = ["Visible headline", "SEO title for the same story"];
    expect(exactMatches("SEO Title for the same story", accepted)).toBe(true);
    expect(exactMatches("Another story", accepted)).toBe(false);
  });

  it("counts an author when every expected name appears in ours, in any order", () => {
    expect(authorMatches("Jane Doe, John Roe", ["jane doe"])).toBe(true);
    expect(authorMatches("John Roe and Jane Doe", ["Jane Doe, John Roe"])).toBe(true);
    expect(authorMatches("JOSH HASKELL, DAVID CAPLAN and PATRICK REEVELL", ["Josh Haskell, David Caplan, Patrick Reevell"])).toBe(
      true,
    );
    expect(authorMatches("Jane Doe", ["Jane Doe, John Roe"])).toBe(false);
    expect(authorMatches("Jane", ["Jane Doe"])).toBe(false);
    expect(authorMatches("Zoë O’Brien", ["Zoë O'Brien"])).toBe(true);
    expect(authorMatches(null, ["Jane Doe"])).toBe(false);
  });

  it("counts an author when an accepted form holds", () => {
    expect(authorMatches("J. Doe", ["Jane Doe", "J. Doe"])).toBe(true);
    expect(authorMatches("Someone Else", ["Jane Doe", "J. Doe"])).toBe(false);
  });

  it("compares dates at day precision as written, against every accepted day", () => {
    expect(dateMatches("2021-12-09", ["2021-12-09T12:00:00.000Z"])).toBe(true);
    expect(dateMatches("2021-12-09T23:59:00.000Z", ["2021-12-09T01:00:00.000Z"])).toBe(true);
    // As written: the page's own offset keeps its day, no conversion to UTC.
    expect(dateMatches("2016-05-14T11:04:00.000Z", ["2016-05-14T16:34:00+05:30"])).toBe(true);
    expect(dateMatches("2019-03-04T23:15:11.000Z", ["2019-03-05T08:15:11+09:00"])).toBe(false);
    // The corpus lists the other day when the instant falls on it in UTC: then either is right.
    expect(dateMatches("2019-03-04T23:15:11.000Z", ["2019-03-05T08:15:11+09:00", "2019-03-05", "2019-03-04"])).toBe(true);
    expect(dateMatches("2021-12-11", ["2021-12-09T12:00:00.000Z"])).toBe(false);
    expect(dateMatches("2021-12-10T00:30:00.000Z", ["2021-12-09T12:00:00.000Z"])).toBe(false);
    expect(dateMatches("Dec 9, 2021", ["2021-12-09"])).toBe(false);
    expect(dateMatches(null, ["2021-12-09"])).toBe(false);
    expect(writtenDay("2016-05-14T16:34:00+05:30")).toBe("2016-05-14");
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
