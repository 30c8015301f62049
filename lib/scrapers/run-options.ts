import { z } from "zod";
import { contentRequestFields, formatOutputSchemas } from "./content/schema";
import { renderOptionFields } from "./render-options";

// What a run may be asked beyond its URL, and what it may produce beside its items: one home for both, shared by the
// run and batch requests (lib/runs/schema.ts, batch-schema.ts), the stored run (scraper_runs.options / .outputs), the
// worker (lib/runs/process.ts) and the answers. A feature that adds an option or an output adds its fields here,
// once; every request, the contract, the stored run and the DTOs pick them up.

/** The options' request fields (snake_case, as the API takes them), spread into the run and batch request schemas. */
export const runOptionsFields = {
  // Issue 24: formats beside the items, and how their content is chosen (lib/scrapers/content).
  ...contentRequestFields,
  // Issue 23: render, wait_for, timeout_ms, screenshot (docs/product.md#rendering).
  ...renderOptionFields,
} satisfies z.ZodRawShape;

/** What a run was asked beyond its URL, as validated. */
export type RunOptions = z.infer<z.ZodObject<typeof runOptionsFields>>;

const OPTION_KEYS: readonly string[] = Object.keys(runOptionsFields);

/**
 * What no single field can check, applied by the run and batch request schemas (`.superRefine(refineRunOptions)`):
 * the screenshot format needs a rendered page.
 */
export function refineRunOptions(body: RunOptions & { render?: unknown }, context: z.RefinementCtx): void {
  if (body.formats?.includes("screenshot") && body.render !== true) {
    context.addIssue({
      code: "custom",
      path: ["formats"],
      message: 'The screenshot format needs a rendered page: add "render": true.',
    });
  }
}

/** The options a request states (absent ones left out, so that defaults stay the worker's to apply). */
export function pickRunOptions(request: object): RunOptions {
  const stated = request as Record<string, unknown>;
  const options: Record<string, unknown> = {};
  for (const key of OPTION_KEYS) {
    if (stated[key] !== undefined) options[key] = stated[key];
  }
  return options as RunOptions;
}

/** scraper_runs.options: the stated options as JSON, null when none (most runs: nothing to read back). */
export function storedRunOptions(request: object): string | null {
  const picked = pickRunOptions(request);
  return Object.keys(picked).length > 0 ? JSON.stringify(picked) : null;
}

/** A stored run's options (written by storedRunOptions). */
export function readRunOptions(stored: string | null): RunOptions {
  return (stored === null ? {} : JSON.parse(stored)) as RunOptions;
}

/**
 * The outputs' answer fields, beside `data` in a run's answer (sync 200, GET /api/runs/{id}): each must be
 * `.optional()`, present when the run produced it. Spread into the run result and detail schemas.
 */
export const runOutputsFields = {
  // Issue 24: each asked format, under its own name (lib/scrapers/content/schema.ts).
  markdown: formatOutputSchemas.markdown.optional(),
  text: formatOutputSchemas.text.optional(),
  html: formatOutputSchemas.html.optional(),
  raw_html: formatOutputSchemas.raw_html.optional(),
  links: formatOutputSchemas.links.optional(),
  metadata: formatOutputSchemas.metadata.optional(),
  // Issue 23: the screenshot asked with `screenshot` or the `screenshot` format, read from its own address.
  screenshot_url: z.url().optional().meta({
    description: "Where the run's screenshot is read (GET, by its owner, while its items are kept); only when one was taken.",
  }),
} satisfies z.ZodRawShape;

/** What a successful run produced beside its items, kept with them (scraper_runs.outputs) and cleared with them. */
export type RunOutputs = Partial<z.infer<z.ZodObject<typeof runOutputsFields>>> & Record<string, unknown>;

/** scraper_runs.outputs: null when the run produced nothing beside its items. */
export function storedRunOutputs(outputs: RunOutputs | null | undefined): string | null {
  return outputs && Object.keys(outputs).length > 0 ? JSON.stringify(outputs) : null;
}

/** A run's outputs as its answer spreads them beside `data`: nothing while none are kept. */
export function readRunOutputs(stored: string | null | undefined): RunOutputs {
  return (stored ? JSON.parse(stored) : {}) as RunOutputs;
}
