import type { Element } from "domhandler";
import { childElements } from "@/lib/scrapers/extract/dom";
import { find, findRating, heading, image, labelled, labelledValues, primaryLink, textOf } from "@/lib/scrapers/extract/html";
import type { Page } from "@/lib/scrapers/extract/page";
import { aggregateRatingOf, reviewsOf } from "@/lib/scrapers/extract/reviews";
import { cleanText, plainText, textContent } from "@/lib/scrapers/extract/text";
import { children, link, raw, type Thing, text, texts } from "@/lib/scrapers/extract/things";
import { emptyBaseItem, type RestaurantItem } from "@/lib/scrapers/types";
import { addressOf, htmlDescription, joined, metaBasics } from "./common";
import type { KindExtractor } from "./extractor";

const RESTAURANT_TYPES = [
  "Restaurant",
  "FoodEstablishment",
  "CafeOrCoffeeShop",
  "BarOrPub",
  "FastFoodRestaurant",
  "Bakery",
  "Brewery",
  "Winery",
  "Distillery",
  "IceCreamShop",
];
const WEEKDAY = /\b(mon|tue|wed|thu|fri|sat|sun)[a-z]*\b/i;
const DAYS: Record<string, string> = {
  monday: "Mo",
  tuesday: "Tu",
  wednesday: "We",
  thursday: "Th",
  friday: "Fr",
  saturday: "Sa",
  sunday: "Su",
  publicholidays: "PH",
};

export const restaurantExtractor: KindExtractor<RestaurantItem> = {
  types: [RESTAURANT_TYPES, ["LocalBusiness"]],
  hasReviews: true,
  keyFields: ["address", "phone", "cuisine", "opening_hours", "price_range"],
  ogTypes: /^(?:restaurant(?:\.restaurant)?|business\.business)$/i,

  empty: () => ({
    ...emptyBaseItem(),
    address: null,
    phone: null,
    cuisine: null,
    price_range: null,
    opening_hours: null,
    image: null,
  }),

  fromThing(thing: Thing, page) {
    const { rating, reviews } = aggregateRatingOf(thing);
    const reviewList = reviewsOf(thing);
    return {
      title: text(thing, "name"),
      description: plainText(raw(thing, "description")),
      address: addressOf(thing, "address", "location"),
      phone: text(thing, "telephone"),
      cuisine: joined(thing, "servesCuisine"),
      price_range: text(thing, "priceRange"),
      opening_hours: openingHours(thing),
      image: link(thing, page.url, "image", "photo", "logo"),
      url: link(thing, page.url, "url"),
      rating,
      reviews: reviews ?? (reviewList.length || null),
      review_list: reviewList,
    };
  },

  fromMeta(page) {
    const { meta } = page;
    const street = meta.get("business:contact_data:street_address", "restaurant:contact_info:street_address");
    const city = meta.get("business:contact_data:locality", "restaurant:contact_info:locality");
    const postcode = meta.get("business:contact_data:postal_code", "restaurant:contact_info:postal_code");
    return {
      ...metaBasics(page),
      address: [street, [postcode, city].filter(Boolean).join(" ")].filter(Boolean).join(", ") || null,
      phone: meta.get("business:contact_data:phone_number", "restaurant:contact_info:phone_number"),
      price_range: meta.get("restaurant:price_rating"),
    };
  },

  fromHtml(scope, page, { detail }) {
    const labels = labelledValues(page, scope);
    const part = (selector: string) => textOf(find(page, scope, selector)[0]);
    const phoneLink = find(page, scope, 'a[href^="tel:" i]')[0];
    const { rating, count } = findRating(page, scope);
    return {
      title: heading(page, scope),
      address: part('address, [class*="address" i]') ?? labelled(labels, "address", "location"),
      phone: textOf(phoneLink) ?? labelled(labels, "phone", "telephone", "tel"),
      cuisine: labelled(labels, "cuisine", "cuisines", "food") ?? part('[class*="cuisine" i]'),
      price_range: labelled(labels, "price range", "price") ?? priceSymbols(part('[class*="price" i]')),
      opening_hours: htmlOpeningHours(page, scope, labelled(labels, "hours", "opening hours", "open")),
      rating,
      reviews: count,
      image: image(page, scope),
      description: htmlDescription(page, scope, detail, '[class*="about" i]'),
      url: detail ? null : primaryLink(page, scope),
    };
  },

  isCard: (card, page) =>
    find(page, card, "h2, h3, h4").length > 0 &&
    find(page, card, 'address, [class*="address" i], [class*="cuisine" i], [class*="rating" i]').length > 0,
};

/** openingHours strings as they are, and OpeningHoursSpecification as "Mo-Fr 11:00-22:00". */
function openingHours(thing: Thing): string[] | null {
  const listed = texts(thing, "openingHours").flatMap((value) => value.split(/\s*,\s*(?=[A-Z][a-z])/));
  const specified = children(thing, "openingHoursSpecification").map((specification) => {
    const days = texts(specification, "dayOfWeek").map((day) => DAYS[day.replace(/^.*[/:]/, "").toLowerCase()] ?? day);
    const opens = text(specification, "opens")?.slice(0, 5);
    const closes = text(specification, "closes")?.slice(0, 5);
    return [dayRange(days), opens && closes ? `${opens}-${closes}` : null].filter(Boolean).join(" ");
  });
  const all = [...listed, ...specified].filter(Boolean);
  return all.length > 0 ? all : null;
}

/** ["Mo","Tu","We"] → "Mo-We" when consecutive, else "Mo,We". */
function dayRange(days: string[]): string {
  const order = Object.values(DAYS);
  const indexes = days.map((day) => order.indexOf(day));
  const consecutive = indexes.every(
    (index, position) => index >= 0 && (position === 0 || index === (indexes[position - 1] ?? -2) + 1),
  );
  return consecutive && days.length > 2 ? `${days[0]}-${days[days.length - 1]}` : days.join(",");
}

function htmlOpeningHours(page: Page, scope: Element, labelledHours: string | null): string[] | null {
  const block = find(page, scope, '[class*="hours" i], [id*="hours" i]')[0];
  if (block) {
    const rows = find(page, block, "tr, li, dd, p")
      .map((row) => {
        const cells = childElements(row, "td, th");
        return cells.length > 0 ? cleanText(cells.map((cell) => textContent(cell)).join(" ")) : cleanText(textContent(row));
      })
      .filter((row): row is string => Boolean(row && row.length <= 80 && (/\d/.test(row) || WEEKDAY.test(row))));
    if (rows.length > 0) return rows;
  }
  return labelledHours ? [labelledHours] : null;
}

function priceSymbols(text: string | null): string | null {
  return text ? (/(?:^|\s)([$€£¥]{1,4})(?:\s|$)/.exec(text)?.[1] ?? null) : null;
}
