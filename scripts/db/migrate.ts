// npm run db:migrate — applies pending migrations to DATABASE_URL (default: the SQLite file).
import "../load-env";
import { applyMigrations } from "@/lib/infra/db/schema-engine";
import { env } from "@/lib/infra/env";

const applied = await applyMigrations(env.DATABASE_URL);
console.log(applied.length ? `Applied migrations: ${applied.join(", ")}` : "Database is up to date.");
process.exit(0);
