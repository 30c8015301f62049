import { readFileSync } from "node:fs";
import path from "node:path";

export type DbProvider = "sqlite" | "postgresql";

export const PRISMA_DIR = path.resolve(import.meta.dirname, "../../../prisma");
export const SOURCE_SCHEMA_PATH = path.join(PRISMA_DIR, "schema.prisma");
export const POSTGRES_SCHEMA_PATH = path.join(PRISMA_DIR, "postgres", "schema.prisma");

export function schemaPath(provider: DbProvider): string {
  return provider === "sqlite" ? SOURCE_SCHEMA_PATH : POSTGRES_SCHEMA_PATH;
}

export function migrationsDir(provider: DbProvider): string {
  return path.join(PRISMA_DIR, "migrations", provider);
}

/** The PostgreSQL twin: the source schema with only its provider and client output changed. */
export function postgresTwin(sourceSchema: string): string {
  const twin = sourceSchema
    .replace('provider = "sqlite"', 'provider = "postgresql"')
    .replace('output       = "../lib/generated/prisma-sqlite"', 'output       = "../../lib/generated/prisma-postgres"');
  if (twin === sourceSchema || !twin.includes("prisma-postgres")) {
    throw new Error("prisma/schema.prisma no longer has the provider/output lines the twin generator rewrites");
  }
  return `// GENERATED from prisma/schema.prisma by \`npm run db:generate\`. Do not edit.\n${twin}`;
}

export function readSchema(provider: DbProvider): string {
  return readFileSync(schemaPath(provider), "utf8");
}
