import "server-only";
import { jobQueue } from "@/lib/infra/jobs/queue";

/** The job engine's queue of runs (lib/infra/jobs): one job per run. */
export const RUNS_QUEUE = "runs";

/** A job carries only the run's id (and the slot a synchronous caller took for it): the database has the rest. */
export interface RunJob {
  runId: number;
  /** A concurrency slot taken by the web process for a synchronous run, released by the worker when it ends. */
  slotToken?: string;
}

/**
 * Adds a run's job. Adding a run that is already waiting is a no-op (its job id is the run's), so recovery may
 * re-add queued runs after a Redis restart.
 */
export function enqueueRunJob(job: RunJob): Promise<void> {
  return jobQueue<RunJob>(RUNS_QUEUE).add(job, { jobId: `run-${job.runId}` });
}
