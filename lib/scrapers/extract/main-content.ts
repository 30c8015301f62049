import type { Element } from "domhandler";
import { contains, first, select } from "./dom";
import type { Page } from "./page";
import { BLOCKS, blockText, cleanText, inlineText, textContent } from "./text";

const POSITIVE = /article|body|content|entry|h-entry|hentry|main|page|post|text|blog|story|prose/i;
const NEGATIVE =
  /comment|meta|footer|footnote|foot|masthead|media|outbrain|promo|related|scroll|share|social|shoutbox|sidebar|skyscraper|sponsor|shopping|tags|tool|widget|nav|menu|breadcrumb|newsletter|subscribe|advert|(?:^|[-_ ])ads?(?:$|[-_ ])|byline|author|dateline|timestamp|caption|signup|paywall|popup|cookie/i;
/**
 * Blocks that are never the article (readability's "unlikely candidates"): their paragraphs do not vote.
 * A block whose names also say it may be the content (article, body, main…) still votes.
 */
const UNLIKELY =
  /-ad-|banner|breadcrumbs|combx|comment|community|disqus|extra|footer|gdpr|legends|menu|related|remark|replies|rss|shoutbox|sidebar|skyscraper|social|sponsor|supplemental|ad-break|agegate|pagination|pager|popup|recommend|newsletter|outbrain|taboola/i;
const MAYBE = /and|article|body|column|content|main|shadow/i;
const UNLIKELY_TAGS = new Set(["nav", "aside", "footer", "script", "style", "noscript", "template"]);
// The headline is the item's title, not part of its body.
const SKIP_TAGS = new Set([
  "h1",
  "nav",
  "aside",
  "footer",
  "header",
  "figure",
  "figcaption",
  "form",
  "button",
  "script",
  "style",
  "noscript",
]);
const MIN_PARAGRAPH = 25;
/** A marked articleBody shorter than this is a teaser or an empty wrapper, not the body. */
const MIN_MARKED_BODY = 200;

/** The article body: the elements holding it, in document order, and their text. */
export interface MainContent {
  roots: Element[];
  /** Each root's text without what `skippedInBody` drops below it, joined by blank lines. */
  text: string;
}

const cache = new WeakMap<Page, MainContent | null>();

/**
 * The main text of an article page, readability-style: every paragraph outside unlikely blocks
 * (comments, sidebars, related stories…) scores its parent (fully) and grandparent (half) by its length
 * and commas; containers are weighted by tag and by class/id names (article, content… up; comment,
 * sidebar, share… down) and discounted by how much of their text is links. The best container and its
 * siblings that score close to it (articles split by ad slots) give the text, without bylines,
 * captions, share bars and asides. Computed once per page.
 */
export function mainText(page: Page): string | null {
  return mainContent(page)?.text ?? null;
}

/** mainText's elements with their text (the content formats render the same elements as Markdown). */
export function mainContent(page: Page): MainContent | null {
  if (cache.has(page)) return cache.get(page) ?? null;
  const content = computeMainContent(page);
  cache.set(page, content);
  return content;
}

function computeMainContent(page: Page): MainContent | null {
  const marked = first(page.index, '[itemprop="articleBody"], [property="articleBody"]');
  if (marked) {
    const text = textOf(marked);
    if (text && text.length >= MIN_MARKED_BODY) return { roots: [marked], text };
  }
  const ranked = rankedCandidates(page);
  const best = ranked[0];
  if (best) {
    const common = commonAncestor(page, best, ranked);
    if (common) {
      const text = textOf(common);
      if (text) return { roots: [common], text };
    }
  }
  for (const { element, score } of ranked) {
    const content = withSiblings(page, element, score);
    if (content) return content;
  }
  return null;
}

/** How close other candidates must score to the best one to say the article is split among them. */
const CLOSE_SCORE = 0.75;
const SPLIT_PARTS = 3;

/**
 * When the best block is one of several that score about as well (each paragraph in its own wrapper),
 * the article is their nearest common ancestor holding at least three of them (readability's rule).
 */
function commonAncestor(page: Page, best: Scored, ranked: Scored[]): Element | null {
  const close = ranked.filter((candidate) => candidate !== best && candidate.score >= best.score * CLOSE_SCORE);
  if (close.length < SPLIT_PARTS) return null;
  for (
    let node = best.element.parent as Element | null;
    node && node.type === "tag" && node.name !== "body";
    node = node.parent as Element | null
  ) {
    const held = close.filter((candidate) => contains(page.index, node as Element, candidate.element)).length;
    if (held >= SPLIT_PARTS) return node;
  }
  return null;
}

