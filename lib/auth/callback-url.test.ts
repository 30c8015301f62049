import { describe, expect, it } from "vitest";
import { safeCallbackPath } from "./callback-url";

describe("safeCallbackPath", () => {
  it.each([
    ["/dashboard", "/dashboard"],
    ["/licenses/7", "/licenses/7"],
    ["/licenses/7?tab=content#top", "/licenses/7?tab=content#top"],
    [["/licenses/3", "/x"], "/licenses/3"],
  ])("keeps the site path %j", (raw, expected) => {
    expect(safeCallbackPath(raw)).toBe(expected);
  });

  it.each([
    undefined,
    null,
    "",
    "dashboard",
    "https://evil.example/",
    "//evil.example/path",
    "/\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "javascript:alert(1)",
    "/login",
    "/register?callbackUrl=/login",
  ])("sends %j to the dashboard instead", (raw) => {
    expect(safeCallbackPath(raw)).toBe("/dashboard");
  });
});
