import { computeFormats } from "@/lib/scrapers/content/formats";
import { contentOptionsOf } from "@/lib/scrapers/content/options";
import type { Page } from "@/lib/scrapers/extract/page";
import type { RunOutputs } from "@/lib/scrapers/run-options";
import type { ExtractionTask } from "./task";

/**
 * What a run asked for beside its items (`task.options`, lib/scrapers/run-options.ts), made from the same page in the
 * same thread as the items: null when it asked for nothing. Each option that produces an output adds its part here.
 * Throws what the content engine throws (too_large, validation_error for a selector the request schema let through).
 */
export function extractOutputs(task: ExtractionTask, page: Page): RunOutputs | null {
  const { formats, options } = contentOptionsOf(task.options ?? {});
  if (formats.length === 0) return null;
  return { ...computeFormats({ page, html: task.html, formats, options }) };
}
