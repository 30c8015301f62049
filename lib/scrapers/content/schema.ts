import { z } from "zod";
import { MAX_TAG_SELECTORS } from "../limits";
import { CONTENT_FORMATS, type ContentFormat, type ContentOptions, selectorProblem } from "./options";

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
    .array(z.enum(CONTENT_FORMATS, { error: `each format must be one of ${CONTENT_FORMATS.join(", ")}` }), {
      error: "formats must be a list of format names",
    })
    .max(CONTENT_FORMATS.length, `formats lists at most ${CONTENT_FORMATS.length} names`)
    .optional(),
  only_main_content: z.boolean({ error: "only_main_content must be true or false" }).optional(),
  include_tags: selectorList("include_tags").optional(),
  exclude_tags: selectorList("exclude_tags").optional(),
};

const contentRequestSchema = z.object(contentRequestFields);
export type ContentRequest = z.infer<typeof contentRequestSchema>;

/** The request's content fields as the content engine takes them: each format once, in the order CONTENT_FORMATS lists. */
export function contentOptionsOf(request: ContentRequest): { formats: ContentFormat[]; options: ContentOptions } {
  const asked = new Set(request.formats ?? []);
  return {
    formats: CONTENT_FORMATS.filter((format) => asked.has(format)),
    options: {
      onlyMainContent: request.only_main_content,
      includeTags: request.include_tags,
      excludeTags: request.exclude_tags,
    },
  };
}
