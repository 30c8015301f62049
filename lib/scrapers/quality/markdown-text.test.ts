import { describe, expect, it } from "vitest";
import { markdownText } from "./markdown-text";
import { tokens } from "./metrics";

describe("markdownText", () => {
  it("keeps the words a reader sees and drops addresses, images and fence languages", () => {
    const markdown = [
      "# Title",
      "",
      'A [link text](https://example.com/path?q=1 "t") and ![alt words](https://example.com/i.png) here.',
      "[![inner](https://example.com/i.png)](https://example.com/x) <https://example.com/auto>",
      "",
      "```typescript",
      "const value = 1;",
      "```",
      "",
      "| a | b<br>c |",
      "| --- | --- |",
      "[ref]: https://example.com/ref",
    ].join("\n");
    expect(tokens(markdownText(markdown))).toEqual([
      "title",
      "a",
      "link",
      "text",
      "and",
      "here",
      "const",
      "value",
      "1",
      "a",
      "b",
      "c",
    ]);
  });

  it("reads escaped brackets inside link text", () => {
    expect(markdownText("[\\[1\\]](https://example.com/#note)")).toBe("\\[1\\]");
  });
});
