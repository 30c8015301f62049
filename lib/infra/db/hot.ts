import "server-only";
import Database from "better-sqlite3";
import pg from "pg";
import { env } from "@/lib/infra/env";
import { existingProcessWide, processWide } from "@/lib/infra/process-state";
import { SQLITE_BUSY_TIMEOUT_MS, SQLITE_CONNECTION_PRAGMAS } from "./adapters";
import { startBackgroundCheckpoints } from "./checkpoint";
import { postgresTarget, providerOf, sqliteFilePath } from "./url";

// The few statements on the hottest paths (license verification, API-key lookup) as prepared raw SQL on a
// connection of their own, past the ORM: its query building and result mapping cost more than the statements
// themselves there (docs/decisions.md#hot-paths). Everything else goes through Prisma (lib/infra/db/index.ts).

/** A statement parameter: strings, numbers or null (dates go in as ISO text, sqlTimestamp; booleans as 1/0). */
export type Param = string | number | null;
/** A row as a driver returns it: its columns by name (statements declare their own row types). */
type Row = object;

/**
 * One statement in both dialects, typed: `P` its parameters in order, `R` a row it returns as both drivers give it
 * (a boolean expression is 1/0 on SQLite, true/false on PostgreSQL: `SqlBoolean`). Each feature keeps its statements in
 * one home (its `sql.ts`); the callers read typed rows without casts.
 */
export interface HotStatement<P extends readonly Param[] = readonly Param[], R extends Row = Row> {
  /** Names the prepared statement on PostgreSQL, so each connection parses and plans it once. */
  name: string;
  /** `?` placeholders. */
  sqlite: string;
  /** `$1…` placeholders. */
  postgres: string;
  /** Type only, never set: the parameters and the row. */
  readonly types?: { params: P; row: R };
}

/** The row type a statement declares (for the untyped rows of HotDb.steps). */
export type RowOf<S> = S extends HotStatement<never, infer R> ? R : never;

/** A boolean expression's value as the drivers return it. */
export type SqlBoolean = boolean | 0 | 1;

/** Declares a statement with its parameters' and rows' types. */
export function hotStatement<P extends readonly Param[], R extends Row = Record<string, never>>(
  statement: Omit<HotStatement, "types">,
): HotStatement<P, R> {
  return statement;
}

export interface HotDb {
  dialect: "sqlite" | "postgresql";
  /** Every row the statement returns. */
  all<P extends readonly Param[], R extends Row>(statement: HotStatement<P, R>, params: P): Promise<R[]>;
  /**
   * SQLite only (PostgreSQL says the same in one statement, with data-modifying CTEs): the statements in one
   * transaction, in order, each run only while the one before returned a row; the rows of each step run.
   */
  steps?(steps: [HotStatement, readonly Param[]][]): Promise<Row[][]>;
  close(): Promise<void>;
}

/**
 * better-sqlite3 runs a statement synchronously, so its own busy wait would stall the event loop, and with it the
 * Prisma transaction that holds the write lock: the statement would wait for a lock that cannot be released. So
 * the connection never waits inside SQLite; a busy database is retried after yielding, up to the same limit as
 * Prisma's connection.
 */
