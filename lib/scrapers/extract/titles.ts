import type { Element } from "domhandler";
import { select } from "./dom";
import { textOf } from "./html";
import type { Page } from "./page";
import { absoluteUrl, text } from "./things";

// Page titles carry the site's name ("Headline | Site", "Site - Headline", "見出し：サイト名"); the item's
// title is the headline alone.

/** Separators between a headline and the site's name, spaced ASCII ones and unspaced full-width ones. */
const SEPARATOR = /\s+[|·•–—\-:_»/]{1,2}\s+|\s*[｜：|]\s*|\s+::\s+|_(?=\S)|(?<=\S):(?=\S)/u;
const SEPARATORS = new RegExp(SEPARATOR.source, "gu");

/** No character past U+007F. */
const ASCII = /^[^\u0080-\uffff]*$/;

/** Lower-cased letters and digits only: how site names are compared ("E! Online" ≈ "eonline"). */
export function squash(value: string): string {
  // ASCII: NFKC changes nothing, and the letters and digits are a-z and 0-9 once lower-cased.
  if (ASCII.test(value)) return value.toLowerCase().replace(/[^a-z0-9]+/g, "");
  return value
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");
}

const memo = new WeakMap<Page, string[]>();

/**
 * Names the site goes by: og:site_name, application-name, the publisher, the host's own label, and
 * what the <title> adds around a headline the metadata states ("Blog name: Headline" with og:title
 * "Headline").
 */
export function siteNames(page: Page): string[] {
  const known = memo.get(page);
  if (known) return known;
  const names = [
    ...titleAdditions(page),
    subHeadline(page)?.siteName ?? null,
    page.meta.get("og:site_name"),
    page.meta.get("application-name"),
    page.meta.get("twitter:site")?.replace(/^@/, "") ?? null,
    ...page.things.flatMap((thing) => [text(thing, "publisher"), thing.types.includes("WebSite") ? text(thing, "name") : null]),
  ];
  try {
    const host = new URL(page.url).hostname.replace(/^www\./, "");
    names.push(host, host.split(".")[0] ?? null);
  } catch {
    // a page without a usable address has no host name to compare
  }
  const found = [...new Set(names.filter((name): name is string => Boolean(name)).map(squash))].filter(
    (name) => name.length >= 2,
  );
  memo.set(page, found);
  return found;
}

/** `title` without `headline` at its start or end and the separator joining them; null when it has neither. */
function withoutHeadline(title: string, headline: string): string | null {
  const lower = title.toLowerCase();
  const wanted = headline.toLowerCase();
  if (wanted.length >= title.length) return null;
  let rest: string;
  let junction: string;
  if (lower.startsWith(wanted)) {
    rest = title.slice(headline.length);
    junction = /^[^\p{L}\p{N}]*/u.exec(rest)?.[0] ?? "";
  } else if (lower.endsWith(wanted)) {
    rest = title.slice(0, -headline.length);
    junction = /[^\p{L}\p{N}]*$/u.exec(rest)?.[0] ?? "";
  } else {
    return null;
  }
  if (!JUNCTION.test(junction)) return null;
  return rest.replace(/^[\s|·•–—\-:_»/｜：]+|[\s|·•–—\-:_»/｜：]+$/gu, "");
}

/** Characters between a headline and what a title adds to it. */
const JUNCTION = /^[^\p{L}\p{N}]*[|·•–—\-:_»/｜：][^\p{L}\p{N}]*$/u;

/**
 * What the <title> holds besides a headline stated in og:title, twitter:title or JSON-LD: "X | Headline"
 * or "Headline - X" makes X the site's name, even when no metadata names the site.
 */
