import "server-only";
import path from "node:path";
import { Piscina } from "piscina";
import { deadline as startDeadline } from "@/lib/infra/deadline";
import { env } from "@/lib/infra/env";
import { AppError, ScrapeError } from "@/lib/infra/errors";
import { processWide } from "@/lib/infra/process-state";
import type { RunOutputs } from "@/lib/scrapers/run-options";
import type { ScrapedItem } from "@/lib/scrapers/types";
import type { ExtractionResult, ExtractionTask } from "./task";

/** Built by scripts/build-thread.ts (postinstall, prebuild, pretest:unit); the app runs from the repository root. */
const THREAD_FILE = path.join(process.cwd(), "dist", "extract-thread.cjs");

// One pool per process, whichever copy of lib/ runs the worker (lib/infra/process-state.ts).
const holder = processWide<{ pool?: Piscina<ExtractionTask, ExtractionResult> }>("extraction-pool", () => ({}));

function pool(): Piscina<ExtractionTask, ExtractionResult> {
  holder.pool ??= new Piscina<ExtractionTask, ExtractionResult>({
    filename: THREAD_FILE,
    // One thread per run a worker takes at once: a page never waits for a thread, so its deadline is its own.
    maxThreads: env.WORKER_CONCURRENCY,
    minThreads: 1,
    idleTimeout: 60_000,
    // A page that needs more than this is refused (page_too_complex), not allowed to take the process down.
    resourceLimits: { maxOldGenerationSizeMb: env.EXTRACTION_MEMORY_MB, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
  });
  return holder.pool;
}

export const extractionTimeout = (timeoutMs: number) =>
  new AppError(
    "extraction_timeout",
    `The page took longer than ${timeoutMs / 1000} seconds to extract and was abandoned. Runs like this are not charged.`,
  );

/**
 * Extracts a fetched page in a worker thread, off this process's event loop. Past EXTRACTION_TIMEOUT_MS the
 * thread is terminated (piscina ends a running task's thread on abort) and the run fails extraction_timeout;
 * a thread that runs out of memory fails it page_too_complex. `signal` (the run cancelled) terminates it as
 * well, and the call rejects with the signal's reason.
 */
export async function extractInThread(task: ExtractionTask, options: ExtractionOptions = {}): Promise<ScrapedItem[]> {
  return JSON.parse((await extractJsonInThread(task, options)).json) as ScrapedItem[];
}

interface ExtractionOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * extractInThread's items as the thread wrote them, JSON text, and how many there are: what a run records (and a
 * synchronous caller answers with), without cloning and stringifying the items on this thread.
 */
export async function extractJsonInThread(
  task: ExtractionTask,
  { timeoutMs = env.EXTRACTION_TIMEOUT_MS, signal }: ExtractionOptions = {},
): Promise<{ json: string; count: number; outputs: RunOutputs | null }> {
  signal?.throwIfAborted();
  const deadline = startDeadline(timeoutMs, signal);
  let result: ExtractionResult;
  try {
    result = await pool().run(task, { signal: deadline.signal });
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (deadline.expired) throw extractionTimeout(timeoutMs);
    if ((error as NodeJS.ErrnoException).code === "ERR_WORKER_OUT_OF_MEMORY") {
      throw new ScrapeError("page_too_complex", "The page is too complex to extract: it needs more memory than a run may use.");
    }
    throw error;
  } finally {
    deadline.clear();
  }
  if (result.ok) return { json: result.json, count: result.count, outputs: result.outputs };
  if (result.code) throw new ScrapeError(result.code, result.message);
  throw new Error(`extraction failed in its thread: ${result.message}`);
}

/** Stops the pool's threads (worker shutdown, tests). */
export async function closeExtractionPool(): Promise<void> {
  const current = holder.pool;
  holder.pool = undefined;
  await current?.destroy();
}
