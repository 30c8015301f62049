import { findPrice } from "@/lib/scrapers/extract/commerce";
import { find, heading, image, labelled, labelledValues, primaryLink, textOf } from "@/lib/scrapers/extract/html";
import { firstNumber, parseDecimal } from "@/lib/scrapers/extract/numbers";
import { normalizeCurrency, parseAmount } from "@/lib/scrapers/extract/price";
import { blockText, plainText, textContent } from "@/lib/scrapers/extract/text";
import { child, hasType, link, raw, type Thing, text } from "@/lib/scrapers/extract/things";
import { emptyBaseItem, type FloorSize, type RealEstateItem } from "@/lib/scrapers/types";
import { addressOf, htmlDescription, metaBasics, offerOf } from "./common";
import { type KindExtractor, SOURCES } from "./extractor";

const ACCOMMODATION_TYPES = [
  "SingleFamilyResidence",
  "House",
  "Apartment",
  "Condominium",
  "Townhouse",
  "Residence",
  "ApartmentComplex",
  "GatedResidenceCommunity",
  "Accommodation",
  "Room",
  "Suite",
  "HotelRoom",
];
const ACCOMMODATIONS = new Set(ACCOMMODATION_TYPES);
const OFFERS = new Set(["Offer", "AggregateOffer"]);
const GENERIC_TYPES = new Set(["Accommodation", "Residence", "Place", "Product", "Offer", "RealEstateListing", "Thing"]);

const BEDROOMS = /(\d+(?:[.,]5)?)\s*(?:\+\s*)?(?:bd|bds|beds?|bedrooms?|br|schlafzimmer|chambres?|habitaciones|dormitorios)\b/i;
const BATHROOMS = /(\d+(?:[.,]5)?)\s*(?:ba|baths?|bathrooms?|badezimmer|salles? de bain|baños)\b/i;
const PROPERTY_TYPE =
  /\b((?:semi-)?detached house|terraced house|end of terrace house|townhouse|town house|bungalow|cottage|villa|house|penthouse|apartment|condo(?:minium)?|flat|studio|maisonette|duplex|loft|land|plot)\b/i;
const AREA = /(\d[\d.,\u00a0 ]*)\s*(sq\.?\s*ft\.?|sqft|ft²|ft2|square\s+feet|sq\.?\s*m\.?|sqm|m²|m2|square\s+met(?:er|re)s)/i;

export const realEstateExtractor: KindExtractor<RealEstateItem> = {
  types: [["RealEstateListing"], ["Offer", "AggregateOffer"], ACCOMMODATION_TYPES, ["Product"]],
  keyFields: ["price", "address", "bedrooms", "bathrooms", "floor_size", "property_type"],
  ogTypes: /^(?:real[_-]?estate|place|home)(?:\.listing)?$/i,
  accepts: (thing) => !hasType(thing, OFFERS) || hasType(child(thing, "itemOffered") ?? thing, ACCOMMODATIONS),

  empty: () => ({
    ...emptyBaseItem(),
    currency: null,
    address: null,
    bedrooms: null,
    bathrooms: null,
    floor_size: null,
    property_type: null,
    image: null,
  }),

  fromThing(thing: Thing, page) {
    const offer = hasType(thing, OFFERS) ? thing : offerOf(thing);
    const place =
      child(thing, "mainEntity", "about", "itemOffered") ??
      child(offer, "itemOffered") ??
      (hasType(thing, ACCOMMODATIONS) ? thing : null);
    const specification = child(offer, "priceSpecification");
    const both = (...names: string[]) => raw(place, ...names) ?? raw(thing, ...names);
    return {
      title: text(thing, "name") ?? text(place, "name"),
      description: plainText(raw(thing, "description") ?? raw(place, "description")),
      price: parseAmount(raw(offer, "price", "lowPrice") ?? raw(specification, "price")),
      currency: normalizeCurrency(raw(offer, "priceCurrency") ?? raw(specification, "priceCurrency")),
      address: addressOf(place, "address") ?? addressOf(thing, "address", "contentLocation", "spatialCoverage"),
      bedrooms: parseDecimal(both("numberOfBedrooms") ?? raw(child(place, "numberOfRooms"), "value") ?? both("numberOfRooms")),
      bathrooms: parseDecimal(both("numberOfBathroomsTotal", "numberOfFullBathrooms")),
      floor_size: floorSizeOf(child(place, "floorSize") ?? child(thing, "floorSize")),
      property_type:
        [...(place?.types ?? []), ...thing.types].find((type) => !GENERIC_TYPES.has(type)) ??
        text(place, "accommodationCategory") ??
        null,
      image: link(thing, page.url, "image", "photo") ?? link(place, page.url, "image", "photo"),
      url: link(thing, page.url, "url") ?? link(offer, page.url, "url"),
    };
  },

  fromMeta(page) {
    const { meta } = page;
    return {
      ...metaBasics(page),
      price: parseAmount(meta.get("product:price:amount", "og:price:amount")),
      currency: normalizeCurrency(meta.get("product:price:currency", "og:price:currency")),
      address: meta.get("og:street-address", "business:contact_data:street_address"),
    };
  },

  fromHtml(scope, page, { detail, filled }) {
    const labels = labelledValues(page, scope);
    const facts = blockText(scope, (element) => element.name === "nav" || element.name === "footer") ?? "";
    const price = filled.price === null ? findPrice(page, scope, { detail }) : null;
    const addressElement = find(page, scope, 'address, [class*="address" i], [itemprop="address"]')[0];
    return {
      title: heading(page, scope),
      price: price?.amount ?? null,
      currency: price?.currency ?? null,
      [SOURCES]: price?.via === "text" ? { price: "text", currency: "text" } : {},
      address: textOf(addressElement) ?? labelled(labels, "address", "location"),
      bedrooms: firstNumber(labelled(labels, "bedrooms", "beds")) ?? parseDecimal(BEDROOMS.exec(facts)?.[1]),
      bathrooms: firstNumber(labelled(labels, "bathrooms", "baths")) ?? parseDecimal(BATHROOMS.exec(facts)?.[1]),
      floor_size:
        floorSizeText(labelled(labels, "living area", "floor area", "floor size", "area", "size", "square feet")) ??
        floorSizeText(facts),
      property_type:
        labelled(labels, "property type", "home type", "type") ??
        PROPERTY_TYPE.exec(heading(page, scope) ?? "")?.[1]?.toLowerCase() ??
        null,
      image: image(page, scope),
      description: htmlDescription(page, scope, detail, '[class*="remarks" i]'),
      url: detail ? null : primaryLink(page, scope),
    };
  },

  isCard: (card, page) => findPrice(page, card) !== null || BEDROOMS.test(textContent(card)),
};

function floorSizeOf(value: Thing | null): FloorSize | null {
  if (!value) return null;
  const amount = parseDecimal(raw(value, "value", "minValue"));
  if (amount === null) return null;
  const unit = `${raw(value, "unitCode") ?? ""} ${raw(value, "unitText") ?? ""}`;
  return { value: amount, unit: /MTK|m²|m2|sqm|met/i.test(unit) ? "sqm" : "sqft" };
}

function floorSizeText(text: string | null): FloorSize | null {
  const match = text ? AREA.exec(text) : null;
  const value = firstNumber(match?.[1]);
  if (!match || value === null) return null;
  return { value, unit: /ft|feet/i.test(match[2] ?? "") ? "sqft" : "sqm" };
}
