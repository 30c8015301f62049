import { offersToBuy, productIdFromUrl, shownProductCode } from "@/lib/scrapers/extract/commerce";
import {
  find,
  findPrice,
  findRating,
  heading,
  image,
  labelled,
  labelledValues,
  primaryLink,
  textOf,
} from "@/lib/scrapers/extract/html";
import { normalizeCurrency, parseAmount, parsePrice } from "@/lib/scrapers/extract/price";
import { aggregateRatingOf, reviewsOf } from "@/lib/scrapers/extract/reviews";
import { plainText } from "@/lib/scrapers/extract/text";
import { child, link, raw, type Thing, text } from "@/lib/scrapers/extract/things";
import { emptyBaseItem, type ProductItem } from "@/lib/scrapers/types";
import { availabilityName } from "./availability";
import { htmlDescription, metaBasics, offerOf, offersOf } from "./common";
import type { KindExtractor } from "./extractor";

const PRODUCT_TYPES = ["Product", "ProductGroup", "IndividualProduct", "ProductModel", "SomeProducts", "Vehicle", "Car", "Book"];

export const productExtractor: KindExtractor<ProductItem> = {
  types: [PRODUCT_TYPES],
  hasReviews: true,

  empty: () => ({
    ...emptyBaseItem(),
    currency: null,
    availability: null,
    brand: null,
    sku: null,
    gtin: null,
    image: null,
  }),

  fromThing(thing: Thing, page) {
    const offer = offerOf(thing);
    const specification = child(offer, "priceSpecification");
    const { rating, reviews } = aggregateRatingOf(thing);
    const reviewList = reviewsOf(thing);
    return {
      title: text(thing, "name"),
      description: plainText(raw(thing, "description")),
      price: parseAmount(raw(offer, "price", "lowPrice") ?? raw(specification, "price")),
      currency: normalizeCurrency(raw(offer, "priceCurrency") ?? raw(specification, "priceCurrency")),
      availability: offeredAvailability([thing]),
      brand: text(thing, "brand", "manufacturer"),
      sku: text(thing, "sku", "mpn", "productID"),
      gtin:
        text(thing, "gtin13", "gtin", "gtin12", "gtin14", "gtin8", "isbn")?.replace(/^(?:gtin|ean|upc|isbn)[:\s]*/i, "") ?? null,
      image: link(thing, page.url, "image"),
      url: link(thing, page.url, "url") ?? link(offer, page.url, "url"),
      rating,
      reviews: reviews ?? (reviewList.length || null),
      review_list: reviewList,
    };
  },

  fromMeta(page) {
    const { meta } = page;
    // og:price / product:price may hold the whole written price ("30,000원~").
    const metaPrice = meta.get(
      "product:price:amount",
      "og:price:amount",
      "product:sale_price:amount",
      "og:price",
      "product:price",
    );
    return {
      ...metaBasics(page),
      price: parseAmount(metaPrice),
      currency:
        normalizeCurrency(meta.get("product:price:currency", "og:price:currency", "product:sale_price:currency")) ??
        parsePrice(metaPrice)?.currency ??
        null,
      availability: availabilityName(meta.get("product:availability", "og:availability")),
      brand: meta.get("product:brand", "og:brand"),
      sku: meta.get("product:retailer_item_id", "product:sku"),
      gtin: meta.get("product:ean", "product:gtin", "product:upc", "product:isbn"),
    };
  },

  fromHtml(scope, page, { detail }) {
    const price = findPrice(page, scope, { detail });
    const labels = labelledValues(page, scope);
    const { rating, count } = findRating(page, scope);
    const stock = find(page, scope, '[class*="stock" i], [class*="availability" i], [id*="availability" i]')[0];
    return {
      title: heading(page, scope),
      price: price?.amount ?? null,
      currency: price?.currency ?? null,
      availability:
        availabilityName(textOf(stock) ?? labelled(labels, "availability", "stock")) ??
        (detail && offersToBuy(page, scope) ? "InStock" : null),
      brand: labelled(labels, "brand", "manufacturer", "marke", "marque", "by"),
      sku:
        labelled(
          labels,
          "sku",
          "item number",
          "item no",
          "model number",
          "model",
          "art.-nr",
          "article number",
          "artikelnummer",
          "référence",
          "mpn",
        ) ?? (detail ? productIdFromUrl(page.meta.canonical ?? page.meta.get("og:url") ?? page.url) : null),
      gtin: labelled(labels, "gtin", "ean", "upc", "isbn", "barcode"),
      image: image(page, scope),
      rating,
      reviews: count,
      description: htmlDescription(page, scope, detail),
      url: detail ? null : primaryLink(page, scope),
    };
  },

  shown: (scope, page) => ({ sku: shownProductCode(page, scope) }),
  fromGroup: (group) => ({ availability: offeredAvailability(group) }),

  isCard: (card, page) => findPrice(page, card) !== null,
};

/**
 * The item's availability over all its offers (and the entities merged into it): in stock when any offer
 * (a size, a seller) is; else the
 * first offer's; an AggregateOffer that counts sellers but names no availability is in stock.
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
