import type { Element } from "domhandler";
import { childElements, closest, inFurniture, nextSibling, select } from "./dom";
import { parseCount, parseDecimal } from "./numbers";
import type { Page } from "./page";
import { blockText, cleanText, textContent } from "./text";
import { absoluteUrl } from "./things";

const LINE_BLOCKS = new Set(["li", "p", "div", "dl", "dd", "ul", "ol", "table", "tr", "address", "section", "article"]);

/** Whether `element` is in page furniture (nav, footer, aside, a page header…) inside `scope`. */
export function isBoilerplate(page: Page, element: Element, scope: Element): boolean {
  return inFurniture(page.index, element, scope);
}

/** Elements under `scope` matching `selector`, page furniture (nav, footer, aside, …) left out. */
export function find(page: Page, scope: Element | null, selector: string): Element[] {
  return select(page.index, scope, selector, { skipFurniture: true });
}

export function textOf(element: Element | undefined): string | null {
  return element ? cleanText(textContent(element)) : null;
}

/** The item's heading: the first h1 in scope, else the first h2–h4 (cards), else a title-ish element. */
export function heading(page: Page, scope: Element): string | null {
  for (const selector of ["h1", "h2, h3, h4", '[class*="title" i], [class*="name" i]']) {
    for (const element of find(page, scope, selector)) {
      const text = textOf(element);
      if (text && text.length <= 300) return text;
    }
  }
  return null;
}

/** The first link in scope that leads to another page: a card's own address. */
export function primaryLink(page: Page, scope: Element): string | null {
  const headingLink = find(page, scope, "h1 a[href], h2 a[href], h3 a[href], h4 a[href], a[href] h2, a[href] h3")[0];
  const anchor = headingLink?.name === "a" ? headingLink : headingLink ? closest(headingLink, "a[href]") : undefined;
  const candidates = [anchor, scope.name === "a" ? scope : undefined, ...find(page, scope, "a[href]")];
  for (const element of candidates) {
    const href = element?.attribs.href;
    if (href && !href.startsWith("#") && !/^(mailto|tel|javascript):/i.test(href)) return absoluteUrl(href, page.url);
  }
  return null;
}

const LAZY_SOURCES = ["src", "data-src", "data-lazy-src", "data-original"];
const NOT_PICTURES = /logo|icon|sprite|pixel|spacer|badge|avatar-placeholder|blank\.gif|tracking/i;

/** The first real picture in scope (logos, icons and 1×1 trackers skipped). */
export function image(page: Page, scope: Element): string | null {
  for (const element of find(page, scope, "img, [data-bg], source[srcset]")) {
    const { attribs } = element;
    const src =
      LAZY_SOURCES.map((name) => attribs[name]).find((value) => value && !value.startsWith("data:")) ??
      attribs.srcset?.split(",")[0]?.trim().split(/\s+/)[0] ??
      attribs["data-bg"];
    if (!src || NOT_PICTURES.test(src) || NOT_PICTURES.test(attribs.class ?? "")) continue;
    const width = Number(attribs.width);
    if (width > 0 && width < 64) continue;
    const url = absoluteUrl(src, page.url);
    if (url) return url;
  }
  return null;
}

/**
 * "Label: value" pairs in scope, keyed by lower-cased label: definition lists, two-cell table rows,
 * "Brand: Acme" lines and label/value element pairs. Extractors look their fields up by label.
 */
