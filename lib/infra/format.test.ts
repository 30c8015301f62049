import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCount } from "./format";

describe("formatCount", () => {
  it("groups whole numbers as en-US Intl does", () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (value) => {
        expect(formatCount(value)).toBe(value.toLocaleString("en-US"));
      }),
    );
    for (const value of [0, 1, 999, 1000, 1250, 1_000_000]) expect(formatCount(value)).toBe(value.toLocaleString("en-US"));
  });
});
