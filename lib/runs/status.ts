import type * as Db from "@/lib/generated/prisma-sqlite/enums";
import type { SchemaEnumMatches } from "@/lib/infra/db/enums";

/**
 * A run's life: queued (accepted, waiting for a worker and a concurrent-run slot), then running, then success,
 * failed or cancelled (a queued or running run can be cancelled). The database's RunStatus enum holds the same values.
 */
export const RUN_STATUSES = ["queued", "running", "success", "failed", "cancelled"] as const;

export type RunStatus = (typeof RUN_STATUSES)[number];

/** Compiles only while prisma/schema.prisma's RunStatus enum holds these values (lib/infra/db/enums.ts). */
export const RUN_STATUS_ENUM_MATCHES: SchemaEnumMatches<Db.RunStatus, RunStatus> = true;

export const FINISHED_RUN_STATUSES = ["success", "failed", "cancelled"] as const satisfies readonly RunStatus[];

/** A run not yet ended: it can still be cancelled. */
export const OPEN_RUN_STATUSES = ["queued", "running"] as const satisfies readonly RunStatus[];

export function isFinished(status: RunStatus): boolean {
  return (FINISHED_RUN_STATUSES as readonly RunStatus[]).includes(status);
}
