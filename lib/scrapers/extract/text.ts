import type { AnyNode, Document, Element } from "domhandler";
import { parseFragment } from "parse5";
import { adapter } from "parse5-htmlparser2-tree-adapter";

const SKIPPED = new Set(["script", "style", "noscript", "template", "svg", "iframe", "object", "button", "select", "form"]);
/** Elements that start a new paragraph of text. */
export const BLOCKS: ReadonlySet<string> = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "dd",
  "div",
  "dl",
  "dt",
  "figcaption",
  "figure",
  "footer",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hr",
  "li",
  "main",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "table",
  "tr",
  "ul",
]);

const HIDDEN_STYLE = /display\s*:\s*none|visibility\s*:\s*hidden/i;

/** Any character cleanText removes or collapses other than a single plain space: other whitespace, two spaces, zero-width ones. */
const UNCLEAN = /[\t\n\v\f\r\u00a0\u1680\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]| {2}/;

/** Whitespace collapsed and trimmed; null when nothing is left. */
export function cleanText(value: string | null | undefined): string | null {
  if (value == null) return null;
  // Most texts have nothing to remove or collapse, only single plain spaces: trimming is all they need.
  if (!UNCLEAN.test(value)) return value.trim() || null;
  // Zero-width spaces, joiners and word joiners are invisible: they only break comparisons.
  const text = value
    .replace(/[\u200b-\u200d\u2060\ufeff]/g, "")
    .replace(/[\s\u00a0\u202f]+/g, " ")
    .trim();
  return text || null;
}

/**
 * The readable text of a DOM subtree: block elements become paragraphs separated by a blank line,
 * <br> a line break, scripts and form controls are dropped.
 */
export function blockText(nodes: AnyNode | AnyNode[], skip?: (element: Element) => boolean): string | null {
  const parts: string[] = [];
  if (Array.isArray(nodes)) for (const node of nodes) collectBlockText(node, skip, parts);
  else collectBlockText(nodes, skip, parts);
  return tidyParagraphs(parts.join(""));
}

/** blockText's walk: a function of its own rather than a closure made per call. */
function collectBlockText(node: AnyNode, skip: ((element: Element) => boolean) | undefined, parts: string[]): void {
  if (node.type === "text") {
    parts.push(node.data);
    return;
  }
  if (node.type !== "tag" && node.type !== "root") return;
  const element = node as Element;
  const name = element.name;
  if (SKIPPED.has(name) || element.attribs?.hidden !== undefined || (skip && node.type === "tag" && skip(element))) return;
  // Inline-styled hidden elements are not part of what the page shows.
  const style = element.attribs?.style;
  if (style && HIDDEN_STYLE.test(style)) return;
  if (name === "br") {
    parts.push("\n");
    return;
  }
  const block = BLOCKS.has(name);
  if (block) parts.push("\n\n");
  for (const child of element.children) collectBlockText(child, skip, parts);
  if (block) parts.push("\n\n");
}

/**
 * Paragraphs (split at a blank line: two line breaks with only spaces, tabs or no-break spaces between) of
 * lines with their whitespace collapsed, empty lines and paragraphs dropped, joined by "\n" and "\n\n".
 * One pass over the lines: two kept lines are a paragraph apart exactly when a blank line lies between them.
 */
export function tidyParagraphs(text: string): string | null {
  let tidy = "";
  let blank = false;
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end);
    const kept = line.replace(WHITESPACE_RUN, " ").trim();
    if (kept) {
      if (tidy) tidy += blank ? "\n\n" : "\n";
      tidy += kept;
      blank = false;
    } else if (tidy && BLANK_LINE.test(line)) {
      blank = true;
    }
    start = end + 1;
  }
  return tidy || null;
}

const WHITESPACE_RUN = /[\s\u00a0\u200b\u202f]+/g;
const BLANK_LINE = /^[ \t\u00a0]*$/;

/** Every text node's text below `root` in document order (scripts and styles left out), with an explicit stack. */
export function inlineText(root: AnyNode): string {
  let text = "";
  const stack: AnyNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode;
    if (node.type === "text") text += node.data;
    else if (node.type === "tag" || node.type === "root") {
      const { children } = node as Element;
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as AnyNode);
    }
  }
  return text;
}

/**
 * Every text node's text below `node` in document order, scripts and styles included: what cheerio's
 * `$(node).text()` gives (domutils' textContent), without a cheerio object per call, and with an explicit stack.
 * "" for no node.
 */
export function textContent(node: AnyNode | null | undefined): string {
  if (!node) return "";
  if (node.type === "text") return node.data;
  let text = "";
  const stack: AnyNode[] = [node];
  while (stack.length > 0) {
    const at = stack.pop() as AnyNode;
    if (at.type === "text") text += at.data;
    // Elements, documents and CDATA have children; comments and directives do not.
    else if ("children" in at) {
      const { children } = at;
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as AnyNode);
    }
  }
  return text;
}

/** parse5's fragment options as cheerio's load(value, null, false) set them. */
const FRAGMENT_OPTIONS = { treeAdapter: adapter, scriptingEnabled: true };

/** Text that may carry markup or entities (JSON-LD descriptions often do), as plain paragraphs. */
export function plainText(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!/<[a-z!/]|&(#\d+|#x[\da-f]+|[a-z]+);/i.test(value)) return tidyParagraphs(value.replace(/\r\n?/g, "\n"));
  // Parsed as a fragment straight with parse5, the parser cheerio's load(value, null, false) runs.
  return blockText(parseFragment(null, value, FRAGMENT_OPTIONS) as unknown as Document);
}

/** A short one-line text: plain text with every line break collapsed. */
export function singleLine(value: string | null | undefined): string | null {
  return cleanText(plainText(value));
}
