import {
  buyControl,
  dataSku,
  findPrice,
  pricingLocale,
  productIdFromUrl,
  shownProductCode,
  titleElement,
} from "@/lib/scrapers/extract/commerce";
import { closest } from "@/lib/scrapers/extract/dom";
import { find, findRating, heading, image, labelled, labelledValues, primaryLink, textOf } from "@/lib/scrapers/extract/html";
import type { Page } from "@/lib/scrapers/extract/page";
import { normalizeCurrency, type PriceReading, readAmount } from "@/lib/scrapers/extract/price";
import { aggregateRatingOf, reviewsOf } from "@/lib/scrapers/extract/reviews";
import { plainText } from "@/lib/scrapers/extract/text";
import { child, link, raw, type Thing, text } from "@/lib/scrapers/extract/things";
import { emptyBaseItem, type FieldSource, type ProductItem } from "@/lib/scrapers/types";
import { availabilityName, statedAvailability } from "./availability";
import { htmlDescription, metaBasics, offerOf, offersOf } from "./common";
import { type KindExtractor, type Layer, SOURCES } from "./extractor";

const PRODUCT_TYPES = ["Product", "ProductGroup", "IndividualProduct", "ProductModel", "SomeProducts", "Vehicle", "Car", "Book"];

/** Labels of the shop's own product id: SKU, article or item number, reference, product code. Not a model name. */
const SKU_LABELS = [
  "sku",
  "art.-nr",
  "art.-nr.",
  "art.nr",
  "artikelnummer",
  "artikel-nr",
  "article number",
  "item number",
  "item no",
  "item #",
  "product code",
  "product number",
  "référence",
  "réf",
  "ref",
  "código",
  "código de producto",
  "referencia",
  "codice articolo",
  "артикул",
  "код товара",
  "品番",
  "商品コード",
  "商品番号",
  "货号",
  "商品编号",
  "商品編號",
  "상품번호",
  "상품코드",
];

