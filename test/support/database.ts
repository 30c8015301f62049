// A fresh database for one test run: a temporary SQLite file by default, or a new schema on the
// PostgreSQL server when TEST_DATABASE_URL / DATABASE_URL points at one.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export function freshDatabaseUrl(base = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL): string {
  if (base && /^postgres(ql)?:\/\//.test(base)) {
    const url = new URL(base);
    url.searchParams.set("schema", `test_${Date.now()}_${randomBytes(3).toString("hex")}`);
    return url.toString();
  }
  return `file:${path.join(mkdtempSync(path.join(tmpdir(), "scrapedeck-test-")), "test.db")}`;
}

export async function dropPostgresSchema(url: string): Promise<void> {
  if (!url.startsWith("postgres")) return;
  const { postgresTarget } = await import("@/lib/infra/db/url");
  const { pool, schema } = postgresTarget(url);
  const pg = (await import("pg")).default;
  const client = new pg.Client({ ...pool, options: undefined });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
}
