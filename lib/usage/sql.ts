import "server-only";
import { hotStatement } from "@/lib/infra/db/hot";

// The quota's statement on the run endpoint's hot path: prepared raw SQL on the hot connection.

/**
 * One run taken from the month's row while it is below the quota, the row made by the month's first run: one
 * statement on the run endpoint's hot path (lib/infra/db/hot.ts). The upsert is atomic in both databases (SQLite's
 * write lock; PostgreSQL's ON CONFLICT locks the row and re-checks the WHERE on its current version), so parallel
 * runs can never overshoot. A row returned means the run was taken.
 */
export const RESERVE_RUN = hotStatement<[userId: number, month: string, monthlyRuns: number], { successful_runs: number }>({
  name: "quota_reserve_run",
  sqlite: `INSERT INTO monthly_usage (user_id, month, successful_runs) VALUES (?, ?, 1)
    ON CONFLICT (user_id, month) DO UPDATE SET successful_runs = successful_runs + 1 WHERE successful_runs < ?
    RETURNING successful_runs`,
  postgres: `INSERT INTO monthly_usage (user_id, month, successful_runs) VALUES ($1, $2, 1)
    ON CONFLICT (user_id, month) DO UPDATE SET successful_runs = monthly_usage.successful_runs + 1
      WHERE monthly_usage.successful_runs < $3
    RETURNING successful_runs`,
});
