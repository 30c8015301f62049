import type { Element } from "domhandler";
import type { Review } from "@/lib/scrapers/types";
import { toIsoDate } from "./dates";
import { contains } from "./dom";
import { find, findRating, textOf } from "./html";
import { parseCount, parseDecimal } from "./numbers";
import type { Page } from "./page";
import { blockText, cleanText, plainText } from "./text";
import { child, children, raw, type Thing, text } from "./things";

/** The reviews of a schema.org entity (review / reviews properties). */
export function reviewsOf(thing: Thing): Review[] {
  return children(thing, "review", "reviews").map((review) => ({
    author: text(review, "author", "creator"),
    rating: parseDecimal(raw(child(review, "reviewRating"), "ratingValue") ?? raw(review, "ratingValue")),
    body: plainText(raw(review, "reviewBody", "description", "text")),
    date: toIsoDate(raw(review, "datePublished", "dateCreated")),
  }));
}

/** Average rating and review count from aggregateRating. */
export function aggregateRatingOf(thing: Thing): { rating: number | null; reviews: number | null } {
  const aggregate = child(thing, "aggregateRating");
  return {
    rating: parseDecimal(raw(aggregate, "ratingValue")),
    reviews: parseCount(raw(aggregate, "reviewCount") ?? raw(aggregate, "ratingCount")),
  };
}

const REVIEW_SELECTOR = '[class*="review" i], [class*="testimonial" i], [id^="review" i]';
// Containers and parts of reviews, not reviews: "reviews", "review-summary", "review-author", …
const NOT_A_REVIEW =
  /reviews|testimonials|summary|form|count|rating|stars|score|author|body|text|date|title|header|list|button|link|write/i;

/**
 * Reviews written as plain HTML: repeated elements whose class names a review ("review", "review-card",
 * "customer-review"), each read for its author, rating, text and date.
 */
export function htmlReviews(page: Page, scope: Element): Review[] {
  const blocks = find(page, scope, REVIEW_SELECTOR).filter((element) => {
    const classes = (element.attribs.class ?? element.attribs.id ?? "").split(/\s+/);
    return classes.some((name) => /review|testimonial/i.test(name) && !NOT_A_REVIEW.test(name));
  });
  // Keep the outermost blocks: a review's own parts may also carry "review" in their class.
  const outermost = blocks.filter((block) => !blocks.some((other) => contains(page.index, other, block)));
  return outermost
    .map((block) => {
      const part = (selector: string) => find(page, block, selector)[0];
      const dateElement = part("time, [class*='date' i]");
      return {
        author: textOf(part("[class*='author' i], [class*='user' i], [class*='name' i], cite, strong, b")),
        rating: findRating(page, block).rating,
        body: blockText(part("[class*='body' i], [class*='text' i], [class*='content' i], blockquote, p") ?? block),
        date: toIsoDate(dateElement?.attribs.datetime ?? textOf(dateElement)),
      };
    })
    .filter((review) => review.body && cleanText(review.body));
}