function titleAdditions(page: Page): string[] {
  const title = page.meta.title;
  if (!title) return [];
  const stated = [
    page.meta.get("og:title"),
    page.meta.get("twitter:title"),
    ...page.things.map((thing) => text(thing, "headline")),
  ];
  const added: string[] = [];
  for (const headline of new Set(stated)) {
    if (!headline || headline.length >= title.length) continue;
    let rest: string = title;
    // Some titles repeat the headline ("Headline - Headline - Site"): take every copy off.
    for (let copies = 0; copies < 3; copies++) {
      const next = withoutHeadline(rest, headline);
      if (next === null) break;
      rest = next;
    }
    if (rest !== title && rest && !squash(rest).includes(squash(headline))) added.push(rest);
  }
  return added;
}

/** How closely a lower heading must repeat the rest of the <title> to be the headline it names. */
const SAME_AS_TITLE = { shorter: 0.8, longer: 0.5 };
/** Lower headings read when looking for one that repeats the <title>: the top of the page only. */
const MAX_SUB_HEADINGS = 30;

interface SubHeadline extends Headline {
  siteName: string;
}

const subMemo = new WeakMap<Page, SubHeadline | null>();

/**
 * Blogs and older sites put the site's name in the <h1> and the article's headline in an <h2> or <h3>
 * ("Diary of Jane Doe" over "■ Notes on …"). The <title> then holds both ("Diary of Jane Doe - Notes
 * on …", "Headline_Section_Site"): when an <h1> repeats the first or last segment of the <title>, and a
 * lower heading repeats the longer rest of it, the <h1> is the site's name and that heading the
 * headline. Both must be shown: a title segment alone does not say which side is the site
 * ("Mozilla - Wikipedia").
 */
export function subHeadline(page: Page): SubHeadline | null {
  if (subMemo.has(page)) return subMemo.get(page) ?? null;
  let found: SubHeadline | null = null;
  const title = page.meta.title;
  const separators = title ? [...title.matchAll(SEPARATORS)] : [];
  const firstSeparator = separators[0];
  const lastSeparator = separators[separators.length - 1];
  if (title && firstSeparator && lastSeparator) {
    const edges = [
      { segment: title.slice(0, firstSeparator.index), rest: title.slice(firstSeparator.index + firstSeparator[0].length) },
      { segment: title.slice(lastSeparator.index + lastSeparator[0].length), rest: title.slice(0, lastSeparator.index) },
    ];
    const h1s = select(page.index, null, "h1", { skipFurniture: true, limit: MAX_HEADINGS }).map((h1) =>
      squash(textOf(h1) ?? ""),
    );
    const edge = edges.find(({ segment, rest }) => {
      const name = squash(segment);
      return name.length >= 2 && squash(rest).length > name.length && h1s.includes(name);
    });
    if (edge) {
      const lower = select(page.index, null, "h2, h3", { skipFurniture: true, limit: MAX_SUB_HEADINGS });
      for (const element of lower) {
        const text = textOf(element);
        if (!text || text.length > MAX_HEADLINE) continue;
        if (closelyRepeats(text, edge.rest)) {
          found = { element, text, siteName: edge.segment.trim() };
          break;
        }
      }
    }
  }
  subMemo.set(page, found);
  return found;
}

/**
 * Whether a title segment names the site: equal to one of its names, part of one, or one of them with
 * a little more ("Valley Times Online"). The name must be most of the segment: a headline that merely
 * mentions the site's short name ("Rain returns to the valley" on valley.example) is not the site.
 */
export function isSiteName(segment: string, names: readonly string[]): boolean {
  const squashed = squash(segment);
  if (!squashed) return true;
  return names.some(
    (name) =>
      squashed === name ||
      (name.length >= 4 && (name.includes(squashed) || (squashed.includes(name) && name.length * 2 >= squashed.length))),
  );
}

/**
 * The title without the site's name before or after it ("Headline | Site" → "Headline"). Segments are
 * dropped from either end while they name the site; the headline itself is never dropped.
 */