function sqliteHotDb(url: string): HotDb {
  const file = sqliteFilePath(url);
  const database = new Database(file, { timeout: 0 });
  database.exec(SQLITE_CONNECTION_PRAGMAS);
  // Its commits never checkpoint on the event loop: a thread does (lib/infra/db/checkpoint.ts), or, once that has stopped,
  // SQLite's default again.
  database.pragma("wal_autocheckpoint = 0");
  const checkpoints = startBackgroundCheckpoints(file, () => {
    if (database.open) database.pragma("wal_autocheckpoint = 1000");
  });
  const prepared = new Map<string, Database.Statement>();
  const statementOf = (statement: Pick<HotStatement, "name" | "sqlite">) => {
    let found = prepared.get(statement.name);
    if (!found) {
      found = database.prepare(statement.sqlite);
      prepared.set(statement.name, found);
    }
    return found;
  };
  const rowsOf = (statement: Pick<HotStatement, "name" | "sqlite">, params: readonly Param[]): Row[] => {
    const prepared = statementOf(statement);
    if (prepared.reader) return prepared.all(...params) as Row[];
    prepared.run(...params);
    return [];
  };
  /** `work`, retried after yielding while the database is busy (see above). */
  const retried = async <T>(work: () => T): Promise<T> => {
    const deadline = Date.now() + SQLITE_BUSY_TIMEOUT_MS;
    for (;;) {
      try {
        return work();
      } catch (error) {
        if ((error as { code?: string }).code !== "SQLITE_BUSY" || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    }
  };
  // BEGIN IMMEDIATE: the write lock up front, so a busy database fails the first step, never a later one.
  const inTransaction = database.transaction((steps: [HotStatement, readonly Param[]][]) => {
    const answers: Row[][] = [];
    for (const [statement, params] of steps) {
      const rows = rowsOf(statement, params);
      answers.push(rows);
      if (rows.length === 0) break;
    }
    return answers;
  }).immediate;
  return {
    dialect: "sqlite",
    all<P extends readonly Param[], R extends Row>(statement: HotStatement<P, R>, params: P): Promise<R[]> {
      return retried(() => rowsOf(statement, params) as R[]);
    },
    steps(steps) {
      return retried(() => inTransaction(steps));
    },
    async close() {
      await checkpoints.stop();
      database.close();
    },
  };
}

function postgresHotDb(url: string): HotDb {
  const { pool: config } = postgresTarget(url);
  const pool = new pg.Pool({ ...config, max: env.DATABASE_POOL_SIZE });
  // An idle connection the server drops is replaced on the next query; without a listener it would crash the process.
  pool.on("error", () => {});
  return {
    dialect: "postgresql",
    async all<P extends readonly Param[], R extends Row>(statement: HotStatement<P, R>, params: P): Promise<R[]> {
      const result = await pool.query<R>({ name: statement.name, text: statement.postgres, values: [...params] });
      return result.rows;
    },
    close: () => pool.end(),
  };
}

// This copy of lib/'s handle on the process's connection: looked up once, not on every statement.
let current: HotDb | undefined;

/** One per process (lib/infra/process-state.ts): Next's bundle and the edge's fast paths load lib/ apart. */
export function hotDb(): HotDb {
  current ??= processWide("hot-db", () => createHotDb(env.DATABASE_URL));
  return current;
}

/** A hot connection of its own to the database at `url` (hotDb is the process's; tests make others). */
export function createHotDb(url: string): HotDb {
  return providerOf(url) === "sqlite" ? sqliteHotDb(url) : postgresHotDb(url);
}

/** Closes the process's hot connection, if one was opened (a process shutting down). */
export async function closeHotDb(): Promise<void> {
  await existingProcessWide<HotDb>("hot-db")?.close();
}

/** The rows of one hot statement on this process's database. */
export function hotQuery<P extends readonly Param[], R extends Row>(statement: HotStatement<P, R>, params: P): Promise<R[]> {
  return hotDb().all(statement, params);
}

/**
 * The database's clock in SQL, in each dialect: SQLite as the ISO text Prisma stores dates as, PostgreSQL as a UTC
 * timestamp without zone (as Prisma stores them). For times that processes on several machines compare with one
 * another (a run's lease, when it started and ended), which must not depend on any one machine's clock being
 * right: a worker whose clock is minutes off would otherwise write leases that expire at once, or never, for the
 * others. `plusMs` moves it forward.
 */
export function sqlNow(dialect: HotDb["dialect"], plusMs = 0): string {
  if (dialect === "sqlite") {
    return `strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'${plusMs ? `, '+${plusMs / 1000} seconds'` : ""})`;
  }
  return plusMs ? `((now() AT TIME ZONE 'UTC') + interval '${plusMs} milliseconds')` : `(now() AT TIME ZONE 'UTC')`;
}

/** The database's clock as ISO text in either dialect, for a statement that reads it beside other columns. */
export function sqlNowText(dialect: HotDb["dialect"]): string {
  return dialect === "sqlite" ? sqlNow("sqlite") : `to_char(${sqlNow("postgresql")}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

const DATABASE_NOW = hotStatement<[], { now: string }>({
  name: "database_now",
  sqlite: `SELECT ${sqlNowText("sqlite")} AS now`,
  postgres: `SELECT ${sqlNowText("postgresql")} AS now`,
});

/** The database's clock (see sqlNow): what a lease is compared with, whichever process compares it. */
export async function databaseNow(): Promise<Date> {
  const [row] = await hotQuery(DATABASE_NOW, []);
  return new Date(row?.now as string);
}

/**
 * Dates as both databases compare them: SQLite holds Prisma's ISO text ("…+00:00"), PostgreSQL a UTC timestamp
 * without zone, which reads the same text (its zone ignored) as that UTC time. Cast with ?::timestamp there.
 */
export function sqlTimestamp(date: Date): string {
  const ms = date.getTime();
  // Verifications arriving within the same millisecond share the text: formatting it was a few per cent of a
  // verify's CPU in the profile (Next's patched Date makes every Date dearer in its process).
  if (ms !== lastTimestamp.ms) lastTimestamp = { ms, text: `${date.toISOString().slice(0, -1)}+00:00` };
  return lastTimestamp.text;
}
let lastTimestamp = { ms: Number.NaN, text: "" };
