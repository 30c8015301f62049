import type { Element } from "domhandler";
import { findCards } from "@/lib/scrapers/extract/cards";
import { first } from "@/lib/scrapers/extract/dom";
import type { Page } from "@/lib/scrapers/extract/page";
import { htmlReviews } from "@/lib/scrapers/extract/reviews";
import { blockText, cleanText, textContent } from "@/lib/scrapers/extract/text";
import { absoluteUrl, hasType, isThing, link, type Thing, text, values } from "@/lib/scrapers/extract/things";
import { squash, stripSiteName } from "@/lib/scrapers/extract/titles";
import type { BaseItem, ExtractOptions, Review } from "@/lib/scrapers/types";

/**
 * How one kind of item is read from a page. The runner below does the layering: structured data
 * first (each schema.org entity of the kind's types), then meta tags, then HTML heuristics; the first
 * layer that has a field wins. Listing pages (ItemList, several entities, or repeated cards) give one
 * item per entry.
 */
export interface KindExtractor<T extends BaseItem> {
  /** schema.org types the kind reads, most specific tier first: the first tier found on the page is used. */
  types: readonly (readonly string[])[];
  /** Rejects entities of a listed type that are not the kind's (an Offer for something else). */
  accepts?(thing: Thing): boolean;
  /** The entities to read when the generic search does not fit (a ProfilePage's mainEntity). */
  entities?(page: Page): Thing[] | null;
  empty(): T;
  fromThing(thing: Thing, page: Page): Partial<T>;
  fromMeta(page: Page): Partial<T>;
  /** Heuristics inside `scope`: the page content for a detail page, one card on a listing. */
  fromHtml(scope: Element, page: Page, context: { detail: boolean }): Partial<T>;
  /**
   * Values the detail page shows prominently that win over structured data (the product code printed
   * beside the title, where JSON-LD often carries an internal id).
   */
  shown?(scope: Element, page: Page): Partial<T>;
  /** Values read across all the entities merged into one item (the same product listed once per size). */
  fromGroup?(group: Thing[], page: Page): Partial<T>;
  /** Whether a repeated block is one of the kind's listing cards (has a price, a company, …). */
  isCard(card: Element, page: Page): boolean;
  /** Products and restaurants carry reviews (review_list on request). */
  hasReviews?: boolean;
}

type WithReviews = { review_list?: Review[] | null };

// Properties that hold the page's entities rather than describe one: ProfilePage.mainEntity,
// ItemList.itemListElement → ListItem.item, WebPage.about.
const CONTAINERS = ["mainEntity", "itemListElement", "item", "about"];
const LIST_CONTAINERS = new Set(["itemListElement", "item"]);
/** A listing's cards carry at least this share of the content's text; related-item strips carry less. */
const LISTING_SHARE = 0.4;

export function runExtractor<T extends BaseItem>(extractor: KindExtractor<T>, page: Page, options: ExtractOptions): T[] {
  const { groups, listed } = entityGroups(extractor, page);
  let items: T[];
  if (groups.length > 1 || (listed && groups.length > 0)) {
    items = groups.map((group) => listingItem(extractor, page, group));
  } else if (groups.length === 1) {
    items = [detailItem(extractor, page, groups[0] ?? [])];
  } else {
    const cards = isDetailPage(page) ? null : findCards(page, (card) => extractor.isCard(card, page));
    items =
      cards && cards.share >= LISTING_SHARE
        ? cards.cards.map((card) => fill(extractor.empty(), extractor.fromHtml(card, page, { detail: false })))
        : [detailItem(extractor, page, [])];
  }
  return items.filter(hasContent).map((item) => withReviewOption(item, extractor, options));
}

/**
 * The page itself read as one item of the kind, even when it lists several: its one entity of the kind if it has
 * exactly one, else its meta tags and content (what the content formats' metadata reads an article's fields from).
 */
export function pageItem<T extends BaseItem>(extractor: KindExtractor<T>, page: Page): T {
  const { groups } = entityGroups(extractor, page);
  return detailItem(extractor, page, groups.length === 1 ? (groups[0] ?? []) : []);
}

function detailItem<T extends BaseItem>(extractor: KindExtractor<T>, page: Page, group: Thing[]): T {
  const item = extractor.empty();
  if (extractor.shown) fill(item, extractor.shown(page.content, page));
  if (extractor.fromGroup && group.length > 0) fill(item, extractor.fromGroup(group, page));
  for (const thing of group) fill(item, extractor.fromThing(thing, page));
  fill(item, extractor.fromMeta(page));
  fill(item, extractor.fromHtml(page.content, page, { detail: true }));
  const reviewed = item as T & WithReviews;
  if (extractor.hasReviews && !reviewed.review_list?.length) {
    const reviews = htmlReviews(page, page.content);
    if (reviews.length > 0) {
      reviewed.review_list = reviews;
      item.reviews ??= reviews.length;
    }
  }
  item.title ??= documentTitle(page);
  item.url ??= page.meta.canonical ?? page.url;
  return item;
}

function listingItem<T extends BaseItem>(extractor: KindExtractor<T>, page: Page, group: Thing[]): T {
  const item = extractor.empty();
  if (extractor.fromGroup) fill(item, extractor.fromGroup(group, page));
  for (const thing of group) fill(item, extractor.fromThing(thing, page));
  for (const thing of group) {
    if (thing.element) fill(item, extractor.fromHtml(thing.element, page, { detail: false }));
  }
  return item;
}

