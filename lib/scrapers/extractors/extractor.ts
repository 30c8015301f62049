import type { Element } from "domhandler";
import { findCards } from "@/lib/scrapers/extract/cards";
import { first } from "@/lib/scrapers/extract/dom";
import type { Page } from "@/lib/scrapers/extract/page";
import { htmlReviews } from "@/lib/scrapers/extract/reviews";
import { blockText, cleanText, textContent } from "@/lib/scrapers/extract/text";
import { absoluteUrl, hasType, isThing, link, type Thing, text, values } from "@/lib/scrapers/extract/things";
import { squash, stripSiteName } from "@/lib/scrapers/extract/titles";
import type { BaseItem, ExtractOptions, FieldSource, Review } from "@/lib/scrapers/types";
import { type KindSignals, kindSignals, probabilityOf } from "./confidence";

/**
 * A layer's values may name where some of them came from when that is not the layer's own kind of source
 * (a heuristic that read a price from running text rather than a price-marked element says "text").
 */
export const SOURCES = Symbol("sources");
export type Layer<T> = Partial<T> & { [SOURCES]?: Partial<Record<keyof T & string, FieldSource>> };

/** The field sources an item collected, by field name. */
type Sources = Record<string, FieldSource>;

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
  fromThing(thing: Thing, page: Page): Layer<T>;
  fromMeta(page: Page): Layer<T>;
  /**
   * Heuristics inside `scope`: the page content for a detail page, one card on a listing. `filled` is the item
   * as the earlier layers left it: a field it already has cannot change, so its costly search can be skipped.
   */
  fromHtml(scope: Element, page: Page, context: { detail: boolean; filled: Readonly<T> }): Layer<T>;
  /**
   * Values the detail page shows prominently that win over structured data (the product code printed
   * beside the title, where JSON-LD often carries an internal id).
   */
  shown?(scope: Element, page: Page): Layer<T>;
  /** Values read across all the entities merged into one item (the same product listed once per size). */
  fromGroup?(group: Thing[], page: Page): Layer<T>;
  /**
   * Values a detail page implies once every layer has spoken (a price beside an enabled buy button means
   * in stock): they fill only what is still empty.
   */
  finish?(item: T, page: Page, group: Thing[]): Layer<T>;
  /**
   * The fields that make a page one of the kind's (a product's price and availability, an article's
   * byline and body): how many of them the page gives is one of the signals of `_meta.probability`.
   */
  keyFields: readonly (keyof T & string)[];
  /** og:type values that say the page is one of the kind's ("product", "article"). */
  ogTypes?: RegExp;
  /** Whether a repeated block is one of the kind's listing cards (has a price, a company, …). */
  isCard(card: Element, page: Page): boolean;
  /** Products and restaurants carry reviews (review_list on request). */
  hasReviews?: boolean;
}

/**
 * A kind that reads its items its own way rather than through the layered runner: the Web Page scraper renders the
 * page's content instead of looking for an entity.
 */
export interface PageExtractor<T> {
  extract(page: Page, options: ExtractOptions): T[];
}

export function isPageExtractor<T>(extractor: PageExtractor<T> | object): extractor is PageExtractor<T> {
  return "extract" in extractor;
}

type WithReviews = { review_list?: Review[] | null };

// Properties that hold the page's entities rather than describe one: ProfilePage.mainEntity,
// ItemList.itemListElement → ListItem.item, WebPage.about.
const CONTAINERS = ["mainEntity", "itemListElement", "item", "about"];
const LIST_CONTAINERS = new Set(["itemListElement", "item"]);
/** A listing's cards carry at least this share of the content's text; related-item strips carry less. */
const LISTING_SHARE = 0.4;

export function runExtractor<T extends BaseItem>(extractor: KindExtractor<T>, page: Page, options: ExtractOptions): T[] {
  return extractItems(extractor, page, options).items;
}

/** The kind's items and the signals their `_meta.probability` was computed from (bench:quality calibrates on them). */
export function extractItems<T extends BaseItem>(
  extractor: KindExtractor<T>,
  page: Page,
  options: ExtractOptions,
): { items: T[]; signals: KindSignals } {
  const { groups, listed, tier } = entityGroups(extractor, page);
  let items: Sourced<T>[];
  let listing = false;
  if (groups.length > 1 || (listed && groups.length > 0)) {
    items = groups.map((group) => listingItem(extractor, page, group));
    listing = true;
  } else if (groups.length === 1) {
    items = [detailItem(extractor, page, groups[0] ?? [])];
  } else {
    const cards = isDetailPage(page) ? null : findCards(page, (card) => extractor.isCard(card, page));
    if (cards && cards.share >= LISTING_SHARE) {
      listing = true;
      items = cards.cards.map((card) => {
        const item = { value: extractor.empty(), sources: {} };
        fillFrom(item, extractor.fromHtml(card, page, { detail: false, filled: item.value }), "markup");
        return item;
      });
    } else {
      items = [detailItem(extractor, page, [])];
    }
  }
  const kept = items.filter((item) => hasContent(item.value));
  const signals = kindSignals(extractor, page, {
    first: kept[0]?.value ?? null,
    typed: groups.length > 0 && tier === 0,
    listing: listing && kept.length > 1,
  });
  const probability = probabilityOf(signals);
  return {
    items: kept.map(({ value, sources }) => withMeta(withReviewOption(value, extractor, options), sources, probability)),
    signals,
  };
}

/**
 * The page itself read as one item of the kind, even when it lists several: its one entity of the kind if it has
 * exactly one, else its meta tags and content (what the content formats' metadata reads an article's fields from).
 */
