import { compile as compileSelector } from "css-select";
import type { AnyNode, Element } from "domhandler";
import { MAX_DOM_DEPTH, pageTooComplex } from "@/lib/scrapers/limits";

/**
 * Every element of a page in document order, built in one walk after parsing. Queries scan a scope's
 * slice of this array with a compiled matcher instead of walking the tree again, and "is this inside
 * page furniture (nav, footer, aside…)?" becomes an array lookup instead of a walk up the ancestors.
 */
export interface DomIndex {
  elements: Element[];
  position: Map<Element, number>;
  /** end[i]: one past the last descendant of elements[i]. */
  end: Int32Array;
  /** furniture[i]: position of the nearest ancestor-or-self that is page furniture, or -1. */
  furniture: Int32Array;
}

// Page furniture that never holds the item's own data.
const FURNITURE_TAGS = new Set(["nav", "footer", "aside", "script", "style", "noscript", "template", "form"]);
const FURNITURE_ROLES = new Set(["navigation", "banner", "contentinfo", "complementary", "search"]);

/** An element node as domhandler's isTag (and so cheerio's traversals) counts them: tags, scripts and styles. */
function isElement(node: AnyNode): node is Element {
  return node.type === "tag" || node.type === "script" || node.type === "style";
}

export function indexDom(root: AnyNode): DomIndex {
  const elements: Element[] = [];
  const positions = new Map<Element, number>();
  const ends: number[] = [];
  const furnitures: number[] = [];
  // An explicit stack: malformed pages can nest deeper than the call stack allows.
  const stack: { node: AnyNode; child: number; furniture: number; inArticle: boolean; position: number }[] = [
    { node: root, child: 0, furniture: -1, inArticle: false, position: -1 },
  ];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as (typeof stack)[number];
    const children = "children" in frame.node ? (frame.node.children as AnyNode[]) : [];
    if (frame.child >= children.length) {
      if (frame.position >= 0) ends[frame.position] = elements.length;
      stack.pop();
      continue;
    }
    const node = children[frame.child++] as AnyNode;
    if (!isElement(node)) continue;
    const position = elements.length;
    elements.push(node);
    positions.set(node, position);
    const inArticle = frame.inArticle || node.name === "article" || node.name === "main";
    const furniture = isFurniture(node, frame.inArticle) ? position : frame.furniture;
    furnitures.push(furniture);
    ends.push(position + 1);
    // The stack holds the root and every open ancestor: its length is the element's depth.
    if (stack.length > MAX_DOM_DEPTH) throw pageTooComplex("its elements", MAX_DOM_DEPTH);
    stack.push({ node, child: 0, furniture, inArticle, position });
  }
  return {
    elements,
    position: positions,
    end: Int32Array.from(ends),
    furniture: Int32Array.from(furnitures),
  };
}

function isFurniture(element: Element, inArticle: boolean): boolean {
  if (FURNITURE_TAGS.has(element.name)) return true;
  // A page's <header> is masthead and menus; an article's <header> holds its headline and byline.
  if (element.name === "header" && !inArticle) return true;
  const { role } = element.attribs;
  if (role && FURNITURE_ROLES.has(role)) return true;
  return element.attribs["aria-hidden"] === "true" || element.attribs.hidden !== undefined;
}

/** Whether `element` sits in page furniture below `scope` (furniture around the scope itself does not count). */
export function inFurniture(index: DomIndex, element: Element, scope: Element | null): boolean {
  const at = index.position.get(element);
  if (at === undefined) return false;
  const furniture = index.furniture[at] ?? -1;
  const scopeAt = scope ? (index.position.get(scope) ?? -1) : -1;
  return furniture > scopeAt;
}

export function contains(index: DomIndex, ancestor: Element, element: Element): boolean {
  const from = index.position.get(ancestor);
  const at = index.position.get(element);
  return from !== undefined && at !== undefined && at > from && at < (index.end[from] ?? 0);
}

/** Elements below `scope` (the whole page when null) matching a selector, in document order. */
export function select(
  index: DomIndex,
  scope: Element | null,
  selector: string,
  { skipFurniture = false, limit = Infinity } = {},
): Element[] {
  const match = compile(selector);
  if (scope && !index.position.has(scope)) return [];
  const from = scope ? (index.position.get(scope) ?? 0) + 1 : 0;
  const to = scope ? (index.end[from - 1] ?? 0) : index.elements.length;
  const scopeAt = from - 1;
  const found: Element[] = [];
  for (let i = from; i < to && found.length < limit; i++) {
    const element = index.elements[i] as Element;
    if (skipFurniture && (index.furniture[i] ?? -1) > scopeAt) continue;
    if (match(element)) found.push(element);
  }
  return found;
}

/** The first element of the page matching a selector. */
export function first(index: DomIndex, selector: string): Element | undefined {
  return select(index, null, selector, { limit: 1 })[0];
}

/** The element itself or its nearest ancestor matching a selector (cheerio's closest). */
export function closest(element: Element, selector: string): Element | undefined {
  const match = compile(selector);
  for (let node: AnyNode | null = element; node && isElement(node); node = node.parent) if (match(node)) return node;
  return undefined;
}

/** The first following sibling element matching a selector (cheerio's nextAll(selector).get(0)). */
export function nextSibling(element: Element, selector: string): Element | undefined {
  const match = compile(selector);
  for (let node = element.next; node; node = node.next) if (isElement(node) && match(node)) return node;
  return undefined;
}

/** The child elements matching a selector, in order (cheerio's children(selector)). */
export function childElements(element: Element, selector: string): Element[] {
  const match = compile(selector);
  return element.children.filter((node): node is Element => isElement(node) && match(node));
}

type Match = (element: Element) => boolean;
const compiled = new Map<string, Match>();

/**
 * A selector compiled once by css-select (the matcher cheerio itself uses), remembered per selector
 * string. Matching is css-select's; finding the candidates stays ours: `select` runs the matcher over
 * a scope's slice of the index instead of walking the tree. Invalid selectors throw.
 */
export function compile(selector: string): Match {
  let match = compiled.get(selector);
  if (!match) {
    match = tagMatcher(selector) ?? attributeMatcher(selector) ?? compileSelector<AnyNode, Element>(selector, { xmlMode: false });
    compiled.set(selector, match);
  }
  return match;
}

const HAS_ATTRIBUTE = /^\[([a-z][a-z0-9-]*)\]$/;

/** "[itemscope]", "[typeof]": an element with that attribute, as css-select's hasAttrib tests it. */
function attributeMatcher(selector: string): Match | null {
  const name = HAS_ATTRIBUTE.exec(selector)?.[1];
  if (!name) return null;
  return (element) => isElement(element) && Object.hasOwn(element.attribs, name) && element.attribs[name] != null;
}

const TAG_LIST = /^\s*(?:\*|[a-z][a-z0-9-]*)(?:\s*,\s*[a-z][a-z0-9-]*)*\s*$/i;

/**
 * "*", "h1" or "h2, h3, h4": what css-select compiles these to (an element whose name is one of the lower-cased
 * names, or any element), without its chain of closures per element. Most of the engine's queries are these.
 */
function tagMatcher(selector: string): Match | null {
  if (!TAG_LIST.test(selector)) return null;
  const names = selector.split(",").map((name) => name.trim().toLowerCase());
  if (names.length === 1 && names[0] === "*") return isElement;
  if (names.includes("*")) return null;
  if (names.length === 1) {
    const name = names[0];
    return (element) => element.name === name && isElement(element);
  }
  const set = new Set(names);
  return (element) => set.has(element.name) && isElement(element);
}
