import type { AnyNode, Element } from "domhandler";
import { dateInText, toIsoDate } from "./dates";
import { select } from "./dom";
import type { Page } from "./page";
import { blockText, cleanText } from "./text";

// Bylines and datelines as article pages show them: "By Jane Doe", a rel=author link, an author-marked
// element, a <time>, a "Published Dec 13, 2016" line. Each finder looks in the article first, then in the
// page's content, then in the whole page but its navigation, footer and sidebars (bylines often sit in
// the page <header> above the article).

/** Where to look, most specific first. */
export function bylineScopes(page: Page): Element[] {
  const article = select(page.index, null, "article", { skipFurniture: true, limit: 1 })[0];
  const body = select(page.index, null, "body", { limit: 1 })[0];
  return [article, page.content, body].filter(
    (scope, index, all): scope is Element => Boolean(scope) && all.indexOf(scope) === index,
  );
}

/** Furniture that never holds the article's byline; a page <header> may. */
const NOT_BYLINE = new Set(["nav", "footer", "aside", "script", "style", "noscript", "template"]);

function candidates(page: Page, scope: Element, selector: string): Element[] {
  const scopeAt = page.index.position.get(scope) ?? -1;
  return select(page.index, scope, selector).filter((element) => {
    const at = page.index.position.get(element) ?? 0;
    const furniture = page.index.furniture[at] ?? -1;
    if (furniture <= scopeAt) return true;
    const holder = page.index.elements[furniture];
    return holder !== undefined && !NOT_BYLINE.has(holder.name) && holder.attribs.role !== "navigation";
  });
}

const MARKED_AUTHOR = [
  '[itemprop~="author"] [itemprop~="name"]',
  '[itemprop~="author"]',
  '[rel~="author"]',
  '[class*="author-name" i], [class*="authorname" i], [class*="author__name" i], [class*="byline__name" i]',
  '[class*="byline" i] [class*="name" i], [class*="byline" i] a[href]',
  'a[href*="/author/" i], a[href*="/authors/" i], a[href*="/writer/" i]',
].join(", ");
const LOOSE_AUTHOR = '[class*="byline" i], [class*="author" i], [class*="writer" i], [id*="author" i]';

/** "By", "Written by", "Von", "Par", "Por", "Door", "Di", "Av", "Przez" before a name. */
const BY = /^(?:(?:written|posted|reported|words|text|story)\s+)?(?:by|von|par|por|door|di|av|przez|from)\b\s*:?\s*/i;
const BY_ALONE = /(?:^|\s)(?:by|von|par|por|door|av|przez)\s*:?\s*$/i;
/** Words that are never (part of) a person's name in a byline. */
const NOT_NAME =
  /^(?:follow|share|comments?|author|authors|admin|about|contact|subscribe|more|view|posted|published|updated|staff writer|read more)$/i;

/** A byline's text as the names alone: no "By", no date, no e-mail, no trailing role or separators. */
export function authorName(value: string | null | undefined): string | null {
  let text = cleanText(value);
  if (!text) return null;
  text = text.replace(BY, "");
  // Cut at what follows the names: a date, a "|" or "•" separator, an e-mail, "on <date>", "Updated".
  text =
    text.split(/\s+[|•·]\s+|\s[-–—]\s(?=\d)|,\s*(?=\d)|\s+on\s+(?=[A-Z][a-z]+\.? \d)|\s+(?:updated|published|posted)\b/i)[0] ??
    "";
  text = text
    .replace(/\s*[\w.+-]+@[\w-]+\.[\w.]+/g, "")
    .replace(/\s*[,;:|–—-]\s*$/, "")
    .trim();
  const date = dateInText(text);
  if (date && text.indexOf(date.text) > 0) text = text.slice(0, text.indexOf(date.text)).replace(/[\s,;:|–—-]+$/, "");
  if (text.length < 2 || text.length > 120 || !/\p{L}/u.test(text) || /https?:|www\./i.test(text)) return null;
  if (NOT_NAME.test(text) || /^\d/.test(text)) return null;
  // A name has a few words; a sentence is not a byline.
  if (text.split(/\s+/).length > 12) return null;
  return text;
}

/** The article's author(s) as the page shows them. */
export function findByline(page: Page, scopes: Element[] = bylineScopes(page)): string | null {
  const widest = scopes[scopes.length - 1];
  if (!widest) return null;
  // One pass per kind of evidence over the widest scope, each keeping its find in the narrowest scope;
  // the narrowest scope wins, then the stronger evidence (marked, "By …", loosely named).
  const marked = firstInScope(page, scopes, candidates(page, widest, MARKED_AUTHOR), (element) =>
    authorName(elementText(page, element)),
  );
  if (marked?.rank === 0) return marked.value;
  const introduced = byIntroduced(page, scopes);
  const loose = firstInScope(page, scopes, candidates(page, widest, LOOSE_AUTHOR), (element) => {
    const at = page.index.position.get(element) ?? 0;
    if ((page.index.end[at] ?? at) - at > MAX_DATELINE_ELEMENTS) return null;
    const text = elementText(page, element);
    return text && text.length <= 160 ? authorName(text) : null;
  });
  const found = [marked, introduced, loose].filter((entry): entry is Found<string> => entry !== null);
  return (
    found.reduce<Found<string> | null>((best, entry) => (best === null || entry.rank < best.rank ? entry : best), null)?.value ??
    null
  );
}

