import { describe, expect, it } from "vitest";
import { routeId } from "./route-id";

describe("routeId", () => {
  it.each([
    ["1", 1],
    ["42", 42],
    ["007", 7],
  ])("reads %j as %i", (raw, id) => {
    expect(routeId(raw)).toBe(id);
  });

  it.each([undefined, "", "0", "-1", "abc", "1.5", "1e3", " 1", ["1"], "9999999999999999"])("reads %j as 0", (raw) => {
    expect(routeId(raw as string)).toBe(0);
  });
});
