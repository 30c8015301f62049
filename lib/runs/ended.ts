import "server-only";
import { log } from "@/lib/log";
import { publishRunEnded } from "@/lib/queue/run-events";

/**
 * Whatever follows a run's end, wherever it ended (worker, cancel, recovery): synchronous callers stop waiting.
 * Never throws: the run's outcome is already recorded.
 */
export async function runEnded(runId: number): Promise<void> {
  await publishRunEnded(runId).catch((err: unknown) => log.warn({ err, runId }, "could not publish a run's end"));
}
