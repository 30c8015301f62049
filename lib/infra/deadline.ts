/** A signal that aborts after `ms`, as AbortSignal.timeout's does, unless cleared first. */
export interface Deadline {
  signal: AbortSignal;
  /** Whether the time ran out (rather than the linked signal aborting). */
  readonly expired: boolean;
  /** Stops the timer: call it when the work is done, whatever its outcome. */
  clear(): void;
}

/**
 * AbortSignal.timeout(ms) with a timer that is cleared when the work ends. AbortSignal.timeout's timer always runs
 * out, long after the work, and then builds its TimeoutError (a DOMException with a stack): two of those per run,
 * every run, showed in the run endpoint's profile (docs/decisions.md#hot-paths). The abort reason is the same.
 *
 * With `linked`, the signal also aborts when that one does, with its reason: AbortSignal.any([linked, deadline])
 * without AbortSignal.any, whose dependent-signal bookkeeping (weak references, a finalization registry) cost
 * more than the rest of the deadline, three times a run (the run, its fetch, its extraction).
 */
export function deadline(ms: number, linked?: AbortSignal): Deadline {
  const controller = new AbortController();
  let expired = false;
  const onLinkedAbort = () => controller.abort(linked?.reason);
  const timer = setTimeout(() => {
    expired = true;
    controller.abort(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
  }, ms);
  // Like AbortSignal.timeout's, it does not keep the process alive.
  timer.unref();
  if (linked?.aborted) onLinkedAbort();
  else linked?.addEventListener("abort", onLinkedAbort, { once: true });
  return {
    signal: controller.signal,
    get expired() {
      return expired;
    },
    clear: () => {
      clearTimeout(timer);
      linked?.removeEventListener("abort", onLinkedAbort);
    },
  };
}
