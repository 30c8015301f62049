import type { AnyNode, Element } from "domhandler";
import { dateInText, toIsoDate } from "./dates";
import { select } from "./dom";
import type { Page } from "./page";
import { blockText, cleanText, textContent } from "./text";
import { articleHeadline, isSiteName, siteNames } from "./titles";

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

/**
 * Blocks that hold other people's names and dates: comments, related and recommended stories, teaser
 * cards, sponsored widgets, the list of references and footnotes (a cited work's date and its
 * "Retrieved" date). Their bylines are not the article's.
 */
const OTHER_STORIES =
  /comment|respond|replies|related|recommend|teaser|tease-|tease_|promo|sponsor|taboola|outbrain|newsletter|more-stories|read-?next|trending|popular|most-read|\breferences?\b|reference-|citation|footnote/i;

function candidates(page: Page, scope: Element, selector: string): Element[] {
  const scopeAt = page.index.position.get(scope) ?? -1;
  const others = otherStories(page);
  return select(page.index, scope, selector).filter((element) => {
    if (others(element)) return false;
    const at = page.index.position.get(element) ?? 0;
    const furniture = page.index.furniture[at] ?? -1;
    if (furniture <= scopeAt) return true;
    const holder = page.index.elements[furniture];
    return holder !== undefined && !NOT_BYLINE.has(holder.name) && holder.attribs.role !== "navigation";
  });
}

const otherStoriesMemo = new WeakMap<Page, (element: Element) => boolean>();

/**
 * Whether an element sits in a block of other stories (see OTHER_STORIES). The blocks around the
 * article's headline never count, whatever their names ("post has-comments"). Answers are remembered
 * per element, so each walk up stops at the first ancestor already decided.
 */