export function stripSiteName(title: string | null, page: Page, names = siteNames(page)): string | null {
  if (!title) return null;
  const separators = [...title.matchAll(SEPARATORS)];
  if (separators.length === 0 || names.length === 0) return title;
  let start = 0;
  let end = title.length;
  // From the end: "Headline - Section - Site".
  for (let i = separators.length - 1; i >= 0; i--) {
    const separator = separators[i] as RegExpExecArray;
    if (separator.index <= start) break;
    const tail = title.slice(separator.index + separator[0].length, end);
    if (!isSiteName(tail, names)) break;
    end = separator.index;
  }
  // From the start: "Site | Headline".
  for (const separator of separators) {
    if (separator.index + separator[0].length >= end) break;
    const head = title.slice(start, separator.index);
    if (!isSiteName(head, names)) break;
    start = separator.index + separator[0].length;
  }
  const stripped = title.slice(start, end).trim();
  return stripped || title;
}

/** Words shared by two titles over the shorter one's words, and over the longer one's. */
function overlap(a: string, b: string): { shorter: number; longer: number } {
  const words = (value: string) =>
    new Set(
      value
        .normalize("NFKC")
        .toLowerCase()
        .match(/[\p{L}\p{N}]+/gu) ?? [],
    );
  const first = words(a);
  const second = words(b);
  const shorter = first.size <= second.size ? first : second;
  const longer = shorter === first ? second : first;
  if (shorter.size === 0) return { shorter: 0, longer: 0 };
  let shared = 0;
  for (const word of shorter) if (longer.has(word)) shared++;
  return { shorter: shared / shorter.size, longer: shared / longer.size };
}

/**
 * How much two titles must share to be the same headline: half the shorter one's words, and a third of
 * the longer one's (a one-word <h1> inside a long title is a name, not the headline).
 */
const SAME_HEADLINE = { shorter: 0.5, longer: 0.3 };

/** <h1>s read per scope: a page has a few; past this many they are a listing's, not a headline. */
const MAX_HEADINGS = 10;

/** Page furniture that never holds the article's headline; a page <header> may (many sites put it there). */
const NOT_HEADLINE = new Set(["nav", "footer", "aside", "script", "style", "noscript", "template"]);

/** The <h1>s in scope in document order, outside menus, footers and sidebars (a page <header> counts). */
export function headings(page: Page, scope: Element): Element[] {
  const scopeAt = page.index.position.get(scope) ?? -1;
  const found: Element[] = [];
  for (const element of select(page.index, scope, "h1")) {
    const at = page.index.position.get(element) ?? 0;
    const furniture = page.index.furniture[at] ?? -1;
    const holder = furniture > scopeAt ? page.index.elements[furniture] : undefined;
    if (holder && (NOT_HEADLINE.has(holder.name) || holder.attribs.role === "navigation")) continue;
    found.push(element);
    if (found.length >= MAX_HEADINGS) break;
  }
  return found;
}

export interface Headline {
  element: Element;
  text: string;
}

/**
 * The page's visible headline: the first <h1> (article first, then the content, then the page) that is
 * the headline the page's metadata also gives, maybe shortened or with the site's name. The visible one
 * is what readers see and it carries no site suffix. An <h1> that is the site's logo or a section name
 * agrees with nothing, so a headline in a second <h1> after a logo one is still found.
 */
export function visibleHeadline(page: Page, scopes: readonly Element[], others: (string | null)[]): Headline | null {
  const names = siteNames(page);
  const stated = others
    .filter((other): other is string => Boolean(other))
    .map((other) => stripSiteName(other, page, names) ?? other);
  if (stated.length === 0) return null;
  const seen = new Set<Element>();
  for (const scope of scopes) {
    for (const element of headings(page, scope)) {
      if (seen.has(element)) continue;
      seen.add(element);
      const text = textOf(element);
      if (!text || text.length > MAX_HEADLINE || isSiteName(text, names) || isLogo(page, element)) continue;
      if (stated.some((other) => sameHeadline(text, other))) return { element, text };
    }
  }
  // No <h1> is the headline: the site's name is in it, and the headline in a lower heading.
  const sub = subHeadline(page);
  if (sub) return { element: sub.element, text: sub.text };
  // Pages whose <h1> is a section's name ("Events") show the headline in an <h2>; it must repeat the
  // stated headline closely, as an <h2> is more often a heading inside the text.
  for (const element of select(page.index, null, "h2", { skipFurniture: true, limit: MAX_SUB_HEADINGS })) {
    const text = textOf(element);
    if (!text || text.length > MAX_HEADLINE || isSiteName(text, names)) continue;
    if (stated.some((other) => closelyRepeats(text, other))) return { element, text };
  }
  return null;
}

