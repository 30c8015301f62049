import "server-only";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { env } from "@/lib/infra/env";
import { postgresTarget, providerOf, sqliteFilePath } from "./url";

/** SQLite waits this long for a lock held by another connection before answering SQLITE_BUSY. */
export const SQLITE_BUSY_TIMEOUT_MS = 10_000;

/**
 * Set on every SQLite connection the app opens (Prisma's and the hot one, lib/infra/db/hot.ts). In WAL mode (set once, in
 * the file, at migration) NORMAL syncs the log at checkpoints rather than at every commit: a commit no longer
 * waits for an fsync (about 2 ms each on this machine's disk, on the event loop, since better-sqlite3 is
 * synchronous: four of them in every run). The database stays consistent whatever happens, and a commit survives
 * the process crashing; only a power loss or OS crash can take back the last commits before a checkpoint
 * (docs/decisions.md#hot-paths). The bench's bare baseline server runs the same way.
 */
export const SQLITE_CONNECTION_PRAGMAS = "PRAGMA synchronous = NORMAL;";

export function adapterFactoryFor(url: string): PrismaBetterSqlite3 | PrismaPg {
  if (providerOf(url) === "sqlite") {
    const factory = new PrismaBetterSqlite3({ url: sqliteFilePath(url), timeout: SQLITE_BUSY_TIMEOUT_MS });
    // The adapter opens its connection in connect(), with no hook for pragmas: they are set right after.
    const connect = factory.connect.bind(factory);
    factory.connect = async () => {
      const adapter = await connect();
      await adapter.executeScript(SQLITE_CONNECTION_PRAGMAS);
      return adapter;
    };
    return factory;
  }
  const { pool, schema } = postgresTarget(url);
  return new PrismaPg({ ...pool, max: env.DATABASE_POOL_SIZE }, { schema });
}
