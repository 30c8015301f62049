import "server-only";
import { hotStatement, type SqlBoolean } from "@/lib/infra/db/hot";

// License verification's statements, the hottest in the app (docs/decisions.md#license-verification): prepared raw
// SQL on the hot connection, each one index lookup, typed with its parameters and rows.

/** A content item's URLs. */
export interface ContentUrlsRow {
  downloadUrl: string | null;
  accessUrl: string | null;
  apiEndpoint: string | null;
}

/** Checks and counts a use at once; returns the license's id when it was usable. */
export const USE_LICENSE = hotStatement<[licenseKey: string, at: string], { id: number }>({
  name: "verify_use_license",
  sqlite: `UPDATE licenses SET usage_count = usage_count + 1
    WHERE license_key = ? AND is_active = 1 AND (expires_at IS NULL OR expires_at > ?)
      AND (max_usage IS NULL OR usage_count < max_usage)
    RETURNING id`,
  postgres: `UPDATE licenses SET usage_count = usage_count + 1
    WHERE license_key = $1 AND is_active AND (expires_at IS NULL OR expires_at > $2::timestamp)
      AND (max_usage IS NULL OR usage_count < max_usage)
    RETURNING id`,
});

/**
 * PostgreSQL only (countUse): the same UPDATE and the content in one round trip. No row: not usable; one row per item, or a row
 * of nulls for a license without content.
 */
export const USE_LICENSE_WITH_CONTENT = hotStatement<[licenseKey: string, at: string], ContentUrlsRow>({
  name: "verify_use_license_with_content",
  sqlite: "",
  postgres: `WITH used AS (${USE_LICENSE.postgres})
    SELECT c.download_url AS "downloadUrl", c.access_url AS "accessUrl", c.api_endpoint AS "apiEndpoint"
    FROM used LEFT JOIN license_contents c ON c.license_id = used.id ORDER BY c.id`,
});

/** The content items' URLs, in the order they were added (index on license_id). */
export const CONTENT_URLS = hotStatement<[licenseId: number], ContentUrlsRow>({
  name: "verify_content_urls",
  sqlite: `SELECT download_url AS "downloadUrl", access_url AS "accessUrl", api_endpoint AS "apiEndpoint"
    FROM license_contents WHERE license_id = ? ORDER BY id`,
  postgres: `SELECT download_url AS "downloadUrl", access_url AS "accessUrl", api_endpoint AS "apiEndpoint"
    FROM license_contents WHERE license_id = $1 ORDER BY id`,
});

/** Why a license the UPDATE left alone cannot be used, as of the same instant. */
export const LICENSE_STATE = hotStatement<
  [at: string, licenseKey: string],
  { isActive: SqlBoolean; expired: SqlBoolean; usedUp: SqlBoolean }
>({
  name: "verify_license_state",
  sqlite: `SELECT is_active = 1 AS "isActive", (expires_at IS NOT NULL AND expires_at <= ?) AS "expired",
      (max_usage IS NOT NULL AND usage_count >= max_usage) AS "usedUp"
    FROM licenses WHERE license_key = ?`,
  postgres: `SELECT is_active AS "isActive", (expires_at IS NOT NULL AND expires_at <= $1::timestamp) AS "expired",
      (max_usage IS NOT NULL AND usage_count >= max_usage) AS "usedUp"
    FROM licenses WHERE license_key = $2`,
});
