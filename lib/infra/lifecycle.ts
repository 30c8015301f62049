import "server-only";
import { processWide } from "./process-state";

// The process's life: serving until a shutdown begins (SIGTERM, scripts/shutdown.ts), then draining: readiness
// answers 503, a synchronous run's wait ends at once with its 202, workers take no new job and hand back the runs
// they cannot finish in time. One per process (lib/infra/process-state.ts): the copy of lib/ that hears the signal
// and the copies serving requests (Next's, the edge's) see the same.
const state = processWide("lifecycle", () => ({ shutdown: new AbortController() }));

/** Aborts when this process begins shutting down. */
export function shutdownSignal(): AbortSignal {
  return state.shutdown.signal;
}

export function isShuttingDown(): boolean {
  return state.shutdown.signal.aborted;
}

/** From now on this process drains: it finishes what it holds and takes nothing new. Once only. */
export function beginShutdown(): void {
  state.shutdown.abort(new Error("shutting down"));
}
