/**
 * A run's life: queued, then running, then success, failed or cancelled. The database's RunStatus enum holds
 * the same values. Runs start running at once today (a caller who hangs up ends one as failed, code cancelled);
 * queued and cancelled are there for runs that wait their turn.
 */
export const RUN_STATUSES = ["queued", "running", "success", "failed", "cancelled"] as const;

export type RunStatus = (typeof RUN_STATUSES)[number];
