import type { AnyNode } from "domhandler";
import fc from "fast-check";
import { parse } from "parse5";
import { describe, expect, it } from "vitest";
import { depthCappedTreeAdapter } from "@/lib/scrapers/limits";
import { parseCut, parseHtml } from "./parse-html";

/** The tree as parse5 builds it from the page as it is: what parseHtml must equal. */
function reference(html: string): AnyNode {
  return parse(html, { treeAdapter: depthCappedTreeAdapter, scriptingEnabled: true }) as unknown as AnyNode;
}

/** Every node's type, name, namespace, attributes and text, in document order. */
function dump(root: AnyNode): string[] {
  const lines: string[] = [];
  const stack: (AnyNode | null)[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null) {
      lines.push(")");
      continue;
    }
    if (!node) break;
    const element = node as AnyNode & Record<string, unknown>;
    lines.push(
      JSON.stringify([
        node.type,
        element.name,
        element.namespace,
        element.attribs,
        element["x-attribsNamespace"],
        element["x-attribsPrefix"],
        element.data,
      ]),
    );
    if ("children" in node) {
      stack.push(null);
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as AnyNode);
    }
  }
  return lines;
}

const JSON_LD = `{"@context": "https://schema.org", "@type": "Product", "name": "Sonora <b>Pro</b> </scripts> &amp; more"}`;
const SCRIPT = `window.dataLayer = window.dataLayer || []; if (a < b && c > d) { dataLayer.push({"event": "view_item"}); }`;
const STYLE = `.product__title { font: 600 2rem/1.2 "Inter", sans-serif; } .price > s { color: #888; content: "</div>"; }`;

