// npm run db:migrate:create -- <name> — writes the next migration for SQLite and for PostgreSQL.
// The engine diffs the schema against the history replayed on a throwaway shadow database: in memory for
// SQLite, a temporary database on MIGRATE_POSTGRES_URL (default: the local server) for PostgreSQL.
import "../load-env";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createMigration } from "@/lib/infra/db/schema-engine";
import { providerOf } from "@/lib/infra/db/url";

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("Usage: npm run db:migrate:create -- <name>   (lowercase letters, digits and _)");
  process.exit(2);
}

const sqliteUrl = `file:${path.join(mkdtempSync(path.join(tmpdir(), "scrapedeck-migrate-")), "scratch.db")}`;
const postgresUrl = process.env.MIGRATE_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

for (const url of [sqliteUrl, postgresUrl]) {
  const created = await createMigration(url, name);
  console.log(created ? `Created ${created} (${providerOf(url)})` : `No changes for ${providerOf(url)}`);
}
process.exit(0);
