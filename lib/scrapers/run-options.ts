import type { z } from "zod";

// What a run may be asked beyond its URL, and what it may produce beside its items: one home for both, shared by the
// run and batch requests (lib/runs/schema.ts, batch-schema.ts), the stored run (scraper_runs.options / .outputs), the
// worker (lib/runs/process.ts) and the answers. A feature that adds an option or an output adds its fields here,
// once; every request, the contract, the stored run and the DTOs pick them up.

/** The options' request fields (snake_case, as the API takes them), spread into the run and batch request schemas. */
export const runOptionsFields = {} satisfies z.ZodRawShape;

/** What a run was asked beyond its URL, as validated. */
export type RunOptions = z.infer<z.ZodObject<typeof runOptionsFields>>;

const OPTION_KEYS: readonly string[] = Object.keys(runOptionsFields);

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
export const runOutputsFields = {} satisfies z.ZodRawShape;

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
