// The extraction worker thread's entry. Bundled by scripts/build-thread.ts into dist/extract-thread.cjs (plain
// CommonJS: worker threads load it without tsx or path aliases, in dev, tests and the built app alike).
import { ScrapeError } from "@/lib/infra/errors";
import { extractFromHtml } from "@/lib/scrapers/extract-from-html";
import type { ScraperKind } from "@/lib/scrapers/kinds";
import { extractOutputs } from "./outputs";
import type { ExtractionResult, ExtractionTask } from "./task";

/**
 * Extracts one page. Errors cross the thread boundary as plain data: structured cloning keeps an Error's
 * message but not its class or code, so an expected failure is returned, not thrown.
 */
export default function extract(task: ExtractionTask): ExtractionResult {
  try {
    const items = extractFromHtml(task.kind as ScraperKind, task.html, task.url, { includeReviews: task.includeReviews });
    return { ok: true, json: JSON.stringify(items), count: items.length, outputs: extractOutputs(task) };
  } catch (error) {
    if (error instanceof ScrapeError) return { ok: false, code: error.code, message: error.message };
    // A RangeError (stack) or anything else unexpected: the run fails as internal_error, the worker lives on.
    return { ok: false, code: null, message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}