export function pageItem<T extends BaseItem>(extractor: KindExtractor<T>, page: Page): T {
  const { groups } = entityGroups(extractor, page);
  return detailItem(extractor, page, groups.length === 1 ? (groups[0] ?? []) : []).value;
}

/** An item being filled, with where each of its fields came from. */
interface Sourced<T> {
  value: T;
  sources: Sources;
}

/** Where a structured-data entity came from: its JSON-LD block, or HTML attributes (microdata, RDFa). */
function thingSource(thing: Thing): FieldSource {
  return thing.element ? "microdata" : "json-ld";
}

function detailItem<T extends BaseItem>(extractor: KindExtractor<T>, page: Page, group: Thing[]): Sourced<T> {
  const item: Sourced<T> = { value: extractor.empty(), sources: {} };
  const structured = group[0] ? thingSource(group[0]) : "json-ld";
  if (extractor.shown) fillFrom(item, extractor.shown(page.content, page), "markup");
  if (extractor.fromGroup && group.length > 0) fillFrom(item, extractor.fromGroup(group, page), structured);
  for (const thing of group) fillFrom(item, extractor.fromThing(thing, page), thingSource(thing));
  fillFrom(item, extractor.fromMeta(page), "opengraph");
  fillFrom(item, extractor.fromHtml(page.content, page, { detail: true, filled: item.value }), "markup");
  if (extractor.finish) fillFrom(item, extractor.finish(item.value, page, group), structured);
  const reviewed = item.value as T & WithReviews;
  if (extractor.hasReviews && !reviewed.review_list?.length) {
    const reviews = htmlReviews(page, page.content);
    if (reviews.length > 0) {
      reviewed.review_list = reviews;
      if (reviewed.reviews === null) {
        reviewed.reviews = reviews.length;
        item.sources.reviews = "markup";
      }
    }
  }
  if (item.value.title === null) {
    item.value.title = documentTitle(page);
    if (item.value.title !== null) item.sources.title = "markup";
  }
  if (item.value.url === null) {
    item.value.url = page.meta.canonical ?? page.url;
    item.sources.url = page.meta.canonical ? "markup" : "text";
  }
  return item;
}

function listingItem<T extends BaseItem>(extractor: KindExtractor<T>, page: Page, group: Thing[]): Sourced<T> {
  const item: Sourced<T> = { value: extractor.empty(), sources: {} };
  if (extractor.fromGroup && group[0]) fillFrom(item, extractor.fromGroup(group, page), thingSource(group[0]));
  for (const thing of group) fillFrom(item, extractor.fromThing(thing, page), thingSource(thing));
  for (const thing of group) {
    if (thing.element) fillFrom(item, extractor.fromHtml(thing.element, page, { detail: false, filled: item.value }), "markup");
  }
  return item;
}

/** The kind's entities, duplicates across layers (the same product in JSON-LD and microdata) merged. */
function entityGroups<T extends BaseItem>(
  extractor: KindExtractor<T>,
  page: Page,
): { groups: Thing[][]; listed: boolean; tier: number } {
  const custom = extractor.entities?.(page);
  const reachable = reachableThings(page.things);
  let matched: { thing: Thing; listed: boolean }[] = [];
  // Which of the kind's type tiers matched: the first is the kind's own types, later ones fallbacks.
  let tier = 0;
  if (custom) {
    matched = custom.map((thing) => ({ thing, listed: false }));
  } else {
    for (const types of extractor.types) {
      const wanted = new Set(types);
      matched = reachable.filter(({ thing }) => hasType(thing, wanted) && (extractor.accepts?.(thing) ?? true));
      if (matched.length > 0) break;
      tier++;
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
    if (main.length === 1) return { groups: main, listed, tier };
  }
  return { groups, listed, tier };
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

/**
 * Copies the fields `layer` has into the ones the item lacks (only the kind's own fields), and records where
 * each came from: the layer's source unless the layer names another.
 */
function fillFrom<T extends object>(item: Sourced<T>, layer: Layer<T>, source: FieldSource): void {
  const { sources } = item;
  const record = item.value as Record<string, unknown>;
  const values = layer as Record<string, unknown>;
  const named = layer[SOURCES] as Sources | undefined;
  // Object.keys, not Object.entries: no [key, value] pair allocated per field, in the same order.
  for (const key of Object.keys(values)) {
    const value = values[key];
    if (!(key in record) && key !== "review_list") continue;
    if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    const current = record[key];
    if (current === null || current === undefined || (Array.isArray(current) && current.length === 0)) {
      record[key] = value;
      if (key !== "review_list") sources[key] = named?.[key] ?? source;
    }
  }
}

function hasContent(item: BaseItem): boolean {
  const record = item as unknown as Record<string, unknown>;
  return Object.keys(record).some((key) => key !== "url" && key !== "_meta" && record[key] !== null && record[key] !== undefined);
}

/** The item with its `_meta` last: the page's probability of being the kind's, and the sources of its non-null fields. */
function withMeta<T extends BaseItem>(item: T, sources: Sources, probability: number): T {
  const record = item as unknown as Record<string, unknown>;
  const kept: Sources = {};
  // In the item's own field order; only the fields that hold a value.
  for (const key of Object.keys(record)) {
    const source = sources[key];
    const value = record[key];
    if (source && value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0)) kept[key] = source;
  }
  item._meta = { probability, sources: kept };
  return item;
}

function withReviewOption<T extends BaseItem>(item: T, extractor: KindExtractor<T>, options: ExtractOptions): T {
  const { review_list: list, ...rest } = item as T & WithReviews;
  if (!extractor.hasReviews || !options.includeReviews) return rest as T;
  return { ...rest, review_list: list ?? [] } as unknown as T;
}
