// Writes the PostgreSQL twin of the schema and generates both Prisma clients, offline.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { POSTGRES_SCHEMA_PATH, postgresTwin, SOURCE_SCHEMA_PATH } from "@/lib/infra/db/schema-files";

mkdirSync(path.dirname(POSTGRES_SCHEMA_PATH), { recursive: true });
writeFileSync(POSTGRES_SCHEMA_PATH, postgresTwin(readFileSync(SOURCE_SCHEMA_PATH, "utf8")));

// The CLI would try to download a native schema engine; generation does not need it.
const env = {
  ...process.env,
  PRISMA_ENGINES_CHECKSUM_IGNORE_MISSING: "1",
  PRISMA_SCHEMA_ENGINE_BINARY: "/bin/false",
  PRISMA_HIDE_UPDATE_MESSAGE: "1",
};
for (const schema of [SOURCE_SCHEMA_PATH, POSTGRES_SCHEMA_PATH]) {
  execFileSync("npx", ["prisma", "generate", "--no-hints", "--schema", schema], { stdio: ["ignore", "ignore", "inherit"], env });
}
console.log("Generated the SQLite and PostgreSQL Prisma clients.");
