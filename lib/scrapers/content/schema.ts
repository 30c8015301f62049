import { z } from "zod";
import { MAX_TAG_SELECTORS } from "../limits";
import { CONTENT_FORMATS, type ContentFormat, selectorProblem } from "./options";

export { contentOptionsOf } from "./options";

/**
 * The formats a request may name: the content engine's, and `screenshot`, which needs a rendered page (`render: true`,
 * the rendering issue's option; refineRunOptions in lib/scrapers/run-options.ts refuses it without) and is made by the
 * rendering step, not here.
 */
export const REQUEST_FORMATS = [...CONTENT_FORMATS, "screenshot"] as const;

const selectorList = (field: string) =>
  z
    .array(
      z.string({ error: `${field} must be a list of CSS selectors` }).superRefine((selector, context) => {
        const problem = selectorProblem(selector);
        if (problem) context.addIssue({ code: "custom", message: `The selector ${problem}.` });
      }),
      { error: `${field} must be a list of CSS selectors` },
    )
    .max(MAX_TAG_SELECTORS, `${field} takes at most ${MAX_TAG_SELECTORS} selectors`);

/**
 * The content fields of a run or batch request, to spread into its schema: which formats to add beside the items and
 * how to choose the content they render. Selectors are checked as compileContentOptions checks them (each at most
 * MAX_SELECTOR_LENGTH characters, no :has()), so a request that passes here never fails there.
 */
export const contentRequestFields = {
  formats: z
    .array(z.enum(REQUEST_FORMATS, { error: `each format must be one of ${REQUEST_FORMATS.join(", ")}` }), {
      error: "formats must be a list of format names",
    })
    .max(REQUEST_FORMATS.length, `formats lists at most ${REQUEST_FORMATS.length} names`)
    .optional()
    .meta({
      description:
        "Outputs to add beside data, each under its own name: markdown, text, html (the kept content, cleaned), raw_html (the page as fetched), links, metadata, screenshot (needs render: true).",
    }),
  only_main_content: z.boolean({ error: "only_main_content must be true or false" }).optional().meta({
    description:
      "Default true: markdown, text and html keep the article or product body, without navigation, headers, footers, cookie banners, share bars and related lists; false keeps the whole page, still cleaned.",
  }),
  include_tags: selectorList("include_tags")
    .optional()
    .meta({ description: `CSS selectors (at most ${MAX_TAG_SELECTORS}): render only the elements they match.` }),
  exclude_tags: selectorList("exclude_tags")
    .optional()
    .meta({ description: `CSS selectors (at most ${MAX_TAG_SELECTORS}): leave out the elements they match.` }),
};

const contentRequestSchema = z.object(contentRequestFields);
export type ContentRequest = z.infer<typeof contentRequestSchema>;

// What the formats answer (lib/runs/schema.ts puts them beside a run's `data`; the Web Page item embeds some).

export const pageLinkSchema = z
  .object({
    url: z.string().meta({ description: "Absolute, resolved against the page's <base href> or its final URL." }),
    text: z
      .string()
      .meta({ description: 'What the link shows: its text, else its image\'s alt, aria-label or title; "" when none.' }),
    rel: z.string().nullable().meta({
      description: "The rel keywords of every link to this URL (nofollow, sponsored, ugc…), space-separated; null when none.",
    }),
  })
  .meta({ id: "PageLink", description: "One link of the page, once per URL, in document order." });

export const pageMetadataSchema = z
  .object({
    title: z.string().nullable().meta({ description: "The headline or page title, without the site's name." }),
    description: z.string().nullable(),
    language: z.string().nullable().meta({ description: 'The language the page states, lower-cased: "en", "pt-br".' }),
    published_at: z.string().nullable().meta({ description: "ISO 8601: a date (YYYY-MM-DD) or a UTC timestamp." }),
    modified_at: z.string().nullable(),
    author: z.string().nullable(),
    site_name: z.string().nullable(),
    image: z.string().nullable().meta({ description: "The page's lead image, absolute." }),
    canonical: z.string().nullable().meta({ description: "rel=canonical, absolute." }),
    favicon: z.string().nullable(),
    type: z.string().nullable().meta({ description: 'og:type ("article", "product", "website"…).' }),
    keywords: z.array(z.string()),
  })
  .meta({ id: "PageMetadata", description: "What the page says about itself; null where it does not say." });

/** One output schema per format: what `formats` adds beside a run's `data` (each key only when asked). */
export const formatOutputSchemas = {
  markdown: z.string().meta({
    description:
      "The kept content (only_main_content, include_tags, exclude_tags) as Markdown: ATX headings, nested lists, GFM tables, fenced code with its language, absolute links and images.",
  }),
  text: z.string().meta({
    description: "The kept content as plain text, laid out as a browser's innerText: blocks a blank line apart.",
  }),
  html: z.string().meta({
    description: "The kept content as cleaned HTML: no scripts, styles, hidden elements or handlers; URLs absolute.",
  }),
  raw_html: z.string().meta({ description: "The page as fetched, decoded to text." }),
  links: z.array(pageLinkSchema).meta({ description: "Every <a href> of the whole page, once per URL." }),
  metadata: pageMetadataSchema,
} satisfies Record<ContentFormat, z.ZodType>;
