import type { Element } from "domhandler";
import { childElements, closest, inFurniture, nextSibling, select } from "./dom";
import { parseCount, parseDecimal } from "./numbers";
import type { Page } from "./page";
import { localCurrency, type Price, parsePrice } from "./price";
import { blockText, cleanText, textContent } from "./text";
import { absoluteUrl } from "./things";

const STRUCK_TAGS = new Set(["del", "s", "strike"]);
const LINE_BLOCKS = new Set(["li", "p", "div", "dl", "dd", "ul", "ol", "table", "tr", "address", "section", "article"]);

/** Whether `element` is in page furniture (nav, footer, aside, a page header…) inside `scope`. */
export function isBoilerplate(page: Page, element: Element, scope: Element): boolean {
  return inFurniture(page.index, element, scope);
}

function hasAncestor(element: Element, test: (element: Element) => boolean, stop?: Element): boolean {
  for (
    let node = element.parent as Element | null;
    node && node.type === "tag" && node !== stop;
    node = node.parent as Element | null
  ) {
    if (test(node)) return true;
  }
  return false;
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

const PRICE_SELECTOR = '[class*="price" i], [id*="price" i], [data-price], [itemprop="price"]';
const NOT_CURRENT_PRICE =
  /(?:^|[\s_-])(?:old|was|before|strike|strikethrough|original|compare|regular|list|msrp|rrp|uvp|save|saving|savings|discount|unit|per|label|tax|shipping|installment)(?:$|[\s_-])/i;

/** Blocks that show other items: their prices are never the main item's. */
const OTHER_ITEMS =
  /related|recommend|recently|similar|carousel|upsell|up-sell|cross-?sell|also[-_]?(?:bought|viewed|like)|you[-_]?may|suggest|accessor|bundle|compare|nearby/i;
/** Price-marked elements looked at per page: the main price is among the first ones after the title. */
const MAX_PRICE_CANDIDATES = 60;

/**
 * The item's current price. Candidates are price-marked elements (class or id containing "price",
 * data-price, itemprop=price) that are not struck-through, "was", per-unit or shipping prices. On a
 * detail page, prices inside blocks of other items (related, recommended, recently viewed) are left
 * out and the price nearest the item's heading wins (shops put it right after or
 * before the title); a card takes its first price. Failing all that, the first amount with a currency sign in the
 * scope's text. A bare "$" (or "¥") is read in the page's locale: "$ 3.499" on an es-AR page is ARS.
 */
export function findPrice(page: Page, scope: Element, { detail = false } = {}): Price | null {
  const candidates: { price: Price; at: number }[] = [];
  for (const element of find(page, scope, PRICE_SELECTOR)) {
    if (candidates.length >= (detail ? MAX_PRICE_CANDIDATES : 1)) break;
    const marker = `${element.attribs.class ?? ""} ${element.attribs.id ?? ""}`;
    if (
      NOT_CURRENT_PRICE.test(marker) ||
      STRUCK_TAGS.has(element.name) ||
      hasAncestor(element, (parent) => STRUCK_TAGS.has(parent.name))
    ) {
      continue;
    }
    if (detail && hasAncestor(element, (parent) => parent !== scope && OTHER_ITEMS.test(namesOf(parent)), scope)) continue;
    const data = element.attribs["data-price"] ?? element.attribs.content;
    const text = blockText(element, (child) => STRUCK_TAGS.has(child.name) || NOT_CURRENT_PRICE.test(child.attribs.class ?? ""));
    const written = parsePrice(text);
    const price = written ?? parsePrice(data ?? text, { allowBare: true });
    if (price) {
      const currency = localCurrency(price.currency ?? written?.currency ?? null, text ?? "", page.meta.lang);
      candidates.push({ price: { amount: price.amount, currency }, at: page.index.position.get(element) ?? 0 });
    }
  }
  if (candidates.length > 0) {
    const title = detail ? find(page, scope, "h1")[0] : undefined;
    const anchor = title ? page.index.position.get(title) : undefined;
    if (anchor === undefined) return candidates[0]?.price ?? null;
    // Nearest to the heading in document order; a price just after it beats one as far before it.
    const distance = (at: number) => (at > anchor ? at - anchor : (anchor - at) * 1.5);
    return candidates.reduce((best, candidate) => (distance(candidate.at) < distance(best.at) ? candidate : best)).price;
  }
  const text = blockText(scope, (child) => STRUCK_TAGS.has(child.name) || isBoilerplate(page, child, scope));
  const price = parsePrice(text);
  return price ? { ...price, currency: localCurrency(price.currency, text ?? "", page.meta.lang) } : null;
}

function namesOf(element: Element): string {
  return `${element.attribs.class ?? ""} ${element.attribs.id ?? ""}`;
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
