import "server-only";
import { hotDb, hotQuery, sqlTimestamp } from "@/lib/infra/db/hot";
import { normalizeLicenseKey } from "./key";
import { CONTENT_URLS, LICENSE_STATE, USE_LICENSE, USE_LICENSE_WITH_CONTENT } from "./sql";
import { answer, itemUrls, refusal, type VerifyResult } from "./verdict";

export type { VerifyCode, VerifyResult } from "./verdict";

// Public license verification (docs/decisions.md#license-verification). A valid answer counts one use, and the count and
// the checks happen in one conditional UPDATE, so parallel verifies can never push usage_count past max_usage. The
// three statements are the hottest in the app: prepared raw SQL (lib/infra/db/hot.ts), each one index lookup.

/** A license changed by its owner between our UPDATE and our read is retried; more than this is a bug. */
const MAX_ATTEMPTS = 3;

/** Counts a use when the license is usable and returns its content URLs; null when it is not usable. */
async function countUse(licenseKey: string, at: string): Promise<string[] | null> {
  // SQLite has no UPDATE in a WITH clause, and its statements cost no round trip: two of them.
  if (hotDb().dialect === "sqlite") {
    const [used] = await hotQuery(USE_LICENSE, [licenseKey, at]);
    return used ? (await hotQuery(CONTENT_URLS, [used.id])).flatMap(itemUrls) : null;
  }
  const rows = await hotQuery(USE_LICENSE_WITH_CONTENT, [licenseKey, at]);
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
    const [state] = await hotQuery(LICENSE_STATE, [at, licenseKey]);
    // SQLite answers 1/0, PostgreSQL true/false.
    const code = refusal(
      state ? { isActive: Boolean(state.isActive), expired: Boolean(state.expired), usedUp: Boolean(state.usedUp) } : null,
    );
    if (code) return answer(code, [], nonce);
  }
  throw new Error(`License verification did not settle after ${MAX_ATTEMPTS} attempts`);
}
