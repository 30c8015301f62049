import { find, findPrice, findRating, heading, image, labelled, labelledValues, primaryLink, textOf } from "../extract/html";
import { normalizeCurrency, parseAmount } from "../extract/price";
import { aggregateRatingOf, reviewsOf } from "../extract/reviews";
import { plainText } from "../extract/text";
import { child, link, raw, type Thing, text } from "../extract/things";
import { emptyBaseItem, type ProductItem } from "../types";
import { availabilityName } from "./availability";
import { htmlDescription, metaBasics, offerOf } from "./common";
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
      availability: availabilityName(raw(offer, "availability")),
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
    return {
      ...metaBasics(page),
      price: parseAmount(meta.get("product:price:amount", "og:price:amount", "product:sale_price:amount")),
      currency: normalizeCurrency(meta.get("product:price:currency", "og:price:currency", "product:sale_price:currency")),
      availability: availabilityName(meta.get("product:availability", "og:availability")),
      brand: meta.get("product:brand", "og:brand"),
      sku: meta.get("product:retailer_item_id", "product:sku"),
      gtin: meta.get("product:ean", "product:gtin", "product:upc", "product:isbn"),
    };
  },

  fromHtml(scope, page, { detail }) {
    const price = findPrice(page, scope);
    const labels = labelledValues(page, scope);
    const { rating, count } = findRating(page, scope);
    const stock = find(page, scope, '[class*="stock" i], [class*="availability" i], [id*="availability" i]')[0];
    return {
      title: heading(page, scope),
      price: price?.amount ?? null,
      currency: price?.currency ?? null,
      availability: availabilityName(textOf(page, stock) ?? labelled(labels, "availability", "stock")),
      brand: labelled(labels, "brand", "manufacturer", "marke", "marque", "by"),
      sku: labelled(
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
      ),
      gtin: labelled(labels, "gtin", "ean", "upc", "isbn", "barcode"),
      image: image(page, scope),
      rating,
      reviews: count,
      description: htmlDescription(page, scope, detail),
      url: detail ? null : primaryLink(page, scope),
    };
  },

  isCard: (card, page) => findPrice(page, card) !== null,
};
