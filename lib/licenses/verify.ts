import "server-only";
import { type HotStatement, hotDb, hotQuery, sqlTimestamp } from "@/lib/infra/db/hot";
import { normalizeLicenseKey } from "./key";
import { answer, itemUrls, refusal, type VerifyResult } from "./verdict";

export type { VerifyCode, VerifyResult } from "./verdict";

// Public license verification (docs/decisions.md#license-verification). A valid answer counts one use, and the count and
// the checks happen in one conditional UPDATE, so parallel verifies can never push usage_count past max_usage. The
// three statements are the hottest in the app: prepared raw SQL (lib/infra/db/hot.ts), each one index lookup.

/** Checks and counts a use at once; returns the license's id when it was usable. */
const USE_LICENSE: HotStatement = {
  name: "verify_use_license",
  sqlite: `UPDATE licenses SET usage_count = usage_count + 1
    WHERE license_key = ? AND is_active = 1 AND (expires_at IS NULL OR expires_at > ?)
      AND (max_usage IS NULL OR usage_count < max_usage)
    RETURNING id`,
  postgres: `UPDATE licenses SET usage_count = usage_count + 1
    WHERE license_key = $1 AND is_active AND (expires_at IS NULL OR expires_at > $2::timestamp)
      AND (max_usage IS NULL OR usage_count < max_usage)
    RETURNING id`,
};

/**
 * PostgreSQL only (countUse): the same UPDATE and the content in one round trip. No row: not usable; one row per item, or a row
 * of nulls for a license without content.
 */
const USE_LICENSE_WITH_CONTENT: HotStatement = {
  name: "verify_use_license_with_content",
  sqlite: "",
  postgres: `WITH used AS (${USE_LICENSE.postgres})
    SELECT c.download_url AS "downloadUrl", c.access_url AS "accessUrl", c.api_endpoint AS "apiEndpoint"
    FROM used LEFT JOIN license_contents c ON c.license_id = used.id ORDER BY c.id`,
};

/** The content items' URLs, in the order they were added (index on license_id). */
const CONTENT_URLS: HotStatement = {
  name: "verify_content_urls",
  sqlite: `SELECT download_url AS "downloadUrl", access_url AS "accessUrl", api_endpoint AS "apiEndpoint"
    FROM license_contents WHERE license_id = ? ORDER BY id`,
  postgres: `SELECT download_url AS "downloadUrl", access_url AS "accessUrl", api_endpoint AS "apiEndpoint"
    FROM license_contents WHERE license_id = $1 ORDER BY id`,
};

/** Why a license the UPDATE left alone cannot be used, as of the same instant. */
const LICENSE_STATE: HotStatement = {
  name: "verify_license_state",
  sqlite: `SELECT is_active = 1 AS "isActive", (expires_at IS NOT NULL AND expires_at <= ?) AS "expired",
      (max_usage IS NOT NULL AND usage_count >= max_usage) AS "usedUp"
    FROM licenses WHERE license_key = ?`,
  postgres: `SELECT is_active AS "isActive", (expires_at IS NOT NULL AND expires_at <= $1::timestamp) AS "expired",
      (max_usage IS NOT NULL AND usage_count >= max_usage) AS "usedUp"
    FROM licenses WHERE license_key = $2`,
};

/** A license changed by its owner between our UPDATE and our read is retried; more than this is a bug. */
const MAX_ATTEMPTS = 3;

type Url = string | null;

type ContentRow = { downloadUrl: Url; accessUrl: Url; apiEndpoint: Url };

/** Counts a use when the license is usable and returns its content URLs; null when it is not usable. */
async function countUse(licenseKey: string, at: string): Promise<string[] | null> {
  // SQLite has no UPDATE in a WITH clause, and its statements cost no round trip: two of them.
  if (hotDb().dialect === "sqlite") {
    const [used] = await hotQuery<{ id: number }>(USE_LICENSE, [licenseKey, at]);
    return used ? (await hotQuery<ContentRow>(CONTENT_URLS, [used.id])).flatMap(itemUrls) : null;
  }
  const rows = await hotQuery<ContentRow>(USE_LICENSE_WITH_CONTENT, [licenseKey, at]);
  return rows.length > 0 ? rows.flatMap(itemUrls) : null;
}

/**
 * The answer for a license key, counting a use when it is valid. `nonce`, from the request, is echoed in the answer,
 * so a signed answer (docs/api.md#signed-answers) proves it was made for this check.
 */
export async function verifyLicense(
  rawKey: string,
  { nonce, now = new Date() }: { nonce?: string; now?: Date } = {},
): Promise<VerifyResult> {
  const licenseKey = normalizeLicenseKey(rawKey);
  if (!licenseKey) return answer("not_found", [], nonce);
  const at = sqlTimestamp(now);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const content = await countUse(licenseKey, at);
    if (content) return answer("valid", content, nonce);
    const [state] = await hotQuery<{ isActive: unknown; expired: unknown; usedUp: unknown }>(LICENSE_STATE, [at, licenseKey]);
    // SQLite answers 1/0, PostgreSQL true/false.
    const code = refusal(
      state ? { isActive: Boolean(state.isActive), expired: Boolean(state.expired), usedUp: Boolean(state.usedUp) } : null,
    );
    if (code) return answer(code, [], nonce);
  }
  throw new Error(`License verification did not settle after ${MAX_ATTEMPTS} attempts`);
}
