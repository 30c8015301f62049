import type { RunOutputs } from "@/lib/scrapers/run-options";
import type { ExtractionTask } from "./task";

/**
 * What a run asked for beside its items (`task.options`, lib/runs/options.ts), made from the same page in the same
 * thread as the items: null when it asked for nothing. Each option that produces an output adds its part here.
 */
export function extractOutputs(_task: ExtractionTask): RunOutputs | null {
  return null;
}