describe("parseHtml", () => {
  it("cuts long script and style bodies out of the tokenizer and puts them back", () => {
    const html = `<!DOCTYPE html><html><head><style>${STYLE}</style>
      <script type="application/ld+json">${JSON_LD}</script></head>
      <body><h1>Title</h1><script>${SCRIPT}</script><SCRIPT type="text/javascript">${SCRIPT}</SCRIPT ></body></html>`;
    const cut = parseCut(html);
    expect(cut).not.toBeNull();
    expect(dump(cut as unknown as AnyNode)).toEqual(dump(reference(html)));
  });

  it("gives the raw text the tokenizer would have: CR LF and CR as LF, NUL as U+FFFD", () => {
    const html = `<script>${SCRIPT}\r\nvar a = "\0";\r${SCRIPT}\r</script><style>\r\n${STYLE}\0</style>`;
    expect(parseCut(html)).not.toBeNull();
    expect(dump(parseHtml(html))).toEqual(dump(reference(html)));
  });

  // Pages where a "<script" or "<style" is not what starts an HTML raw-text element, or where its end is not the
  // first end tag: the tree must still be parse5's own.
  const tricky: Record<string, string> = {
    "a script in a comment": `<!-- <script>${SCRIPT}</script> --><p>after</p>`,
    "a conditional comment": `<!--[if lt IE 9]><script>${SCRIPT}</script><![endif]--><script>${SCRIPT}</script>`,
    "an abruptly closed comment": `<!--><script>${SCRIPT}</script><!-- x -->`,
    "a script in a textarea": `<textarea><script>${SCRIPT}</script></textarea><script>${SCRIPT}</script>`,
    "a style in noscript": `<noscript><style>${STYLE}</style></noscript><style>${STYLE}</style>`,
    "a style in svg": `<svg><style>${STYLE}</style><script>${SCRIPT}</script></svg><style>${STYLE}</style>`,
    "a self-closing svg": `<svg/><style>${STYLE}</style><math><mi>x</mi></math>`,
    "a foreignObject in svg": `<svg><foreignObject><style>${STYLE}</style></foreignObject></svg>`,
    "a quoted > in the start tag": `<script data-x="a>b" type="application/ld+json">${JSON_LD}</script><p>x</p>`,
    "a script in an attribute": `<div title="<script>">${SCRIPT}</script></div><script>${SCRIPT}</script>`,
    "escape states": `<script><!-- <script>${SCRIPT}</script> still script --></script><p>after</p><script>${SCRIPT}</script>`,
    "end tags that are not": `<script>${SCRIPT}</scripts></script-x></script\vx>${SCRIPT}</script >`,
    "an end tag with attributes": `<style>${STYLE}</style foo="bar"><p>x</p>`,
    "a self-closing end tag": `<script>${SCRIPT}</script/><p>x</p>`,
    "an unterminated script": `<p>x</p><script>${SCRIPT}`,
    "an unterminated start tag": `<p>x</p><script type="x"`,
    "a script in a template": `<template><script>${SCRIPT}</script><style>${STYLE}</style></template>`,
    "a script in a table": `<table><script>${SCRIPT}</script><tr><td>x</td></tr><style>${STYLE}</style></table>`,
    "a style in a select": `<select><style>${STYLE}</style><option>x</option><script>${SCRIPT}</script></select>`,
    "a frameset": `<frameset><script>${SCRIPT}</script></frameset>`,
    plaintext: `<plaintext><script>${SCRIPT}</script>`,
    "a title": `<title><script>${SCRIPT}</script></title><script>${SCRIPT}</script>`,
    "xmp, iframe, noembed and noframes": `<xmp><style>${STYLE}</style></xmp><iframe><script>${SCRIPT}</script></iframe><noembed><style>${STYLE}</style></noembed><noframes><script>${SCRIPT}</script></noframes>`,
    "the placeholder's characters in the page": `<p>\uE000</p><script>${SCRIPT}</script>`,
    "a tag name that only starts like script": `<scripty>${SCRIPT}</scripty><stylex>${STYLE}</stylex>`,
    "a tab, a form feed and a slash after the name": `<script\ttype="a">${SCRIPT}</script\f><style/>${STYLE}</style\n>`,
    "after the html end tag": `<html><body></body></html><script>${SCRIPT}</script>`,
  };
  for (const [name, html] of Object.entries(tricky)) {
    it(`builds parse5's own tree with ${name}`, () => {
      expect(dump(parseHtml(html))).toEqual(dump(reference(html)));
    });
  }

  it("starts over on the page as it is when a placeholder lands anywhere but as a raw-text element's text", () => {
    expect(parseCut(tricky["a quoted > in the start tag"] as string)).toBeNull();
    expect(parseCut(tricky["a script in an attribute"] as string)).toBeNull();
  });

  it("builds parse5's own tree from any mix of markup, comments, raw-text and foreign elements", () => {
    const pieces = fc.constantFrom(
      "<script>",
      "</script>",
      "<SCRIPT type='application/ld+json'>",
      "</script >",
      "<style>",
      "</style>",
      "<!--",
      "-->",
      "<!-->",
      "<svg>",
      "</svg>",
      "<math>",
      "<textarea>",
      "</textarea>",
      "<noscript>",
      "</noscript>",
      "<template>",
      "</template>",
      "<table>",
      "<select>",
      "<p title='>'>",
      '<div title="<script>">',
      "<b>",
      "</p>",
      "\r\n",
      "\r",
      "\0",
      "&amp;",
      "<",
      ">",
      "</",
      SCRIPT,
      STYLE,
      JSON_LD,
    );
    // Whole elements too, so that most pages have bodies to cut.
    const elements = fc.constantFrom(
      `<script>${SCRIPT}</script>`,
      `<script type="application/ld+json">${JSON_LD}</script>`,
      `<style>${STYLE}</style>`,
      `<script>${SCRIPT}\r\n\0</SCRIPT>`,
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, elements), { maxLength: 30 }), (list) => {
        const html = list.join("");
        expect(dump(parseHtml(html))).toEqual(dump(reference(html)));
      }),
      { numRuns: 400 },
    );
  });
});
