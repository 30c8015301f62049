import { describe, expect, it } from "vitest";
import { isAppError } from "@/lib/infra/errors";
import { deepDomPage, deepJsonLdPage } from "@/test/support/hostile-pages";
import { extractFromHtml } from "./engine";
import { assertJsonDepth, MAX_DOM_DEPTH, MAX_JSON_LD_DEPTH } from "./limits";

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

function codeOf(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return isAppError(error) ? error.code : `not an AppError: ${String(error)}`;
  }
}

describe("extraction limits", () => {
  it("lets JSON nest up to the cap and refuses deeper, however deep, without recursing", () => {
    expect(codeOf(() => assertJsonDepth(nested(MAX_JSON_LD_DEPTH)))).toBeNull();
    expect(codeOf(() => assertJsonDepth(nested(MAX_JSON_LD_DEPTH + 1)))).toBe("page_too_complex");
    expect(codeOf(() => assertJsonDepth(nested(1_000_000)))).toBe("page_too_complex");
  });

  it("extracts pages nested up to the DOM cap and refuses deeper ones", () => {
    expect(extractFromHtml("product", deepDomPage(MAX_DOM_DEPTH - 10), "https://x.example/")).toMatchObject([{ title: "Deep" }]);
    expect(codeOf(() => extractFromHtml("product", deepDomPage(MAX_DOM_DEPTH + 1), "https://x.example/"))).toBe(
      "page_too_complex",
    );
  });

  it("refuses 100,000 nested elements before building the tree", () => {
    expect(codeOf(() => extractFromHtml("product", deepDomPage(100_000), "https://x.example/"))).toBe("page_too_complex");
  });

  it("refuses deeply nested JSON-LD as page_too_complex, not a stack overflow", () => {
    expect(codeOf(() => extractFromHtml("product", deepJsonLdPage(60_000), "https://x.example/"))).toBe("page_too_complex");
  });
});