/** The kind's entities, duplicates across layers (the same product in JSON-LD and microdata) merged. */
function entityGroups<T extends BaseItem>(extractor: KindExtractor<T>, page: Page): { groups: Thing[][]; listed: boolean } {
  const custom = extractor.entities?.(page);
  const reachable = reachableThings(page.things);
  let matched: { thing: Thing; listed: boolean }[] = [];
  if (custom) {
    matched = custom.map((thing) => ({ thing, listed: false }));
  } else {
    for (const tier of extractor.types) {
      const types = new Set(tier);
      matched = reachable.filter(({ thing }) => hasType(thing, types) && (extractor.accepts?.(thing) ?? true));
      if (matched.length > 0) break;
    }
  }
  const groups = mergeDuplicates(
    matched.map(({ thing }) => thing),
    page,
  );
  const listed = matched.some((entry) => entry.listed);
  if (groups.length > 1 && !listed) {
    // A detail page may also mark up related items: keep the one the page is about.
    const main = groups.filter((group) => isMainEntity(group, page));
    if (main.length === 1) return { groups: main, listed };
  }
  return { groups, listed };
}

function reachableThings(top: Thing[]): { thing: Thing; listed: boolean }[] {
  const seen = new Set<Thing>();
  const found: { thing: Thing; listed: boolean }[] = [];
  const visit = (thing: Thing, listed: boolean) => {
    if (seen.has(thing)) return;
    seen.add(thing);
    found.push({ thing, listed });
    for (const container of CONTAINERS) {
      for (const value of values(thing, container)) {
        if (isThing(value)) visit(value, listed || LIST_CONTAINERS.has(container));
      }
    }
  };
  for (const thing of top) visit(thing, false);
  return found;
}

function identity(thing: Thing, page: Page): { url: string | null; name: string | null } {
  const url = link(thing, page.url, "url") ?? (thing.id && !thing.id.includes("#") ? absoluteUrl(thing.id, page.url) : null);
  return { url: url?.replace(/\/$/, "") ?? null, name: text(thing, "name", "headline", "title")?.toLowerCase() ?? null };
}

function mergeDuplicates(things: Thing[], page: Page): Thing[][] {
  const groups: { url: string | null; name: string | null; things: Thing[] }[] = [];
  for (const thing of things) {
    const { url, name } = identity(thing, page);
    const same = groups.find(
      (group) => (url && group.url === url) || (name && group.name === name && (!url || !group.url || group.url === url)),
    );
    if (same) {
      same.things.push(thing);
      same.url ??= url;
      same.name ??= name;
    } else {
      groups.push({ url, name, things: [thing] });
    }
  }
  return groups.map((group) => group.things);
}

function isMainEntity(group: Thing[], page: Page): boolean {
  const canonical = (page.meta.canonical ?? page.url).replace(/\/$/, "");
  const headline = cleanText(textContent(first(page.index, "h1")))?.toLowerCase();
  const shared = page.meta.get("og:title", "twitter:title")?.toLowerCase();
  return group.some((thing) => {
    const { url, name } = identity(thing, page);
    return url === canonical || (name !== null && (name === headline || name === shared));
  });
}

/**
 * og:type says what the page is: anything but a generic website is one item (a product, an article…).
 * Without it, a page stating its own price in meta tags, or an <article> that holds the page's <h1>, is
 * one item too: its related deals, comments or related posts are not a listing.
 */
function isDetailPage(page: Page): boolean {
  const type = page.meta.get("og:type")?.toLowerCase();
  if (type) return type !== "website" && type !== "object";
  // A page that states its own price in meta tags is about one product.
  if (page.meta.get("og:price:amount", "product:price:amount", "og:price", "product:price")) return true;
  return first(page.index, "article h1") !== undefined;
}

/**
 * The <title>, without the " | Site name" most sites append: the site's own name when known; else,
 * when the page shows the rest of a "Label | Headline" title but not its first part (an embed or a
 * player titled "Player | Episode 12 – …"), that rest; else the first segment.
 */
function documentTitle(page: Page): string | null {
  const title = page.meta.title;
  if (!title) return null;
  const stripped = stripSiteName(title, page);
  if (stripped !== title) return stripped;
  const [head, ...rest] = title.split(/\s+[|·•]\s+/);
  const tail = rest.join(" | ").trim();
  if (head && squash(head) && squash(tail)) {
    const body = first(page.index, "body");
    const shown = body ? squash(blockText(body) ?? "") : "";
    if (shown.includes(squash(tail)) && !shown.includes(squash(head))) return tail;
  }
  return title.split(/\s+[|·•–—-]\s+/)[0]?.trim() || title;
}

/** Copies the fields `source` has into the ones `target` lacks. Only the kind's own fields are kept. */
export function fill<T extends object>(target: T, source: Partial<T>): T {
  const record = target as Record<string, unknown>;
  const from = source as Record<string, unknown>;
  // Object.keys, not Object.entries: no [key, value] pair allocated per field, in the same order.
  for (const key of Object.keys(from)) {
    const value = from[key];
    if (!(key in record) && key !== "review_list") continue;
    if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    const current = record[key];
    if (current === null || current === undefined || (Array.isArray(current) && current.length === 0)) record[key] = value;
  }
  return target;
}

function hasContent(item: BaseItem): boolean {
  const record = item as unknown as Record<string, unknown>;
  return Object.keys(record).some((key) => key !== "url" && record[key] !== null && record[key] !== undefined);
}

function withReviewOption<T extends BaseItem>(item: T, extractor: KindExtractor<T>, options: ExtractOptions): T {
  const { review_list: list, ...rest } = item as T & WithReviews;
  if (!extractor.hasReviews || !options.includeReviews) return rest as T;
  return { ...rest, review_list: list ?? [] } as unknown as T;
}
