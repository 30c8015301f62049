import { describe, expect, it } from "vitest";
import { parseLenientJson } from "./lenient-json";

describe("parseLenientJson", () => {
  it("parses valid JSON as it is", () => {
    expect(parseLenientJson('{"a": "http://x.example/y", "b": [1, 2]}')).toEqual({ a: "http://x.example/y", b: [1, 2] });
  });

  it.each([
    ["trailing commas", '{"a": [1, 2, ], "b": {"c": 3, }, }', { a: [1, 2], b: { c: 3 } }],
    ["comments", '{\n// generator\n"a": 1, /* note */ "b": "//not a comment"}', { a: 1, b: "//not a comment" }],
    ["HTML comment wrapper", '<!--\n{"a": 1}\n-->', { a: 1 }],
    ["CDATA wrapper", '//<![CDATA[\n{"a": 1}\n//]]>', { a: 1 }],
    ["a bare CDATA wrapper", '<![CDATA[\n{"a": 1}\n]]>', { a: 1 }],
    ["raw line breaks and tabs in strings", '{"a": "one\ntwo\tthree"}', { a: "one\ntwo\tthree" }],
    ["invalid escapes", String.raw`{"a": "it\'s \& more"}`, { a: "it's & more" }],
    ["single quotes", `{'a': 'say "hi"'}`, { a: 'say "hi"' }],
    ["a trailing semicolon", '{"a": 1};', { a: 1 }],
    ["several top-level objects", '{"a": 1}\n{"b": 2}', [{ a: 1 }, { b: 2 }]],
    ["several objects run together", '{"a": 1}{"b": [2]}', [{ a: 1 }, { b: [2] }]],
    ["unescaped quotes inside a string", '{"a": "He said "hi" to me", "b": 2}', { a: 'He said "hi" to me', b: 2 }],
    ["a missing comma", '{"a": 1 "b": 2}', { a: 1, b: 2 }],
    [
      "a truncated block",
      '{"@type": "NewsArticle", "headline": "X", "articleBody": "Cut',
      { "@type": "NewsArticle", headline: "X", articleBody: "Cut" },
    ],
  ])("repairs %s", (_what, text, value) => {
    expect(parseLenientJson(text)).toEqual(value);
  });

  it("gives undefined when nothing can be repaired", () => {
    expect(parseLenientJson("<div>not json</div>")).toBeUndefined();
  });
});
