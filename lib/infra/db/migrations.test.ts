import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { freshDatabaseUrl } from "@/test/support/database";
import { pendingSchemaChanges } from "./schema-engine";
import { POSTGRES_SCHEMA_PATH, postgresTwin, SOURCE_SCHEMA_PATH } from "./schema-files";

const postgresUrl = process.env.MIGRATE_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

describe("migrations", () => {
  it("keeps the PostgreSQL twin schema in step with the source (npm run db:generate)", () => {
    expect(readFileSync(POSTGRES_SCHEMA_PATH, "utf8")).toBe(postgresTwin(readFileSync(SOURCE_SCHEMA_PATH, "utf8")));
  });

  it("SQLite: replaying prisma/migrations/sqlite produces exactly the model", async () => {
    expect(await pendingSchemaChanges(freshDatabaseUrl("file:"))).toBe("");
  });

  it("PostgreSQL: replaying prisma/migrations/postgresql produces exactly the model", async () => {
    expect(await pendingSchemaChanges(postgresUrl)).toBe("");
  });
});
