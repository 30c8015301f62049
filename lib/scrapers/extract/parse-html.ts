import type { Document, Element, Text } from "domhandler";
import { parse } from "parse5";
import { depthCappedTreeAdapter, startElementCount } from "@/lib/scrapers/limits";

/**
 * The page's DOM, exactly as parse5 builds it from `html` (with the depth-capped tree adapter, scripting on, as
 * cheerio's load() parsed it), built faster where pages are heavy: the bodies of <script> and <style> elements.
 *
 * parse5's tokenizer reads raw text one code point at a time, appending each to a string, and starts a new text
 * token at every switch between whitespace and other characters: a page's JSON-LD and inline scripts, often most
 * of its bytes, cost more than all its markup (the ~2.5 KB of JSON-LD on bench:hot's 4 KB product page was half
 * of its parse). Here each such body is cut out before parsing, a short placeholder parsed in its place, and the
 * body (with the newline and NUL normalisation the tokenizer applies to raw text) put back into the element's
 * text node afterwards.
 *
 * Exact by construction, and checked: a body is cut only up to the end tag the tokenizer stops at (`</script` or
 * `</style`, any case, followed by whitespace, `/` or `>`), and only when it holds no `<!--` (the script data
 * escape states, where `</script>` may not end it; nothing after such a body is cut either). A `<script` the
 * tokenizer does not read as a start tag of an HTML raw-text element (inside a comment, an attribute, a
 * <textarea>, <svg>, a `>` inside a quoted attribute value…) leaves its placeholder somewhere else than as the
 * sole text of an HTML <script>/<style>; the parse then starts over on the page as it is.
 */
export function parseHtml(html: string): Document {
  const cut = parseCut(html);
  if (cut) return cut;
  startElementCount();
  return parse(html, PARSE_OPTIONS) as unknown as Document;
}

/**
 * The page parsed with its raw-text bodies cut out and put back; null when there is nothing worth cutting or the
 * check fails (the caller parses the page as it is then).
 */
export function parseCut(html: string): Document | null {
  const cut = cutRawText(html);
  if (!cut) return null;
  collected = [];
  startElementCount();
  try {
    const document = parse(cut.html, { treeAdapter: collectingAdapter, scriptingEnabled: true }) as unknown as Document;
    return restore(collected, cut.bodies) ? document : null;
  } finally {
    collected = [];
  }
}

/** Bodies shorter than this are left in place: a placeholder and its check would cost about as much. */
const MIN_CUT = 64;
const OPEN = "\uE000";
const CLOSE = "\uE001";
const HTML_NAMESPACE = "http://www.w3.org/1999/xhtml";

/**
 * What the scan stops at: a comment, a raw-text element, or an element whose content holds no HTML raw-text
 * element to cut (text-only elements, where a "<script" is text, and SVG/MathML, whose <style> and <script> are
 * not HTML's). Skipping them keeps a placeholder out of where the check would fail and the page be parsed twice;
 * where the scan still misreads the page, the check catches it.
 */
const NEXT = /<!--|<(script|style|noscript|textarea|title|xmp|iframe|noembed|noframes|plaintext|svg|math)[\t\n\f\r />]/gi;

function endTag(name: string): RegExp {
  let pattern = END_TAGS.get(name);
  if (!pattern) {
    pattern = new RegExp(`</${name}[\\t\\n\\f\\r />]`, "gi");
    END_TAGS.set(name, pattern);
  }
  return pattern;
}
const END_TAGS = new Map<string, RegExp>();

interface Cut {
  html: string;
  /** The text each placeholder stands for, as the tokenizer would have emitted it. */
  bodies: string[];
}

export function cutRawText(html: string): Cut | null {
  // The placeholders must not occur in the page itself.
  if (html.includes(OPEN)) return null;
  const parts: string[] = [];
  const bodies: string[] = [];
  let copied = 0;
  NEXT.lastIndex = 0;
  for (let next = NEXT.exec(html); next; next = NEXT.exec(html)) {
    if (next[1] === undefined) {
      // A comment runs to the first "-->" (or ends sooner: skipping more than it is only cuts less).
      const end = html.indexOf("-->", next.index + 4);
      if (end < 0) break;
      NEXT.lastIndex = end + 3;
      continue;
    }
    const name = next[1].toLowerCase();
    if (name === "plaintext") break;
    // The start tag ends at its first ">" (one inside a quoted value fails the check).
    const open = html.indexOf(">", next.index);
    if (open < 0) break;
    // <svg/> and <math/> close themselves (HTML's own elements ignore the slash).
    if ((name === "svg" || name === "math") && html[open - 1] === "/") {
      NEXT.lastIndex = open + 1;
      continue;
    }
    const end = endTag(name);
    end.lastIndex = open + 1;
    const close = end.exec(html);
    // No end tag: the element runs to the end of the page, left to the parser.
    if (!close) break;
    NEXT.lastIndex = close.index;
    if (name !== "script" && name !== "style") continue;
    const body = html.slice(open + 1, close.index);
    // "<!--" in a script may start the escape states, where "</script>" need not end it: stop cutting here.
    if (name === "script" && body.includes("<!--")) break;
    if (body.length < MIN_CUT) continue;
    parts.push(html.slice(copied, open + 1), `${OPEN}${bodies.length}${CLOSE}`);
    bodies.push(rawText(body));
    copied = close.index;
  }
  if (bodies.length === 0) return null;
  parts.push(html.slice(copied));
  return { html: parts.join(""), bodies };
}

/** A raw-text body as the tokenizer emits it: CR LF and lone CR become LF, NUL becomes U+FFFD. */
function rawText(body: string): string {
  const lines = body.includes("\r") ? body.replace(/\r\n?/g, "\n") : body;
  return lines.includes("\0") ? lines.replaceAll("\0", "\uFFFD") : lines;
}

/** Puts each body back; false when a placeholder is not the sole text of an HTML <script> or <style>. */
function restore(elements: Element[], bodies: string[]): boolean {
  const found = new Uint8Array(bodies.length);
  let restored = 0;
  for (const element of elements) {
    const text = element.children.length === 1 ? (element.children[0] as Text) : undefined;
    if (text?.type !== "text" || !text.data.startsWith(OPEN)) continue;
    const index = placeholderIndex(text.data, bodies.length);
    if (index === null || found[index] || element.namespace !== HTML_NAMESPACE) return false;
    found[index] = 1;
    text.data = bodies[index] as string;
    restored++;
  }
  return restored === bodies.length;
}

function placeholderIndex(data: string, count: number): number | null {
  if (!data.endsWith(CLOSE)) return null;
  const digits = data.slice(OPEN.length, -CLOSE.length);
  const index = Number(digits);
  return /^\d+$/.test(digits) && index < count ? index : null;
}

const PARSE_OPTIONS = { treeAdapter: depthCappedTreeAdapter, scriptingEnabled: true };

/** The <script> and <style> elements of the parse under way (parsing is synchronous: one at a time). */
let collected: Element[] = [];

const collectingAdapter: typeof depthCappedTreeAdapter = {
  ...depthCappedTreeAdapter,
  createElement(tagName, namespaceURI, attrs) {
    const element = depthCappedTreeAdapter.createElement(tagName, namespaceURI, attrs);
    if (tagName === "script" || tagName === "style") collected.push(element);
    return element;
  },
};
