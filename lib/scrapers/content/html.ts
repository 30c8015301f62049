import type { AnyNode, Element } from "domhandler";
import type { KeptContent } from "./select";
import { imageSource, type UrlResolver } from "./urls";
import { Budget } from "./writer";

/** Elements with no end tag. */
const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
/** Attributes holding one URL, made absolute. */
const URL_ATTRIBUTES = new Set(["href", "src", "cite", "poster", "action"]);
/** Attributes that only serve scripts or lazy loading and carry nothing once the page is cleaned. */
const DROPPED_ATTRIBUTE = /^(?:on|data-(?:src|lazy|original|srcset))|^(?:style|srcset|nonce|integrity)$/i;
const ATTRIBUTE_NAME = /^[a-z_:][-a-z0-9_:.]*$/i;

/**
 * The kept content as HTML: the same elements the Markdown shows, in the same order, without scripts, styles,
 * hidden or excluded elements, comments, event handlers and inline styles; links and image sources absolute
 * (an image's lazy-loaded address becomes its src), javascript: links without their href.
 */
export function renderCleanHtml(content: KeptContent, urls: UrlResolver): string {
  const budget = new Budget("HTML");
  const parts: string[] = [];
  const push = (part: string) => {
    budget.spend(part.length);
    parts.push(part);
  };
  const write = (node: AnyNode, isRoot: boolean): void => {
    if (node.type === "text") {
      push(escapeText(node.data));
      return;
    }
    if (node.type !== "tag" || (!isRoot && content.drops(node))) return;
    push(`<${node.name}${attributes(node, urls)}>`);
    if (VOID.has(node.name)) return;
    // The parser drops a newline right after <pre>: one the content starts with is written twice to survive.
    const first = node.children[0];
    if (node.name === "pre" && first?.type === "text" && first.data.startsWith("\n")) push("\n");
    for (const child of node.children) write(child, false);
    push(`</${node.name}>`);
  };
  for (const root of content.roots) write(root, true);
  return parts.join("");
}

function attributes(element: Element, urls: UrlResolver): string {
  let written = "";
  for (const [name, value] of Object.entries(element.attribs)) {
    if (!ATTRIBUTE_NAME.test(name) || DROPPED_ATTRIBUTE.test(name)) continue;
    let kept: string | null = value;
    if (element.name === "img" && name === "src") kept = imageSource(element, urls);
    else if (URL_ATTRIBUTES.has(name)) kept = urls.resolve(value);
    if (kept === null) continue;
    written += ` ${name}="${escapeAttribute(kept)}"`;
  }
  // A lazy-loaded image whose src attribute was missing gets the address it shows.
  if (element.name === "img" && element.attribs.src === undefined) {
    const source = imageSource(element, urls);
    if (source) written += ` src="${escapeAttribute(source)}"`;
  }
  return written;
}

function escapeText(text: string): string {
  return text.replace(/[&<>\u00a0]/g, (char) => TEXT_ENTITIES[char] as string);
}

function escapeAttribute(value: string): string {
  return value.replace(/[&"\u00a0]/g, (char) => TEXT_ENTITIES[char] as string);
}

const TEXT_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\u00a0": "&nbsp;" };
