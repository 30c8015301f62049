import { z } from "zod";
import { pageLinkSchema } from "./content/schema";
import type { WebPageItem } from "./content/web-page";
import { FIELD_SOURCES } from "./types";

// The items each scraper kind answers, as the API contract states them, and the kinds themselves: SCRAPER_ITEMS
// below is the one list of kinds (lib/scrapers/kinds.ts reads its keys; the extractors' registry and the catalogue
// must cover it, or the build fails). docs/product.md#item-confidence for `_meta`.

/** `_meta` on every item: ItemMeta in types.ts. */
export const itemMetaSchema = z
  .object({
    probability: z.number().min(0).max(1).meta({
      description:
        "The calibrated chance (0–1) that the page really is one of the kind's pages. A listing, an error page or a captcha page gets a low one, whatever fields it yielded.",
    }),
    sources: z.record(z.string(), z.enum(FIELD_SOURCES)).meta({
      description:
        "Where each non-null field was read: json-ld, microdata (RDFa Lite included), opengraph (meta tags), markup (an element the page marks) or text (running text or the page address).",
    }),
  })
  .meta({
    id: "ItemMeta",
    description: "Confidence and provenance of an item. Items extracted before this field existed have none.",
  });

/** What a product item adds to the base fields. */
export const productFieldsSchema = {
  price_decimal: z
    .string()
    .nullable()
    .meta({ description: 'The price as a plain decimal string, fraction digits as given ("1.299,00 €" → "1299.00").' }),
  price_raw: z
    .string()
    .nullable()
    .meta({ description: 'The price as the page or its data gives it: "1.299,00 €", "$1,299.99", "150.00".' }),
  currency: z.string().nullable().meta({ description: "ISO 4217 code." }),
  currency_raw: z.string().nullable().meta({ description: 'The currency as written: "€", "US$", "тг.", "EUR".' }),
  availability: z
    .string()
    .nullable()
    .meta({ description: "schema.org ItemAvailability name: InStock, OutOfStock, PreOrder, SoldOut, …" }),
  brand: z.string().nullable(),
  sku: z.string().nullable().meta({ description: "The shop's own product id." }),
  gtin: z.string().nullable(),
  image: z.string().nullable(),
};

/** Every item has the base fields (null when the page does not say) and `_meta`; each scraper kind adds its own. */
export const scrapedItemSchema = z
  .object({
    title: z.string().nullable(),
    price: z.number().nullable(),
    description: z.string().nullable(),
    rating: z.number().nullable(),
    reviews: z.number().nullable(),
    url: z.string().nullable(),
    _meta: itemMetaSchema.optional(),
  })
  .meta({
    id: "ScrapedItem",
    description: "The base fields of every item; each scraper kind adds its own (currency, brand, address, …).",
    override: { additionalProperties: true },
  });

/** A product scraper's item: the base fields, the price as written and as a decimal string, the shop's own ids. */
export const productItemSchema = scrapedItemSchema.extend(productFieldsSchema).meta({
  id: "ProductItem",
  description:
    "An item of a product scraper: `price` stays a number; `price_decimal`, `price_raw` and `currency_raw` give it exactly and as shown.",
  override: { additionalProperties: true },
});

/** The Web Page scraper's item (WebPageItem in content/web-page.ts): any page's main content and what it says. */
export const webPageItemSchema = z
  .strictObject({
    url: z.string().meta({ description: "The address the run asked for." }),
    final_url: z.string().meta({ description: "The address that answered, after redirects." }),
    status_code: z.number().int(),
    title: z.string().nullable().meta({ description: "The headline or page title, without the site's name." }),
    description: z.string().nullable(),
    language: z.string().nullable().meta({ description: 'The language the page states, lower-cased: "en", "pt-br".' }),
    published_at: z.string().nullable().meta({ description: "ISO 8601: a date (YYYY-MM-DD) or a UTC timestamp." }),
    author: z.string().nullable(),
    site_name: z.string().nullable(),
    image: z.string().nullable().meta({ description: "The page's lead image, absolute." }),
    markdown: z.string().meta({
      description:
        "The page's main content as Markdown (the whole page, cleaned, with only_main_content: false; narrowed by include_tags and exclude_tags).",
    }),
    text: z.string().meta({ description: "The same content as plain text." }),
    links: z.array(pageLinkSchema).meta({ description: "Every <a href> of the whole page, once per URL." }),
    word_count: z.number().int().nonnegative().meta({ description: "Words of text (each Chinese or Japanese character one)." }),
  })
  .meta({
    id: "WebPageItem",
    description: "An item of the Web Page scraper: one per page, with no `_meta` (every page is a web page).",
  });

// The schema and the engine's type say the same fields (a compile error otherwise).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const webPageItemMatches: Same<z.infer<typeof webPageItemSchema>, WebPageItem> = true;
void webPageItemMatches;

/**
 * The scraper kinds, each with the item schema the contract documents for it: the one list of kinds. A kind whose
 * items have no schema of their own answers the base fields (and extra ones the schema allows).
 */
export const SCRAPER_ITEMS = {
  product: productItemSchema,
  social_profile: scrapedItemSchema,
  real_estate: scrapedItemSchema,
  job: scrapedItemSchema,
  news_article: scrapedItemSchema,
  restaurant: scrapedItemSchema,
  web_page: webPageItemSchema,
} as const;

type KindItemSchema = (typeof SCRAPER_ITEMS)[keyof typeof SCRAPER_ITEMS];

/** The distinct item schemas, the base one last: a run's `data` holds items of one of them. */
const specific = [...new Set<KindItemSchema>(Object.values(SCRAPER_ITEMS))].filter((schema) => schema !== scrapedItemSchema);
export const RUN_ITEM_SCHEMAS: [KindItemSchema, ...KindItemSchema[]] = [
  specific[0] ?? scrapedItemSchema,
  ...specific.slice(1),
  scrapedItemSchema,
];
