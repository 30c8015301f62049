import type { ContentOptions } from "./content/options";

/**
 * Where a field's value was read (docs/product.md#item-confidence): schema.org structured data as JSON-LD or
 * as HTML attributes (microdata, and RDFa Lite, reported as "microdata"), the page's meta tags (Open Graph,
 * Twitter cards, plain meta), an element the page marks (a heading, a price- or SKU-marked element, a
 * labelled row, a buy button, the <title>), or the page's running text read with patterns (a "By …" line,
 * a written date or price, the page address).
 */
export const FIELD_SOURCES = ["json-ld", "microdata", "opengraph", "markup", "text"] as const;
export type FieldSource = (typeof FIELD_SOURCES)[number];

/** How sure the extraction is, on every item of every kind. */
export interface ItemMeta {
  /**
   * The calibrated chance (0–1) that the page really is one of the kind's pages (a product page for a
   * product, an article for a news article …): a listing, an error page or a captcha page gets a low one.
   */
  probability: number;
  /** Where each non-null field came from. */
  sources: Record<string, FieldSource>;
}

/** Fields every item has, whatever its kind. Absent values are null, never missing. */
export interface BaseItem {
  title: string | null;
  /** A number in the page's currency ("1.299,00 €" → 1299). */
  price: number | null;
  description: string | null;
  /** The average rating as shown on the page (usually out of 5). */
  rating: number | null;
  /** How many reviews or ratings the page reports (a count, not the reviews themselves). */
  reviews: number | null;
  /** Absolute address of the item: its own page for a listing entry, the canonical page otherwise. */
  url: string | null;
  /** Confidence and provenance (the runner adds it last, so it is the item's last key). */
  _meta?: ItemMeta;
}

/** A BaseItem with nothing found yet; each kind spreads it into its own empty item. */
export function emptyBaseItem(): BaseItem {
  return { title: null, price: null, description: null, rating: null, reviews: null, url: null };
}

export interface Review {
  author: string | null;
  rating: number | null;
  body: string | null;
  /** ISO 8601: a date (YYYY-MM-DD) or a UTC timestamp. */
  date: string | null;
}

/** Added to products and restaurants only when the caller asks for reviews (`include_reviews: true`). */
export interface WithReviewList {
  review_list?: Review[];
}

/** schema.org ItemAvailability names: InStock, OutOfStock, PreOrder, BackOrder, LimitedAvailability, … */
export type Availability = string;

export interface ProductItem extends BaseItem, WithReviewList {
  /**
   * The price as a plain decimal string, fraction digits as the page gives them ("1.299,00 €" → "1299.00"):
   * exact where `price` (a number) may not be.
   */
  price_decimal: string | null;
  /** The price as the page shows it, amount and currency sign: "1.299,00 €", "$1,299.99", "150.00". */
  price_raw: string | null;
  /** ISO 4217 code. */
  currency: string | null;
  /** The currency as the page writes it: "€", "US$", "тг.", "EUR". */
  currency_raw: string | null;
  availability: Availability | null;
  brand: string | null;
  sku: string | null;
  gtin: string | null;
  image: string | null;
}

export interface SocialProfileItem extends BaseItem {
  /** Without the leading @. */
  handle: string | null;
  followers: number | null;
  following: number | null;
  posts: number | null;
  image: string | null;
}

export interface FloorSize {
  value: number;
  /** "sqft" or "sqm". */
  unit: "sqft" | "sqm";
}

export interface RealEstateItem extends BaseItem {
  currency: string | null;
  address: string | null;
  bedrooms: number | null;
  bathrooms: number | null;
  floor_size: FloorSize | null;
  /** schema.org type name or the page's own wording: SingleFamilyResidence, Apartment, House, … */
  property_type: string | null;
  image: string | null;
}

export interface Salary {
  min: number | null;
  max: number | null;
  currency: string | null;
  /** schema.org unitText: HOUR, DAY, WEEK, MONTH or YEAR. */
  unit: string | null;
}

export interface JobItem extends BaseItem {
  company: string | null;
  location: string | null;
  /** schema.org employmentType values, comma-separated when several: FULL_TIME, PART_TIME, CONTRACTOR, … */
  employment_type: string | null;
  salary: Salary | null;
  date_posted: string | null;
  valid_through: string | null;
  /** The contact's phone number as written ("+1 555 0100"), from JobPosting.applicationContact or the page. */
  phone: string | null;
  /** The contact's e-mail address. */
  email: string | null;
}

export interface NewsArticleItem extends BaseItem {
  /** Authors' names, comma-separated when several ("; " when a name itself holds a comma: "Smith, J.; Doe, A."). */
  author: string | null;
  published_at: string | null;
  publisher: string | null;
  image: string | null;
  /** The article's main text, paragraphs separated by blank lines. */
  body: string | null;
}

export interface RestaurantItem extends BaseItem, WithReviewList {
  address: string | null;
  phone: string | null;
  /** Cuisines, comma-separated when several. */
  cuisine: string | null;
  /** As written by the site: "$$", "€€€", "$10–20". */
  price_range: string | null;
  /** schema.org openingHours strings: "Mo-Fr 11:00-22:00". */
  opening_hours: string[] | null;
  image: string | null;
}

export interface ExtractOptions {
  /** Adds `review_list` to products and restaurants. */
  includeReviews?: boolean;
  /** What the fetch said, for the kinds that report it (Web Page); a page in hand is taken as a 200 of its own URL. */
  fetched?: { url: string; statusCode: number };
  /** How the content a kind or format renders is chosen (only_main_content, include_tags, exclude_tags). */
  content?: ContentOptions;
}
