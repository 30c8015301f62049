// The license generator of the benchmarks: `count` licenses (unlimited, active, no expiry) with one content item
// each, owned by one generated user, written straight through the database driver in large batches, because a
// million rows through the ORM would take longer than the measurement. Returns the keys, for the load to spread
// over all of them.
import Database from "better-sqlite3";
import pg from "pg";
import { postgresTarget, providerOf, sqliteFilePath } from "@/lib/infra/db/url";
import { generateLicenseKey } from "@/lib/licenses/key";

const BATCH = 10_000;

/** Prisma's adapter stores SQLite dates as ISO text ending in +00:00; generated rows look the same. */
const sqliteNow = () => new Date().toISOString().replace("Z", "+00:00");

function contentUrl(key: string): string {
  return `https://cdn.example.com/content/${key.toLowerCase()}.zip`;
}

export async function generateLicenses(url: string, count: number, onProgress?: (done: number) => void): Promise<string[]> {
  const keys = Array.from({ length: count }, generateLicenseKey);
  const email = `bench-owner-${Date.now()}@example.test`;
  if (providerOf(url) === "sqlite") {
    const database = new Database(sqliteFilePath(url));
    try {
      const now = sqliteNow();
      const owner = database
        .prepare("INSERT INTO users (email, password_hash, plan, created_at) VALUES (?, 'not-a-real-hash', 'free', ?)")
        .run(email, now).lastInsertRowid;
      const license = database.prepare(
        "INSERT INTO licenses (user_id, name, license_key, is_active, usage_count, created_at) VALUES (?, ?, ?, 1, 0, ?)",
      );
      const item = database.prepare(
        "INSERT INTO license_contents (license_id, content_type, content_id, download_url, created_at) VALUES (?, 'file', ?, ?, ?)",
      );
      const batch = database.transaction((slice: string[], offset: number) => {
        slice.forEach((key, i) => {
          const id = license.run(owner, `Benchmark ${offset + i + 1}`, key, now).lastInsertRowid;
          item.run(id, `item-${offset + i + 1}`, contentUrl(key), now);
        });
      });
      for (let offset = 0; offset < count; offset += BATCH) {
        batch(keys.slice(offset, offset + BATCH), offset);
        onProgress?.(Math.min(count, offset + BATCH));
      }
      database.exec("ANALYZE");
    } finally {
      database.close();
    }
    return keys;
  }

  const { pool } = postgresTarget(url);
  const client = new pg.Client(pool);
  await client.connect();
  try {
    const owner = (
      await client.query<{ id: number }>(
        "INSERT INTO users (email, password_hash, plan) VALUES ($1, 'not-a-real-hash', 'free') RETURNING id",
        [email],
      )
    ).rows[0]?.id;
    for (let offset = 0; offset < count; offset += BATCH) {
      const slice = keys.slice(offset, offset + BATCH);
      await client.query(
        `WITH inserted AS (
           INSERT INTO licenses (user_id, name, license_key)
           SELECT $1, 'Benchmark ' || n, key FROM unnest($2::text[]) WITH ORDINALITY AS t(key, n)
           RETURNING id, license_key
         )
         INSERT INTO license_contents (license_id, content_type, content_id, download_url)
         SELECT id, 'file', 'item-' || id, 'https://cdn.example.com/content/' || lower(license_key) || '.zip' FROM inserted`,
        [owner, slice],
      );
      onProgress?.(Math.min(count, offset + BATCH));
    }
    await client.query("ANALYZE licenses; ANALYZE license_contents");
  } finally {
    await client.end();
  }
  return keys;
}

/** Sum of usage_count over all licenses: what the verifications counted, to check against the answers seen. */
export async function totalUsage(url: string): Promise<number> {
  if (providerOf(url) === "sqlite") {
    const database = new Database(sqliteFilePath(url), { readonly: true });
    try {
      return Number(
        (database.prepare("SELECT COALESCE(SUM(usage_count), 0) AS total FROM licenses").get() as { total: number }).total,
      );
    } finally {
      database.close();
    }
  }
  const { pool } = postgresTarget(url);
  const client = new pg.Client(pool);
  await client.connect();
  try {
    return Number(
      (await client.query<{ total: string }>("SELECT COALESCE(SUM(usage_count), 0) AS total FROM licenses")).rows[0]?.total,
    );
  } finally {
    await client.end();
  }
}