interface Found<T> {
  value: T;
  /** Index of the narrowest scope holding it. */
  rank: number;
}

/** The first value `read` gives for the elements (in document order), preferring the narrowest scope. */
function firstInScope<T>(
  page: Page,
  scopes: Element[],
  elements: Iterable<Element>,
  read: (element: Element) => T | null,
): Found<T> | null {
  const ranges = scopes.map((scope) => {
    const at = page.index.position.get(scope) ?? 0;
    return [at, page.index.end[at] ?? at] as const;
  });
  let best: Found<T> | null = null;
  for (const element of elements) {
    const at = page.index.position.get(element) ?? 0;
    const rank = ranges.findIndex(([from, to]) => at > from && at < to);
    if (rank < 0 || (best !== null && rank >= best.rank)) continue;
    const value = read(element);
    if (value === null) continue;
    best = { value, rank };
    if (rank === 0) break;
  }
  return best;
}

function elementText(page: Page, element: Element): string | null {
  return cleanText(page.$(element).text()) ?? cleanText(element.attribs.content ?? element.attribs.title);
}

/** "By <a>Jane Doe</a>", "By <span>Jane Doe</span>" and "By Jane Doe" in a short line. */
function byIntroduced(page: Page, scopes: Element[]): Found<string> | null {
  const widest = scopes[scopes.length - 1];
  if (!widest) return null;
  const lines = candidates(page, widest, "*").filter((element) => element.name !== "p" && element.name !== "li");
  return firstInScope(page, scopes, lines, (element) => {
    const children = element.children;
    for (let c = 0; c < children.length; c++) {
      const node = children[c] as AnyNode;
      if (node.type !== "text" || !BY_ALONE.test(node.data)) continue;
      // The text says "By" and the name follows in the next element (maybe after whitespace).
      let next = children[c + 1];
      while (next && next.type === "text" && !next.data.trim()) next = next.next as AnyNode | undefined;
      if (next && next.type === "tag") {
        const name = authorName(cleanText(page.$(next).text()));
        if (name) return name;
      }
    }
    if (children.length === 1 && children[0]?.type === "text") {
      const line = cleanText(children[0].data);
      if (line && line.length <= 80 && BY.test(line) && /^(?:\S+\s+)?(?:by|von|par|por|door|av|przez)\s/i.test(line)) {
        return authorName(line);
      }
    }
    return null;
  });
}

/** Elements a byline or dateline block may hold; bigger blocks are containers, not lines. */
const MAX_DATELINE_ELEMENTS = 30;

const DATE_MARKED =
  '[itemprop~="datePublished"], [property~="datePublished"], [datetime], abbr[title], [class*="date" i], [class*="time" i], [class*="publish" i], [class*="posted" i], [id*="date" i], [class*="byline" i], [class*="dateline" i], [class*="meta" i]';

/** The article's publication date as the page shows it, ISO 8601. */
export function findPublished(page: Page, scopes: Element[] = bylineScopes(page)): string | null {
  const lang = page.meta.lang;
  const widest = scopes[scopes.length - 1];
  if (!widest) return null;
  const found = firstInScope(page, scopes, candidates(page, widest, DATE_MARKED), (element) => {
    const { attribs } = element;
    if (/modif|updat|comment/i.test(`${attribs.class ?? ""} ${attribs.itemprop ?? ""} ${attribs.id ?? ""}`)) return null;
    const machine = attribs.datetime ?? (element.name === "abbr" ? attribs.title : undefined) ?? attribs.content;
    const fromAttribute = toIsoDate(machine);
    if (fromAttribute) return fromAttribute;
    // Only small blocks: a "meta"-named wrapper of the whole article is not a dateline.
    const at = page.index.position.get(element) ?? 0;
    if ((page.index.end[at] ?? at) - at > MAX_DATELINE_ELEMENTS) return null;
    // Block-aware text: "Okafor</div><div>Dec 13" must not read as "OkaforDec 13".
    const text = cleanText(blockText(element));
    if (!text || text.length > 160) return null;
    return dateInText(text, lang)?.iso ?? null;
  });
  return found?.value ?? null;
}

/** A date in the page's own address: /2016/12/12/ or /2016-12-12-slug. */
export function dateInUrl(address: string | null): string | null {
  if (!address) return null;
  const match = /\/((?:19|20)\d{2})[/-](0?[1-9]|1[0-2])[/-](0?[1-9]|[12]\d|3[01])(?:[/-]|$)/.exec(address);
  if (!match) return null;
  return toIsoDate(`${match[1]}-${match[2]?.padStart(2, "0")}-${match[3]?.padStart(2, "0")}`);
}
