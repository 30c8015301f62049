import "server-only";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { env } from "@/lib/env";
import { postgresTarget, providerOf, sqliteFilePath } from "./url";

/** SQLite waits this long for a lock held by another connection before answering SQLITE_BUSY. */
export const SQLITE_BUSY_TIMEOUT_MS = 10_000;

export function adapterFactoryFor(url: string): PrismaBetterSqlite3 | PrismaPg {
  if (providerOf(url) === "sqlite") {
    return new PrismaBetterSqlite3({ url: sqliteFilePath(url), timeout: SQLITE_BUSY_TIMEOUT_MS });
  }
  const { pool, schema } = postgresTarget(url);
  return new PrismaPg({ ...pool, max: env.DATABASE_POOL_SIZE }, { schema });
}
