import { z } from "zod";
import { FIELD_SOURCES } from "./types";

// The item fields this engine adds to every kind (`_meta`) and to products (raw values), as the API contract
// states them (lib/runs/schema.ts builds the item schemas from these; docs/product.md#item-confidence).

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
