import "server-only";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import type Database from "better-sqlite3";
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
      cachePreparedStatements(adapter);
      return adapter;
    };
    return factory;
  }
  const { pool, schema } = postgresTarget(url);
  return new PrismaPg({ ...pool, max: env.DATABASE_POOL_SIZE }, { schema });
}

/** Distinct SQL texts kept prepared per connection: Prisma's queries are a few hundred shapes at most. */
export const PREPARED_STATEMENTS_KEPT = 500;

/**
 * adapter-better-sqlite3 prepares every query again (`client.prepare(sql).bind(args)`, then run or raw().all()),
 * and SQLite's prepare is a parse and a plan: 7.7% of a crawl's main thread in bench:crawl's CPU profile
 * (docs/decisions.md#prepared-statements-on-sqlite). The connection's `prepare` is given a cache by SQL text;
 * `bind` would fix a cached statement's parameters for good, so what it returns binds per call instead. Returns
 * whether the cache is in place: false if an upgrade of the adapter no longer keeps its connection as `client`
 * (a test says so).
 */
export function cachePreparedStatements(adapter: object): boolean {
  const client = (adapter as { client?: Database.Database }).client;
  if (typeof client?.prepare !== "function") return false;
  const prepare = client.prepare.bind(client);
  const kept = new Map<string, Database.Statement>();
  const cached = (sql: string): Database.Statement => {
    let statement = kept.get(sql);
    if (!statement) {
      statement = prepare(sql);
      // The oldest out first: a Map iterates in insertion order.
      if (kept.size >= PREPARED_STATEMENTS_KEPT) kept.delete(kept.keys().next().value as string);
      kept.set(sql, statement);
    }
    return statement;
  };
  Object.assign(client, {
    prepare: (sql: string) => new PerCallStatement(cached(sql)),
    [PREPARED_CACHE]: kept,
  });
  return true;
}

const PREPARED_CACHE = Symbol.for("scrapedeck.preparedStatements");

/** The statements a connection keeps prepared (tests), or undefined when it has no cache. */
export function preparedStatementsOf(adapter: object): ReadonlyMap<string, unknown> | undefined {
  return (adapter as { client?: { [PREPARED_CACHE]?: Map<string, unknown> } }).client?.[PREPARED_CACHE];
}

/**
 * What the adapter uses of a statement, over a shared prepared one: the parameters stay with this call. Each call
 * runs to its end synchronously (run, all), so a shared statement is never busy with another.
 */
class PerCallStatement {
  constructor(
    private readonly statement: Database.Statement,
    private readonly args: unknown[] = [],
  ) {}
  get reader(): boolean {
    return this.statement.reader;
  }
  bind(args: unknown[]): PerCallStatement {
    return new PerCallStatement(this.statement, args);
  }
  columns() {
    return this.statement.columns();
  }
  raw(toggle = true): this {
    this.statement.raw(toggle);
    return this;
  }
  run() {
    return this.statement.run(this.args);
  }
  all() {
    return this.statement.all(this.args);
  }
}