/** What a shop's product id looks like: one token of letters, digits and . _ / -, with a digit. */
const ID_LIKE = /^(?=[^\s]*\d)[\p{L}\p{N}][\p{L}\p{N}._/#-]{0,39}$/u;

export const productExtractor: KindExtractor<ProductItem> = {
  types: [PRODUCT_TYPES],
  hasReviews: true,
  keyFields: ["price", "currency", "availability", "sku", "brand"],
  ogTypes: /^(?:og:)?product(?:\.item|\.group)?$|^books?\.book$/i,

  empty: () => ({
    ...emptyBaseItem(),
    price_decimal: null,
    price_raw: null,
    currency: null,
    currency_raw: null,
    availability: null,
    brand: null,
    sku: null,
    gtin: null,
    image: null,
  }),

  fromThing(thing: Thing, page) {
    const { rating, reviews } = aggregateRatingOf(thing);
    const reviewList = reviewsOf(thing);
    return {
      title: text(thing, "name"),
      description: plainText(raw(thing, "description")),
      ...offeredPrice(thing, page),
      availability: offeredAvailability([thing]),
      brand: text(thing, "brand", "manufacturer"),
      // The shop's own ids; a manufacturer's part number only when the page gives nothing else (finish).
      sku: structuredId(text(thing, "sku", "productID") ?? text(offerOf(thing), "sku")),
      gtin:
        text(thing, "gtin13", "gtin", "gtin12", "gtin14", "gtin8", "isbn")?.replace(/^(?:gtin|ean|upc|isbn)[:\s]*/i, "") ?? null,
      image: link(thing, page.url, "image"),
      url: link(thing, page.url, "url") ?? link(offerOf(thing), page.url, "url"),
      rating,
      reviews: reviews ?? (reviewList.length || null),
      review_list: reviewList,
    };
  },

  fromMeta(page) {
    const { meta } = page;
    return {
      ...metaBasics(page),
      ...metaPrice(page),
      availability: availabilityName(meta.get("product:availability", "og:availability")),
      brand: meta.get("product:brand", "og:brand"),
      sku: meta.get("product:retailer_item_id", "product:sku"),
      gtin: meta.get("product:ean", "product:gtin", "product:upc", "product:isbn"),
    };
  },

  fromHtml(scope, page, { detail, filled }) {
    // Only what the earlier layers left open is looked for: those searches are the costly part.
    const price = filled.price === null ? findPrice(page, scope, { detail, purchase: true }) : null;
    const labels = labelledValues(page, scope);
    const { rating, count } = findRating(page, scope);
    let marked: string | null = null;
    let written: string | null = null;
    if (filled.availability === null) {
      const stock = find(page, scope, '[class*="stock" i], [class*="availability" i], [id*="availability" i]')[0];
      marked = availabilityName(textOf(stock) ?? labelled(labels, "availability", "stock"));
      written = marked ?? (detail ? availabilityNearBuyBox(page) : null);
    }
    const ownSku =
      filled.sku === null ? ((detail ? dataSku(page, scope) : null) ?? idLike(labelled(labels, ...SKU_LABELS))) : null;
    const addressId =
      filled.sku === null && !ownSku && detail
        ? productIdFromUrl(page.meta.canonical ?? page.meta.get("og:url") ?? page.url)
        : null;
    const sources: Partial<Record<keyof ProductItem, FieldSource>> = {};
    if (price?.via === "text") Object.assign(sources, PRICE_FROM_TEXT);
    if (!marked && written) sources.availability = "text";
    if (addressId) sources.sku = "text";
    return {
      // On a detail page the name as the page shows it: its <h1>, or the heading-like element that reads as the
      // page's whole title ("Glenfarclas 105 - 35cl 60%", which the <title>'s " - Site" rule would cut).
      title:
        filled.title !== null ? null : ((detail ? textOf(titleElement(page, scope) ?? undefined) : null) ?? heading(page, scope)),
      ...priceFields(price),
      availability: written,
      brand: labelled(labels, "brand", "manufacturer", "marke", "marque", "by"),
      sku: ownSku ?? addressId,
      gtin: labelled(labels, "gtin", "ean", "upc", "isbn", "barcode"),
      image: image(page, scope),
      rating,
      reviews: count,
      description: htmlDescription(page, scope, detail),
      url: detail ? null : primaryLink(page, scope),
      [SOURCES]: sources,
    };
  },

  shown: (scope, page) => ({ sku: shownProductCode(page, scope) }),

  fromGroup: (group, page) => ({ availability: offeredAvailability(group), ...disputedPrice(group, page) }),

  finish(item, page, group) {
    const filled: Layer<ProductItem> = {};
    const sources: Partial<Record<keyof ProductItem, FieldSource>> = {};
    // A page that shows a price and an enabled buy button sells the item: in stock unless it says otherwise.
    if (item.availability === null && item.price !== null && buyControl(page, page.content)) {
      filled.availability = "InStock";
      sources.availability = "markup";
    }
    // A manufacturer's part number is no SKU, but better than none when the page names no id of its own.
    if (item.sku === null) {
      const mpn = group.map((thing) => idLike(text(thing, "mpn"))).find(Boolean);
      if (mpn) filled.sku = mpn;
    }
    filled[SOURCES] = sources;
    return filled;
  },

  isCard: (card, page) => findPrice(page, card) !== null,
};

const PRICE_FROM_TEXT: Partial<Record<keyof ProductItem, FieldSource>> = {
  price: "text",
  price_decimal: "text",
  price_raw: "text",
  currency: "text",
  currency_raw: "text",
};

type PriceFields = Pick<ProductItem, "price" | "price_decimal" | "price_raw" | "currency" | "currency_raw">;

/** The item's price fields from one reading: they always come together, from one source. */
function priceFields(price: PriceReading | null, currency?: { code: string | null; written: string | null }): PriceFields {
  return {
    price: price?.amount ?? null,
    price_decimal: price?.decimal ?? null,
    price_raw: price?.raw ?? null,
    currency: currency?.code ?? price?.currency ?? null,
    currency_raw: currency?.written ?? price?.currencyRaw ?? null,
  };
}

/** An offer's price (price, lowPrice or its priceSpecification's), with its priceCurrency as given. */
function offeredPrice(thing: Thing, page: Page): PriceFields {
  const offer = offerOf(thing);
  const specification = child(offer, "priceSpecification");
  const written = raw(offer, "priceCurrency") ?? raw(specification, "priceCurrency");
  const locale = { ...pricingLocale(page), currency: normalizeCurrency(written) };
  const price = readAmount(raw(offer, "price", "lowPrice") ?? raw(specification, "price"), locale);
  if (!price) return priceFields(null);
  return priceFields(price, {
    code: normalizeCurrency(written, locale) ?? price.currency,
    written: written ?? price.currencyRaw,
  });
}

/** The price meta tags give: product:price:amount and the like; og:price may hold the whole written price ("30,000원~"). */
function metaPrice(page: Page): PriceFields {
  const { meta } = page;
  const amount = meta.get("product:price:amount", "og:price:amount", "product:sale_price:amount", "og:price", "product:price");
  const written = meta.get("product:price:currency", "og:price:currency", "product:sale_price:currency");
  const locale = { ...pricingLocale(page), currency: normalizeCurrency(written) };
  const price = readAmount(amount, locale);
  if (!price) return priceFields(null);
  return priceFields(price, {
    code: normalizeCurrency(written, locale) ?? price.currency,
    written: written ?? price.currencyRaw,
  });
}

/** Amounts closer than this are the same price. */
const SAME_AMOUNT = 0.005;

/**
 * When structured data and the price meta tags disagree, the meta tags' price unless the page shows the
 * structured one beside the title: structured offers are the ones left behind (the list price kept after a
 * markdown, an amount converted into the visitor's currency), while the meta tags feed the shops' catalogue
 * ads and are kept current. Nothing when they agree (fromThing's price stands).
 */
function disputedPrice(group: Thing[], page: Page): Layer<ProductItem> {
  const main = group[0];
  if (!main) return {};
  const structured = offeredPrice(main, page);
  if (structured.price === null) return {};
  const meta = metaPrice(page);
  if (meta.price === null || Math.abs(meta.price - structured.price) < SAME_AMOUNT) return {};
  const shown = findPrice(page, page.content, { detail: true, purchase: true });
  if (shown && Math.abs(shown.amount - structured.price) < SAME_AMOUNT) return {};
  const currency = meta.currency ?? structured.currency;
  const currencyRaw = meta.currency ? meta.currency_raw : structured.currency_raw;
  const sources: Partial<Record<keyof ProductItem, FieldSource>> = {
    price: "opengraph",
    price_decimal: "opengraph",
    price_raw: "opengraph",
    ...(meta.currency ? { currency: "opengraph", currency_raw: "opengraph" } : {}),
  };
  return { ...meta, currency, currency_raw: currencyRaw, [SOURCES]: sources };
}

/**
 * The item's availability over all its offers (and the entities merged into it): in stock when any offer
 * (a size, a seller) is; else the first offer's; an AggregateOffer that counts sellers but names no
 * availability is in stock.
 */
function offeredAvailability(things: Thing[]): string | null {
  const offers = things.flatMap(offersOf);
  const names = offers.map((offer) => availabilityName(raw(offer, "availability")));
  if (names.includes("InStock")) return "InStock";
  const named = names.find((name) => name !== null);
  if (named) return named;
  const counted = offers.some((offer) => Number(raw(offer, "offerCount")) > 0);
  return counted ? "InStock" : null;
}

/** Elements before and after the buy button (or the title) where the buy box states its availability. */
const BUY_BOX_REACH = 60;
/** Only small elements: a line of its own, not a block holding the whole buy box. */
const MAX_LINE_ELEMENTS = 3;

/**
 * An availability the buy box states in plain text, without marking it ("En stock" in a <b> beside the
 * price, "Nicht lieferbar" under the button): the first short line near the buy button, else near the
 * title, that is only an availability phrase.
 */
function availabilityNearBuyBox(page: Page): string | null {
  const buy = buyControl(page, page.content);
  const anchor = buy ?? find(page, page.content, "h1")[0];
  const at = anchor ? page.index.position.get(anchor) : undefined;
  if (at === undefined) return null;
  const { elements, end, furniture } = page.index;
  // The buy button's own form is the buy box, not furniture.
  const form = buy ? closest(buy, "form") : undefined;
  const formAt = form ? (page.index.position.get(form) ?? -2) : -2;
  const from = Math.max(0, at - BUY_BOX_REACH);
  const to = Math.min(elements.length, at + BUY_BOX_REACH);
  for (let i = from; i < to; i++) {
    const inFurniture = furniture[i] ?? -1;
    if ((end[i] ?? i) - i > MAX_LINE_ELEMENTS || (inFurniture >= 0 && inFurniture !== formAt)) continue;
    const element = elements[i];
    if (!element || element.name === "option" || element.name === "script" || element.name === "style") continue;
    // A line states something in text of its own; an element without a text child only holds others.
    if (!element.children.some((node) => node.type === "text" && node.data.trim() !== "")) continue;
    const name = statedAvailability(textOf(element));
    if (name) return name;
  }
  return null;
}

/** A code read from a label or an attribute: one token with a digit, as ids are written. */
function idLike(value: string | null): string | null {
  const code = value?.trim();
  return code && ID_LIKE.test(code) ? code : null;
}

/** Structured data's id as given, unless it is a sentence (a name or a description put in the sku field). */
function structuredId(value: string | null): string | null {
  const code = value?.trim();
  return code && code.length <= 60 && code.split(/\s+/).length <= 2 ? code : null;
}