/** Whether a lower heading repeats a title closely enough to be the headline it names. */
function closelyRepeats(heading: string, title: string): boolean {
  const shared = overlap(heading, title);
  return shared.shorter >= SAME_AS_TITLE.shorter && shared.longer >= SAME_AS_TITLE.longer;
}

/** An <h1> that links to the site's home page is its logo (blogs put the blog's name in one). */
function isLogo(page: Page, heading: Element): boolean {
  return select(page.index, heading, "a[href]").some((link) => {
    const address = absoluteUrl(link.attribs.href, page.url);
    if (!address) return false;
    const { pathname, search } = new URL(address);
    return pathname === "/" && !search;
  });
}

/** Longer than this, an <h1> is a block of text, not a headline. */
const MAX_HEADLINE = 300;

function sameHeadline(a: string, b: string): boolean {
  const shared = overlap(a, b);
  return shared.shorter >= SAME_HEADLINE.shorter && shared.longer >= SAME_HEADLINE.longer;
}

/** The page's first <h1> in scope, unless it is the site's name (a logo in an <h1>). */
export function pageHeading(page: Page, scope: Element): string | null {
  const names = siteNames(page);
  for (const element of headings(page, scope)) {
    const text = textOf(element);
    if (text && text.length <= MAX_HEADLINE && !isSiteName(text, names) && !isLogo(page, element)) return text;
  }
  return null;
}

/**
 * The post's heading in blog themes that give the <h1> to the site's name and the post's title to an
 * <h2> at the top of its <article>: every <h1> on the page is the site's name or logo, and the
 * <article>'s first <h2> is the headline. Null when any <h1> could be the headline. With `inHeader`, only
 * an <h2> in the <article>'s own <header> counts: that one is the post's visible headline even when
 * og:title words it otherwise (a social-media headline), while a lone <h2> may be a section of the text.
 */
export function postHeading(page: Page, inHeader = false): string | null {
  const body = select(page.index, null, "body", { limit: 1 })[0];
  if (!body) return null;
  const h1s = headings(page, body);
  const names = siteNames(page);
  if (h1s.length === 0 || h1s.some((h1) => !isSiteName(textOf(h1) ?? "", names) && !isLogo(page, h1))) return null;
  const article = select(page.index, null, "article", { skipFurniture: true, limit: 1 })[0];
  const h2 = article && select(page.index, article, inHeader ? "header h2" : "h2", { skipFurniture: true, limit: 1 })[0];
  const text = h2 && textOf(h2);
  return text && text.length <= MAX_HEADLINE && !isSiteName(text, names) ? text : null;
}

const headlineMemo = new WeakMap<Page, Headline | null>();

/**
 * The article's headline element: the visible headline the metadata agrees with, else the first <h1>
 * that is not the site's logo. Bylines and datelines are looked for beside it.
 */
export function articleHeadline(page: Page, scopes: readonly Element[]): Headline | null {
  if (headlineMemo.has(page)) return headlineMemo.get(page) ?? null;
  const { meta } = page;
  const structured = page.things.map((thing) => text(thing, "headline")).find(Boolean) ?? null;
  let found = visibleHeadline(page, scopes, [structured, meta.get("og:title"), meta.get("twitter:title"), meta.title]);
  if (!found) {
    const names = siteNames(page);
    for (const scope of scopes) {
      const element = headings(page, scope).find((heading) => {
        const value = textOf(heading);
        return value && value.length <= MAX_HEADLINE && !isSiteName(value, names) && !isLogo(page, heading);
      });
      const value = element && textOf(element);
      if (element && value) {
        found = { element, text: value };
        break;
      }
    }
  }
  headlineMemo.set(page, found);
  return found;
}