function otherStories(page: Page): (element: Element) => boolean {
  const known = otherStoriesMemo.get(page);
  if (known) return known;
  const decided = new Map<Element, boolean>();
  const headline = articleHeadline(page, bylineScopes(page))?.element;
  for (let node: Element | null = headline ?? null; node && node.type === "tag"; node = node.parent as Element | null) {
    decided.set(node, false);
  }
  const test = (element: Element): boolean => {
    const path: Element[] = [];
    let answer = false;
    for (let node: Element | null = element; node && node.type === "tag"; node = node.parent as Element | null) {
      const settled = decided.get(node);
      if (settled !== undefined) {
        answer = settled;
        break;
      }
      path.push(node);
      if (OTHER_STORIES.test(`${node.attribs.class ?? ""} ${node.attribs.id ?? ""}`)) {
        answer = true;
        break;
      }
    }
    for (const node of path) decided.set(node, answer);
    return answer;
  };
  otherStoriesMemo.set(page, test);
  return test;
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
/** A role label before the names: "Author:", "Autor:", "文●", "著者：", "記者" (the name is what follows). */
const ROLE_LABEL =
  /^(?:(?:authors?|autor(?:in|en)?|auteur|autore|writer|text|words)\s*[:：]\s*|(?:文|著者|作者|筆者|記者|執筆|作)\s*[:：●]\s*|(?:著者|作者|筆者|記者|執筆)\s+)/i;
const BY_ALONE = /(?:^|\s)(?:by|von|par|por|door|av|przez)\s*:?\s*$/i;
/**
 * What comes before "by" in a credit that is not the article's byline: "Photo by", "Illustration by",
 * "Powered by", "Translated by" (the article's writer is named elsewhere).
 */
const CREDIT =
  /(?:^|[\s([|])(?:photos?|photographs?|photography|image|images|picture|pictures|illustrations?|illustrated|video|videos|graphics?|artwork|cover|map|maps|charts?|designed|powered|hosted|sponsored|presented|brought to you|translated|translation|produced|foto|fotos|bild|bilder)(?:\s+\w+)?\s*(?:by|von|par|por|door|di|av|przez)\s*:?\s*$/i;
const CREDIT_LINE =
  /^(?:photos?|photographs?|photography|image|images|picture|illustrations?|video|graphics?|artwork|credits?|foto|fotos|bild)\b/i;

/** Words that are never (part of) a person's name in a byline. */
const NOT_NAME =
  /^(?:follow|share|comments?|author|authors|profile|admin|about|contact|subscribe|more|view|posted|published|updated|staff writer|read more|著者|作者|筆者|記者|執筆者?|文|作)$/i;

/** A byline's text as the names alone: no "By", no date, no e-mail, no trailing role or separators. */
export function authorName(value: string | null | undefined): string | null {
  let text = cleanText(value);
  if (!text || CREDIT_LINE.test(text)) return null;
  text = text.replace(BY, "").replace(ROLE_LABEL, "");
  text = withoutSectionLabel(text);
  // Cut at what follows the names: a date, a "|" or "•" separator, an e-mail, "on <date>", "Updated",
  // other roles' credits ("Edited by Ann Roe": the editor is not an author).
  text =
    text.split(
      /\s+[|•·]\s+|\s[-–—]\s(?=\d)|,\s*(?=\d)|\s+on\s+(?=[A-Z][a-z]+\.? \d)|\s+(?:updated|published|posted)\b|[\s,;]+(?:edited|translated|reviewed|illustrated|photographed)\s+by\b/i,
    )[0] ?? "";
  text = text
    .replace(/\s*[\w.+-]+@[\w-]+\.[\w.]+/g, "")
    .replace(/\s*[,;:|–—-]\s*$/, "")
    .trim();
  const date = dateInText(text);
  if (date) {
    // A name never starts with a date; one after the name ends it.
    const at = text.indexOf(date.text);
    if (at <= 0) return null;
    text = text.slice(0, at).replace(/[\s,;:|–—-]+$/, "");
  }
  if (text.length < 2 || text.length > 120 || !/\p{L}/u.test(text) || /https?:|www\./i.test(text)) return null;
  // "Follow Author", "Share · Comments": a button's or a menu's words, each of them no name.
  if (NOT_NAME.test(text) || text.split(/[\s·|•]+/).every((word) => NOT_NAME.test(word)) || /^\d/.test(text)) return null;
  // A name has a few words; a sentence is not a byline.
  if (text.split(/\s+/).length > 12) return null;
  return text;
}

/** A spaced "·", "|" or "•" between the parts of a byline line. */
const BYLINE_PARTS = /\s+[|•·]\s+/;

/**
 * A byline line without the one-word section or category label some pages put before the names
 * ("Politik · Jane Doe, John Roe", "Opinion | Jane Doe"): when the first part is a single word and the
 * next one holds a name of several words, the names are what follows. A single-word first part with
 * nothing name-like after it ("Madonna | Staff") stays the name.
 */
function withoutSectionLabel(text: string): string {
  const parts = text.split(BYLINE_PARTS);
  const [first, next] = parts;
  if (parts.length < 2 || !first || !next || /\s/.test(first.trim())) return text;
  if (!/^\p{Lu}[\p{L}'’-]*\s+\p{Lu}/u.test(next.trim()) || dateInText(next) || NOT_NAME.test(next.trim())) return text;
  return parts.slice(1).join(" · ");
}

/** The article's author(s) as the page shows them. */
export function findByline(page: Page, scopes: Element[] = bylineScopes(page)): string | null {
  const widest = scopes[scopes.length - 1];
  if (!widest) return null;
  // One pass per kind of evidence over the widest scope, each keeping its find in the narrowest scope;
  // the narrowest scope wins, then the stronger evidence (marked, "By …", loosely named).
  const marked = firstInScope(page, scopes, candidates(page, widest, MARKED_AUTHOR), (element) =>
    isAuthorIndex(element) ? null : coAuthors(element),
  );
  if (marked?.rank === 0 && !isSiteName(marked.value, siteNames(page))) return marked.value;
  const introduced = byIntroduced(page, scopes);
  const loose = firstInScope(page, scopes, candidates(page, widest, LOOSE_AUTHOR), (element) => {
    const at = page.index.position.get(element) ?? 0;
    if ((page.index.end[at] ?? at) - at > MAX_DATELINE_ELEMENTS) return null;
    const text = elementText(element);
    return text && text.length <= 160 ? authorName(text) : null;
  });
  let found = [marked, introduced, loose].filter((entry): entry is Found<string> => entry !== null);
  // A byline that names the site itself (a blog's account name under every post) yields to one naming a person.
  const people = found.filter((entry) => !isSiteName(entry.value, siteNames(page)));
  if (people.length > 0) found = people;
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

/** A menu link to the list of all authors ("/author/", "/authors"), not to one author's page. */
function isAuthorIndex(element: Element): boolean {
  const href = element.name === "a" ? element.attribs.href : undefined;
  return href !== undefined && /(?:^|\/)(?:authors?|writers?)\/?(?:[?#].*)?$/i.test(href);
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

function elementText(element: Element): string | null {
  return cleanText(textContent(element)) ?? cleanText(element.attribs.content ?? element.attribs.title);
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
      if (node.type !== "text" || !BY_ALONE.test(node.data) || CREDIT.test(node.data)) continue;
      if (!leadsByline(children.slice(0, c), node.data)) continue;
      const names = namesFrom(children, c + 1);
      const joined = joinNames(names);
      if (joined) return joined;
    }
    // A line of text alone (comments between its pieces aside): "By Jane Doe", or a dateline that ends
    // with the byline ("2/26/2015 7:11 AM PST BY TMZ STAFF").
    if (children.length > 0 && children.every((node) => node.type === "text" || node.type === "comment")) {
      const line = cleanText(children.map((node) => (node.type === "text" ? node.data : "")).join(""));
      if (!line || line.length > 80) return null;
      if (BY.test(line) && /^(?:\S+\s+)?(?:by|von|par|por|door|av|przez)\s/i.test(line)) return authorName(line);
      const by = /\s(?:by|von|par|por|door|av|przez)\s+(?=\S)/i.exec(line);
      if (by && !CREDIT.test(line.slice(0, by.index + by[0].length)) && leadsByline([], line.slice(0, by.index))) {
        return authorName(line.slice(by.index + by[0].length).replace(/^@(?=\w)/, ""));
      }
    }
    return null;
  });
}

/** Words a byline may say before "by": "Posted on <date> by", "Story and photos by". */
const BEFORE_BY =
  /\b(?:written|posted|published|updated|reported|story|words|text|and|on|at|the|article|column|review|interview|analysis|opinion|commentary|utc|gmt|[ecmp][sd]t|bst|cets?|ist|jst|kst|aes?dt|aest)\b|[\d\s.,:;|•·–—()/-]+/gi;

/**
 * Whether the text before a "by" opens a byline ("By", "Posted on Dec 5, 2016 by") rather than a
 * sentence ("Portrait of Hinepare by …", "you can help by …"): once dates and byline words are taken
 * out, nothing may be left.
 */
function leadsByline(before: AnyNode[], lead: string): boolean {
  let text = lead.replace(BY_ALONE, "");
  // From the nearest sibling back, stopping as soon as it is too long to be a byline's lead.
  for (let i = before.length - 1; i >= 0 && text.length <= MAX_LEAD; i--) {
    const node = before[i] as AnyNode;
    text = `${node.type === "text" ? node.data : node.type === "tag" ? textContent(node) : ""} ${text}`;
  }
  if (text.length > MAX_LEAD) return false;
  for (let dates = 0; dates < 2; dates++) {
    const date = dateInText(text);
    if (!date) break;
    text = text.replace(date.text, " ");
  }
  text = text.replace(new RegExp(MONTH_WORDS, "gi"), " ");
  return !/\p{L}/u.test(text.replace(BEFORE_BY, " "));
}

/** Longer than this, what comes before "by" is prose. */
const MAX_LEAD = 80;
const MONTH_WORDS = String.raw`\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|mon(?:day)?|tue(?:sday)?|wed(?:nesday)?|thu(?:rsday)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?|am|pm)\b\.?`;

/** Joins between co-authors' elements: ", ", " and ", " & ", " y ", " und ", " et ". */
const AND = /^\s*(?:,|&|\band\b|\bund\b|\bet\b|\by\b|\be\b|、)\s*(?:(?:and|und|et|y|e)\s+)?$/i;

/**
 * The names in the elements from `start` on: "<a>Jane Doe</a>, <a>John Roe</a> and <a>Ann Poe</a>".
 * Elements follow one another without a joining word only when they are alike (the same tag and class).
 */
function namesFrom(nodes: AnyNode[], start: number): string[] {
  const names: string[] = [];
  let first: Element | null = null;
  let joined = true;
  for (let c = start; c < nodes.length; c++) {
    const node = nodes[c] as AnyNode;
    if (node.type === "comment") continue;
    if (node.type === "text") {
      if (!node.data.trim()) continue;
      if (first && AND.test(node.data)) {
        joined = true;
        continue;
      }
      // "by <!-- -->@handle": the name as plain text right after the "by" (a handle without its @).
      if (!first && names.length === 0) {
        const name = authorName(node.data.trim().replace(/^@(?=\w)/, ""));
        if (name) names.push(name);
      }
      break;
    }
    if (node.type !== "tag") break;
    if (first && !joined && (node.name !== first.name || node.attribs.class !== first.attribs.class)) break;
    const name = authorName(cleanText(textContent(node)));
    if (!name) break;
    names.push(name);
    first ??= node;
    joined = false;
    if (names.length >= MAX_AUTHORS) break;
  }
  return names;
}

/** Several authors as one text: "Jane Doe, John Roe", or "Doe, Jane; Roe, John" when names hold commas. */
export function joinNames(names: readonly string[]): string | null {
  const unique = [...new Set(names)];
  if (unique.length === 0) return null;
  return unique.join(unique.some((name) => name.includes(",")) ? "; " : ", ");
}

/** The marked author element's name and its co-authors' beside it. */
function coAuthors(element: Element): string | null {
  const siblings = (element.parent as Element | null)?.children;
  const at = siblings?.indexOf(element) ?? -1;
  if (!siblings || at < 0) return authorName(elementText(element));
  const names = namesFrom(siblings, at);
  return joinNames(names) ?? authorName(elementText(element));
}

/** More names than this in one byline are a list of something else. */
const MAX_AUTHORS = 6;

/** Elements a byline or dateline block may hold; bigger blocks are containers, not lines. */
const MAX_DATELINE_ELEMENTS = 30;

/**
 * Elements marked as holding a date. An <abbr title> counts only when marked so ("published",
 * "dtstart"): a bare one is any abbreviation, and in a fact box or table one dates a fact the
 * article is about (a marriage, a birth), not the article.
 */
const DATE_MARKED =
  '[itemprop~="datePublished"], [property~="datePublished"], [datetime], [class*="date" i], [class*="time" i], [class*="publish" i], [class*="posted" i], [id*="date" i], [class*="byline" i], [class*="dateline" i], [class*="meta" i]';

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
    // An ISO timestamp printed as it is ("2016-04-08T20:30:39+00:00"), which the calendar forms of
    // dateInText do not read as a whole: its zone makes the instant sure.
    return toIsoDate(text) ?? dateInText(publishedPart(text), lang)?.iso ?? null;
  });
  return found?.value ?? null;
}

/**
 * Labels that name a publication date: "Published", "Posted on", "Date published", "Released",
 * Japanese 公開日 / 配信開始日 / 掲載日 / 投稿日 / 公表日 / 発行日. A label that also says updated or
 * modified (最終更新日, "Last updated") names another date.
 */
const PUBLISHED_LABEL =
  /^(?:(?:date\s+)?(?:first\s+)?(?:published|posted|released)(?:\s+(?:on|date))?|publication\s+date|release\s+date|(?:配信(?:開始)?|公開|掲載|投稿|公表|発行|発売)日(?:時)?)\s*[:：]?$/i;
const UPDATED_LABEL = /updat|modif|revis|更新/i;

/**
 * A publication date that the page labels as such: a definition list (<dt>Published</dt><dd>…</dd>)
 * or a table row (<th>公開日</th><td>…</td>). Only the label cells are visited, each reads its next
 * sibling: no text scan of the page.
 */
export function labelledPublished(page: Page, scopes: Element[] = bylineScopes(page)): string | null {
  const widest = scopes[scopes.length - 1];
  if (!widest) return null;
  const found = firstInScope(page, scopes, candidates(page, widest, "dt, th, td"), (label) => {
    // A <td> is a label only as its row's first cell ("<td>公開日</td><td>2019/02/22</td>").
    if (label.name === "td" && previousTag(label)) return null;
    const name = cleanText(textContent(label));
    if (!name || name.length > 40 || UPDATED_LABEL.test(name) || !PUBLISHED_LABEL.test(name)) return null;
    const value = nextTag(label);
    if (!value || value.name !== (label.name === "dt" ? "dd" : "td")) return null;
    const text = cleanText(textContent(value));
    if (!text || text.length > 80) return null;
    return toIsoDate(text) ?? dateInText(text, page.meta.lang)?.iso ?? null;
  });
  return found?.value ?? null;
}

function nextTag(element: Element): Element | null {
  let node = element.next;
  while (node && node.type !== "tag") node = node.next;
  return (node as Element | null) ?? null;
}

function previousTag(element: Element): Element | null {
  let node = element.prev;
  while (node && node.type !== "tag") node = node.prev;
  return (node as Element | null) ?? null;
}

/**
 * Labels that name who made a record, for pages that state it as a field rather than a byline:
 * "Author:", "Written by:", and a study's or report's "Sponsor:". "Sponsored by" (an advertiser) is not one of
 * them. Only generic labels: a registry's own wording for its responsible party is that site's markup.
 */
const AUTHOR_LABEL = /^(?:authors?|author\(s\)|written by|sponsor)\s*[:：]$/i;
/** Elements a label field may be: definition terms, header cells and short label blocks. */
const LABEL_ELEMENTS = "dt, th, td, div, span, strong, b, label, p";

/**
 * The author a page states as a labelled field: a short label element ("Sponsor:") with no elements
 * inside, followed by a sibling holding the name (<div>Sponsor:</div><div>Example University</div>,
 * <dt>Author:</dt><dd>…</dd>). Each label reads only its next sibling: no scan of the text.
 */
export function labelledAuthor(page: Page, scopes: Element[] = bylineScopes(page)): string | null {
  const widest = scopes[scopes.length - 1];
  if (!widest) return null;
  const found = firstInScope(page, scopes, candidates(page, widest, LABEL_ELEMENTS), (label) => {
    if (label.children.some((child) => child.type === "tag")) return null;
    const name = cleanText(textContent(label));
    if (!name || name.length > 50 || !AUTHOR_LABEL.test(name)) return null;
    const value = nextTag(label);
    if (!value) return null;
    const at = page.index.position.get(value) ?? 0;
    if ((page.index.end[at] ?? at) - at > MAX_DATELINE_ELEMENTS) return null;
    const text = cleanText(textContent(value));
    return text && text.length <= 120 ? authorName(text) : null;
  });
  return found?.value ?? null;
}

/** How many elements after the headline a dateline may be: the byline block, not the article body. */
const DATELINE_REACH = 40;
/** Elements with more descendants than this are containers; their small children are read instead. */
const DATELINE_BLOCK = 8;
const MAX_DATELINE_TEXT = 120;

/**
 * A date printed in a short line right after the headline, where pages put the dateline even when
 * nothing marks it ("by Jane Doe on June 29, 2017 9:00 AM EST", "Written by … on 1 June 2019").
 * Only a fixed number of elements after the headline are read, and a line saying "Updated" names
 * another date.
 */
export function datelineAfterHeadline(page: Page, scopes: Element[] = bylineScopes(page)): string | null {
  return dateAfterHeadline(page, scopes, false);
}

/**
 * The "Last updated" date right after the headline, for pages that show no other date (notices,
 * reference pages: "最終更新日：2019年4月2日"). It is the only date the page gives for itself, so it
 * is the last resort for the publication date, after the address.
 */
export function updatedAfterHeadline(page: Page, scopes: Element[] = bylineScopes(page)): string | null {
  return dateAfterHeadline(page, scopes, true);
}

/**
 * The positions of the elements in the byline's place: the few (DATELINE_REACH) after the headline's own, page
 * furniture left out. Nothing when the page has no headline to start from.
 */
function* afterHeadline(page: Page, scopes: Element[]): Generator<number> {
  const headline = articleHeadline(page, scopes)?.element;
  const start = headline && page.index.position.get(headline);
  if (start === undefined || start === null) return;
  const { elements, end, furniture } = page.index;
  const from = end[start] ?? start + 1;
  const to = Math.min(elements.length, from + DATELINE_REACH);
  for (let at = from; at < to; at++) if (elements[at] && (furniture[at] ?? -1) < 0) yield at;
}

function dateAfterHeadline(page: Page, scopes: Element[], updated: boolean): string | null {
  const { elements, end } = page.index;
  for (const at of afterHeadline(page, scopes)) {
    const element = elements[at] as Element;
    if ((end[at] ?? at) - at > DATELINE_BLOCK) continue;
    if (element.name === "script" || element.name === "style" || inLabelledRow(element)) continue;
    const text = cleanText(blockText(element));
    if (!text) continue;
    // A paragraph of prose: the body has begun, and dates in it are about something else.
    if (text.length > MAX_DATELINE_TEXT && element.name === "p") break;
    if (text.length > MAX_DATELINE_TEXT || UPDATED_LABEL.test(text) !== updated) continue;
    const date = toIsoDate(text) ?? dateInText(text, page.meta.lang)?.iso;
    if (date) return date;
  }
  return null;
}

/** How far up a dateline line is looked at for a labelled table row. */
const ROW_DEPTH = 12;

/**
 * Whether an element is (in) a table row that a header cell labels ("<th>Born</th><td>May 24,
 * 1941</td>"): a fact box's row dates what its label says, the article's subject, not the article.
 * Rows labelled as the publication date are read by labelledPublished.
 */
function inLabelledRow(element: Element): boolean {
  let node: Element | null = element;
  for (let depth = 0; node && node.type === "tag" && depth < ROW_DEPTH; depth++, node = node.parent as Element | null) {
    if (node.name === "tr") return node.children.some((cell) => cell.type === "tag" && (cell as Element).name === "th");
    if (node.name === "table") return false;
  }
  return false;
}

/**
 * A link to a person's page: /staff/jane-doe, /people/jane-doe, /contributors/jdoe, /autor/jane-doe
 * (/author/ links are marked authors everywhere on the page, see MARKED_AUTHOR).
 */
const PROFILE_PATH =
  /\/(?:staff|people|person|profiles?|contributors?|columnists?|journalists?|reporters?|writers|team|redaktion|autor(?:en|es)?|auteurs?|autori?)\/[^/?#]+\/?$/i;

/**
 * An author named by a plain link to their profile page in the lines right after the headline, with
 * no "By" and no class saying so ("<p><a href="/staff/jane-doe">Jane Doe</a></p>"). Only the byline's
 * place is read: elsewhere such links are tags or lists of people the article is about.
 */
export function profileLinkAfterHeadline(page: Page, scopes: Element[] = bylineScopes(page)): string | null {
  const { elements } = page.index;
  const names: string[] = [];
  for (const at of afterHeadline(page, scopes)) {
    const element = elements[at] as Element;
    // A paragraph of prose: the body has begun, and its links are about something else.
    if (element.name === "p" && (cleanText(textContent(element))?.length ?? 0) > MAX_DATELINE_TEXT) break;
    if (element.name !== "a") continue;
    let path = "";
    try {
      path = new URL(element.attribs.href ?? "", page.url).pathname;
    } catch {
      continue;
    }
    if (!PROFILE_PATH.test(path)) continue;
    const name = authorName(cleanText(textContent(element)));
    if (name) names.push(name);
  }
  return joinNames(names.slice(0, MAX_AUTHORS));
}

const PUBLISHED_WORD = /published|posted|公開|配信|掲載|投稿/i;

/**
 * The part of a dateline that gives the publication date: "Updated Mar 9, 2024 · Published Mar 1,
 * 2024" reads from "Published". A line with only one date stays whole, "Updated" or not: pages
 * (Japanese ones often, "…12時00分更新") mark the first publication so too.
 */
function publishedPart(text: string): string {
  const updated = UPDATED_LABEL.exec(text);
  if (!updated) return text;
  const published = PUBLISHED_WORD.exec(text);
  if (!published) return text;
  return published.index > updated.index ? text.slice(published.index) : text.slice(0, updated.index);
}

/** A date in the page's own address: /2016/12/12/ or /2016-12-12-slug. */
export function dateInUrl(address: string | null): string | null {
  if (!address) return null;
  const match = /\/((?:19|20)\d{2})[/-](0?[1-9]|1[0-2])[/-](0?[1-9]|[12]\d|3[01])(?:[/-]|$)/.exec(address);
  if (!match) return null;
  return toIsoDate(`${match[1]}-${match[2]?.padStart(2, "0")}-${match[3]?.padStart(2, "0")}`);
}