/** Pop-ups inside the text (hover cards on names, screen-reader-only labels) that readers do not see inline. */
const POPUPS = /tooltip|popover|rollover|hover-?card|sr-only|visually-hidden|screen-reader/i;

/** What the body's text leaves out below its roots: the headline, figures and captions, bylines, share bars, pop-ups. */
export function skippedInBody(element: Element): boolean {
  return skipped(element);
}

function skipped(element: Element): boolean {
  const names = namesOf(element);
  return SKIP_TAGS.has(element.name) || NEGATIVE.test(names) || POPUPS.test(names);
}

/** How many top-scoring containers get the (costlier) link-density check. */
const FINALISTS = 10;

interface Scored {
  element: Element;
  score: number;
}

const scoreCache = new WeakMap<Page, Map<Element, number>>();

function rankedCandidates(page: Page): Scored[] {
  const scores = new Map<Element, number>();
  scoreCache.set(page, scores);
  const add = (element: Element | null, points: number) => {
    if (element?.type !== "tag" || element.name === "body" || element.name === "html") return;
    scores.set(element, (scores.get(element) ?? baseScore(element)) + points);
  };
  // The blocks around the article element and the headline are never unlikely, whatever their names
  // ("theiaStickySidebar" wrappers hold whole posts).
  const unlikely = new Map<Element, boolean>();
  for (const anchor of [first(page.index, "article"), first(page.index, "h1")]) {
    for (let node = anchor ?? null; node && node.type === "tag"; node = node.parent as Element | null) unlikely.set(node, false);
  }
  // Not skipping <form>: ASP.NET pages wrap the whole page in one.
  for (const paragraph of paragraphs(page)) {
    const { element, run } = paragraph;
    if (insideUnlikely(element, unlikely) || (run && isUnlikely(element))) continue;
    const text = cleanText(paragraph.text);
    if (!text || text.length < MIN_PARAGRAPH) continue;
    const points = 1 + text.split(/[,，、]/).length - 1 + Math.min(Math.floor(text.length / 100), 3);
    // A run of text directly inside a block is a paragraph of that block: the block is its parent.
    const parent = run ? element : (element.parent as Element | null);
    add(parent, points);
    add((parent?.parent as Element | null) ?? null, points / 2);
  }
  return [...scores]
    .sort(([, a], [, b]) => b - a)
    .slice(0, FINALISTS)
    .map(([element, score]) => ({ element, score: score * (1 - linkDensity(page, element)) }))
    .sort((a, b) => b.score - a.score)
    .filter((candidate) => candidate.score > 0);
}

/** Whether an ancestor is an unlikely block; answers are remembered per element (a walk up, no recursion). */
function insideUnlikely(element: Element, memo: Map<Element, boolean>): boolean {
  const path: Element[] = [];
  let answer = false;
  for (let node = element.parent as Element | null; node && node.type === "tag"; node = node.parent as Element | null) {
    const known = memo.get(node);
    if (known !== undefined) {
      answer = known;
      break;
    }
    path.push(node);
    if (isUnlikely(node)) {
      answer = true;
      break;
    }
  }
  for (const node of path) memo.set(node, answer);
  return answer;
}

function isUnlikely(element: Element): boolean {
  const names = namesOf(element);
  return UNLIKELY_TAGS.has(element.name) || (element.name !== "body" && UNLIKELY.test(names) && !MAYBE.test(names));
}

/** A paragraph that votes for its containers: an element's whole text, or a run of text directly in a block. */
interface Paragraph {
  element: Element;
  text: string;
  /** The text is a run of inline content directly inside `element` (so `element` is the paragraph's parent). */
  run: boolean;
}

/** Elements that are paragraphs whatever they hold. */
const PARAGRAPH_TAGS = new Set(["p", "pre", "blockquote", "li", "td"]);
/** Blocks whose text between their child blocks reads as paragraphs (text and <br>s beside images and tables). */
const RUN_CONTAINERS = new Set(["div", "section", "article", "main"]);

/**
 * Every paragraph of the page, as readability finds them after its clean-up: <p>, <pre>, <blockquote>,
 * <li>, <td>; a <div> with no block inside (sites that write paragraphs as divs); and the runs of text
 * directly inside a div, section or article that also holds blocks, split at a double <br> (text typed
 * between images and tables). One pass up the index marks the elements holding a block, one pass down
 * collects the paragraphs: linear in the page.
 */
