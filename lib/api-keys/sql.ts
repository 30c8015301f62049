import "server-only";
import { hotStatement, type SqlBoolean } from "@/lib/infra/db/hot";

// The API-key lookup every scraper call makes: prepared raw SQL on the hot connection (docs/decisions.md#hot-paths).

/**
 * The key and its owner in one indexed lookup by hash: prepared raw SQL (lib/infra/db/hot.ts), since every scraper call
 * pays for it. Not cached: a deleted key (or account) is refused from the next request on, in every app instance,
 * with nothing to invalidate. `stale` says whether its last use is worth writing down (LAST_USED_RESOLUTION_MS).
 */
export const FIND_API_KEY_OWNER = hotStatement<
  [staleBefore: string, keyHash: string],
  { id: number; userId: number; email: string; plan: string; stale: SqlBoolean }
>({
  name: "api_key_owner",
  sqlite: `SELECT k.id AS "id", k.user_id AS "userId", u.email AS "email", u.plan AS "plan",
      (k.last_used_at IS NULL OR k.last_used_at < ?) AS "stale"
    FROM api_keys k JOIN users u ON u.id = k.user_id WHERE k.key_hash = ?`,
  postgres: `SELECT k.id AS "id", k.user_id AS "userId", u.email AS "email", u.plan::text AS "plan",
      (k.last_used_at IS NULL OR k.last_used_at < $1::timestamp) AS "stale"
    FROM api_keys k JOIN users u ON u.id = k.user_id WHERE k.key_hash = $2`,
});
