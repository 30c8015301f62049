import { describe, expect, it } from "vitest";
import { guessLanguage, highlight, highlightHtml } from "./highlight";

const kinds = (code: string, language: Parameters<typeof highlight>[1]) =>
  highlight(code, language)
    .filter((token) => token.kind !== "plain")
    .map((token) => `${token.kind}:${token.text}`);

describe("highlight", () => {
  it("gives the code back unchanged, whatever the language", () => {
    const code = 'curl -X POST https://x.test/api/ \\\n  -d \'{"url": "https://a.b/c?d=1"}\' # run\nconst a = `t` + 1;';
    for (const language of ["bash", "json", "javascript", "python", "php", "http", "text"] as const) {
      expect(
        highlight(code, language)
          .map((token) => token.text)
          .join(""),
      ).toBe(code);
    }
  });

  it("tells JSON keys from string values, and finds numbers and literals", () => {
    expect(kinds('{"id": 1042, "status": "success", "ok": true}', "json")).toEqual([
      'property:"id"',
      "number:1042",
      'property:"status"',
      'string:"success"',
      'property:"ok"',
      "keyword:true",
    ]);
  });

  it("marks curl, its flags and quoted arguments", () => {
    expect(kinds('curl -X POST https://x.test \\\n  -H "Authorization: Bearer KEY"', "bash")).toEqual([
      "keyword:curl",
      "flag:-X",
      "flag:-H",
      'string:"Authorization: Bearer KEY"',
    ]);
  });

  it("marks keywords and comments in program code, not words inside strings", () => {
    expect(kinds('const r = await fetch("const"); // done', "javascript")).toEqual([
      "keyword:const",
      "keyword:await",
      'string:"const"',
      "comment:// done",
    ]);
    expect(kinds("import requests  # the client", "python")).toEqual(["keyword:import", "comment:# the client"]);
  });

  it("keeps a bare address in one plain token: no numbers or comments inside it", () => {
    expect(kinds("curl -X POST https://x.test:3000/api/scrapers/1/run", "bash")).toEqual(["keyword:curl", "flag:-X"]);
    expect(kinds("Run: URL=http://localhost:3000 node a.mjs // go", "javascript")).toEqual(["comment:// go"]);
    expect(highlight("Run: URL=http://localhost:3000 python3", "python")).toEqual([
      { kind: "plain", text: "Run: URL=http://localhost:3000 python3" },
    ]);
  });

  it("guesses the language of unnamed samples", () => {
    expect(guessLanguage('{\n  "a": 1\n}')).toBe("json");
    expect(guessLanguage("curl -X POST x")).toBe("bash");
    expect(guessLanguage("Authorization: Bearer KEY")).toBe("http");
    expect(guessLanguage("hello")).toBe("text");
  });
});

describe("highlightHtml", () => {
  it("quotes a class only when it needs quotes", () => {
    expect(highlightHtml("true", "json", () => "k")).toBe("<span class=k>true</span>");
    expect(highlightHtml("true", "json", () => "a b")).toBe('<span class="a b">true</span>');
  });

  it("wraps classed tokens in spans and escapes every text, so the markup gives the code back", () => {
    const code = `const a = "<b>&'x'</b>"; // <script>`;
    const html = highlightHtml(code, "javascript", (kind) => (kind === "plain" ? undefined : `c-${kind}`));
    expect(html).toBe(
      "<span class=c-keyword>const</span> a = <span class=c-string>\"&lt;b&gt;&amp;'x'&lt;/b&gt;\"</span>; " +
        "<span class=c-comment>// &lt;script&gt;</span>",
    );
    const unescaped = html
      .replace(/<[^>]+>/g, "")
      .replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">")
      .replaceAll("&quot;", '"')
      .replaceAll("&#39;", "'")
      .replaceAll("&amp;", "&");
    expect(unescaped).toBe(code);
  });
});