function paragraphs(page: Page): Paragraph[] {
  const { elements, position } = page.index;
  const holdsBlock = new Uint8Array(elements.length);
  for (let i = elements.length - 1; i >= 0; i--) {
    const element = elements[i] as Element;
    if (!BLOCKS.has(element.name) && holdsBlock[i] === 0) continue;
    const parent = position.get(element.parent as Element);
    if (parent !== undefined) holdsBlock[parent] = 1;
  }
  const found: Paragraph[] = [];
  for (let i = 0; i < elements.length; i++) {
    const element = elements[i] as Element;
    if (PARAGRAPH_TAGS.has(element.name) || (element.name === "div" && holdsBlock[i] === 0)) {
      found.push({ element, text: inlineText(element), run: false });
    } else if (RUN_CONTAINERS.has(element.name)) {
      for (const text of inlineRuns(element, position, holdsBlock)) found.push({ element, text, run: true });
    }
  }
  return found;
}

/** The runs of inline content among a block's children: a child block or two <br>s in a row end a run. */
function inlineRuns(block: Element, position: Map<Element, number>, holdsBlock: Uint8Array): string[] {
  const runs: string[] = [];
  let run = "";
  let breaks = 0;
  const end = () => {
    if (run.trim()) runs.push(run);
    run = "";
  };
  for (const child of block.children) {
    if (child.type === "text") {
      if (child.data.trim()) breaks = 0;
      run += child.data;
      continue;
    }
    if (child.type !== "tag") continue;
    if (child.name === "br") {
      if (++breaks >= 2) end();
      continue;
    }
    breaks = 0;
    const at = position.get(child);
    if (BLOCKS.has(child.name) || (at !== undefined && holdsBlock[at] === 1)) end();
    else run += inlineText(child);
  }
  end();
  return runs;
}

/**
 * The candidate's text with the siblings that belong to the same article: siblings scoring at least a
 * fifth of it, and plain paragraphs with little link text (readability's sibling merge).
 */
function withSiblings(page: Page, top: Element, topScore: number): MainContent | null {
  const parent = top.parent as Element | null;
  const scores = scoreCache.get(page);
  if (parent?.type !== "tag" || !scores) {
    const text = textOf(top);
    return text ? { roots: [top], text } : null;
  }
  const threshold = Math.max(10, topScore * 0.2);
  const parts: Element[] = [];
  for (const sibling of parent.children) {
    if (sibling.type !== "tag") continue;
    const element = sibling as Element;
    if (element === top) {
      parts.push(element);
      continue;
    }
    if (skipped(element) || UNLIKELY.test(namesOf(element))) continue;
    const score = scores.get(element);
    if (score !== undefined && score * (1 - linkDensity(page, element)) >= threshold) {
      parts.push(element);
      continue;
    }
    if (element.name === "p") {
      const text = cleanText(textContent(element)) ?? "";
      const density = linkDensity(page, element);
      if ((text.length > 80 && density < 0.25) || (text.length > 0 && density === 0 && /[.!?。]$/.test(text)))
        parts.push(element);
    }
  }
  const roots: Element[] = [];
  const texts: string[] = [];
  for (const part of parts) {
    const text = textOf(part);
    if (!text) continue;
    roots.push(part);
    texts.push(text);
  }
  return texts.length > 0 ? { roots, text: texts.join("\n\n") } : null;
}

function textOf(root: Element): string | null {
  return blockText(root, (element) => element !== root && skipped(element));
}

function baseScore(element: Element): number {
  const byTag: Record<string, number> = { article: 10, div: 5, section: 3, main: 3, pre: 3, td: 3, blockquote: 3 };
  const penalty = ["address", "ol", "ul", "dl", "dd", "dt", "li", "form"].includes(element.name) ? -3 : 0;
  return (byTag[element.name] ?? 0) + penalty + weightOf(element);
}

function namesOf(element: Element): string {
  return `${element.attribs.class ?? ""} ${element.attribs.id ?? ""}`;
}

function weightOf(element: Element): number {
  const names = namesOf(element);
  if (!names.trim()) return 0;
  let weight = 0;
  if (NEGATIVE.test(names)) weight -= 25;
  if (POSITIVE.test(names)) weight += 25;
  return weight;
}

function linkDensity(page: Page, element: Element): number {
  const total = textContent(element).length;
  if (total === 0) return 1;
  const linked = select(page.index, element, "a").reduce((sum, link) => sum + textContent(link).length, 0);
  return Math.min(linked / total, 1);
}