export function labelledValues(page: Page, scope: Element): Map<string, string> {
  const pairs = new Map<string, string>();
  const put = (label: string | null, value: string | null) => {
    const key = label
      ?.toLowerCase()
      .replace(/[:：]\s*$/, "")
      .trim();
    if (key && value && key.length <= 40 && !pairs.has(key)) pairs.set(key, value);
  };
  for (const term of find(page, scope, "dt")) {
    const definition = nextSibling(term, "dd");
    put(textOf(term), textOf(definition));
  }
  for (const row of find(page, scope, "tr")) {
    const cells = childElements(row, "th, td");
    if (cells.length === 2) put(textOf(cells[0]), textOf(cells[1]));
  }
  for (const element of find(page, scope, "li, p, div, span")) {
    const elements = element.children.filter((node) => node.type === "tag") as Element[];
    // Only the innermost lines: a block holding other blocks would read them all as one value.
    if (elements.length > 4 || elements.some((child) => LINE_BLOCKS.has(child.name))) continue;
    const text = textOf(element);
    if (!text || text.length > 160) continue;
    const colon = /^([^:：]{1,40})[:：]\s*(.+)$/.exec(text);
    if (colon) {
      put(colon[1] ?? null, cleanText(colon[2]));
    } else if (elements.length === 2 && element.name !== "p") {
      put(textOf(elements[0]), textOf(elements[1]));
    }
  }
  return pairs;
}

/** The value of the first label that names one of `labels` (exact, or starting with it). */
export function labelled(pairs: Map<string, string>, ...labels: string[]): string | null {
  for (const label of labels) {
    const exact = pairs.get(label);
    if (exact) return exact;
  }
  for (const label of labels) {
    for (const [key, value] of pairs) if (key.startsWith(label)) return value;
  }
  return null;
}

const RATING_SELECTOR =
  '[class*="rating" i], [class*="stars" i], [class*="score" i], [data-rating], [aria-label*="out of" i], [title*="out of" i]';

export interface RatingSummary {
  rating: number | null;
  count: number | null;
}

/** The average rating ("4.5 out of 5", "4,5/5", data-rating, ★★★★☆) and the review count ("213 reviews"). */
export function findRating(page: Page, scope: Element): RatingSummary {
  let rating: number | null = null;
  let ratingText = "";
  for (const element of find(page, scope, RATING_SELECTOR)) {
    const { attribs } = element;
    const candidates = [
      attribs["data-rating"],
      attribs["data-score"],
      attribs["data-value"],
      attribs["aria-label"],
      attribs.title,
    ];
    ratingText = textOf(element) ?? "";
    rating =
      candidates.map(ratingFrom).find((value) => value !== null) ??
      ratingFrom(ratingText) ??
      starCount(ratingText) ??
      (ratingText.length <= 4 ? parseDecimal(ratingText) : null);
    if (rating !== null && rating >= 0 && rating <= 10) break;
    rating = null;
  }
  const counted =
    /(\d[\d.,\s]*\s*[kK]?)\s*(?:customer\s+|user\s+|guest\s+)?(?:reviews?|ratings?|votes|bewertungen|avis)\b/i.exec(
      blockText(scope, (child) => isBoilerplate(page, child, scope)) ?? "",
    ) ?? (rating !== null ? /\((\d[\d.,]*[kK]?)\)/.exec(ratingText) : null);
  return { rating, count: counted ? parseCount(counted[1]) : null };
}

function ratingFrom(value: string | undefined | null): number | null {
  if (!value) return null;
  const scaled = /(\d+(?:[.,]\d+)?)\s*(?:out of|of|\/|von|sur)\s*(\d+)/i.exec(value);
  if (scaled) return parseDecimal(scaled[1]);
  const rated = /rat(?:ed|ing)[:\s]+(\d+(?:[.,]\d+)?)/i.exec(value);
  if (rated) return parseDecimal(rated[1]);
  return /^\s*\d+(?:[.,]\d+)?\s*$/.test(value) ? parseDecimal(value) : null;
}

function starCount(text: string): number | null {
  const full = (text.match(/[★⭐]/g) ?? []).length;
  return full > 0 && /^[\s★☆⭐½]+$/.test(text) ? full + (text.includes("½") ? 0.5 : 0) : null;
}

/** The first ISO-ish date in scope: <time datetime>, then a date-marked element's text. */
export function findDate(page: Page, scope: Element, selector = "time[datetime]"): string | null {
  for (const element of find(page, scope, selector)) {
    const value = element.attribs.datetime ?? element.attribs.content ?? textOf(element);
    if (value) return value;
  }
  return null;
}
