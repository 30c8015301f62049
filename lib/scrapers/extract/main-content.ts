import type { Element } from "domhandler";
import { first, select } from "./dom";
import type { Page } from "./page";
import { blockText, cleanText } from "./text";

const POSITIVE = /article|body|content|entry|h-entry|hentry|main|page|post|text|blog|story|prose/i;
const NEGATIVE =
  /comment|meta|footer|footnote|foot|masthead|media|outbrain|promo|related|scroll|share|social|shoutbox|sidebar|skyscraper|sponsor|shopping|tags|tool|widget|nav|menu|breadcrumb|newsletter|subscribe|advert|(?:^|[-_ ])ads?(?:$|[-_ ])|byline|author|dateline|timestamp|caption|signup|paywall|popup|cookie/i;
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
const PARAGRAPHS = "p, pre, blockquote, li, td";
const MIN_PARAGRAPH = 25;

/**
 * The main text of an article page, readability-style: every paragraph scores its parent (fully) and
 * grandparent (half) by its length and commas; containers are weighted by tag and by class/id names
 * (article, content… up; comment, sidebar, share… down) and discounted by how much of their text is
 * links. The best container's text, without its bylines, captions, share bars and asides, is the body.
 */
export function mainText(page: Page): string | null {
  const marked = first(page.index, '[itemprop="articleBody"], [property="articleBody"]');
  const root = marked ?? bestCandidate(page);
  if (!root) return null;
  return blockText(root, (element) => element !== root && (SKIP_TAGS.has(element.name) || NEGATIVE.test(namesOf(element))));
}

/** How many top-scoring containers get the (costlier) link-density check. */
const FINALISTS = 5;

function bestCandidate(page: Page): Element | null {
  const { $ } = page;
  const scores = new Map<Element, number>();
  const add = (element: Element | null, points: number) => {
    if (element?.type !== "tag" || element.name === "body" || element.name === "html") return;
    scores.set(element, (scores.get(element) ?? baseScore(element)) + points);
  };
  for (const paragraph of select(page.index, null, PARAGRAPHS)) {
    const text = cleanText($(paragraph).text());
    if (!text || text.length < MIN_PARAGRAPH) continue;
    const points = 1 + text.split(/[,，]/).length - 1 + Math.min(Math.floor(text.length / 100), 3);
    const parent = paragraph.parent as Element | null;
    add(parent, points);
    add((parent?.parent as Element | null) ?? null, points / 2);
  }
  const finalists = [...scores].sort(([, a], [, b]) => b - a).slice(0, FINALISTS);
  let best: Element | null = null;
  let bestScore = 0;
  for (const [element, score] of finalists) {
    const adjusted = score * (1 - linkDensity(page, element));
    if (adjusted > bestScore) {
      best = element;
      bestScore = adjusted;
    }
  }
  return best;
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
  const { $ } = page;
  const total = $(element).text().length;
  if (total === 0) return 1;
  const linked = select(page.index, element, "a").reduce((sum, link) => sum + $(link).text().length, 0);
  return Math.min(linked / total, 1);
}
