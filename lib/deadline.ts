/** A signal that aborts after `ms`, as AbortSignal.timeout's does, unless cleared first. */
export interface Deadline {
  signal: AbortSignal;
  /** Stops the timer: call it when the work is done, whatever its outcome. */
  clear(): void;
}

/**
 * AbortSignal.timeout(ms) with a timer that is cleared when the work ends. AbortSignal.timeout's timer always runs
 * out, long after the work, and then builds its TimeoutError (a DOMException with a stack): two of those per run,
 * every run, showed in the run endpoint's profile (docs/decisions.md#hot-paths). The abort reason is the same.
 */
export function deadline(ms: number): Deadline {
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
  }, ms);
  // Like AbortSignal.timeout's, it does not keep the process alive.
  timer.unref();
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}
