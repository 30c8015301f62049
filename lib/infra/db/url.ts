import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PoolConfig } from "pg";
import type { DbProvider } from "./schema-files";

export const DEFAULT_DATABASE_URL = "file:./data/scrapedeck.db";

export function providerOf(url: string): DbProvider {
  if (/^postgres(ql)?:\/\//i.test(url)) return "postgresql";
  if (url.startsWith("file:")) return "sqlite";
  throw new Error(`DATABASE_URL must start with file:, postgres:// or postgresql:// (got "${url.split(":")[0]}:")`);
}

/** Absolute path of a `file:` URL, relative paths resolved from the working directory; creates its folder. */
export function sqliteFilePath(url: string): string {
  const file = path.resolve(url.replace(/^file:/, "").replace(/\?.*$/, ""));
  mkdirSync(path.dirname(file), { recursive: true });
  return file;
}

export interface PostgresTarget {
  /** Explicit fields, never a connection string: pg lets a connection string override `database`. */
  pool: PoolConfig;
  /** The PostgreSQL schema (`?schema=` in the URL), default "public". */
  schema: string;
}

export function postgresTarget(url: string): PostgresTarget {
  const parsed = new URL(url);
  const schema = parsed.searchParams.get("schema") ?? "public";
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(schema)) throw new Error(`Invalid PostgreSQL schema name "${schema}"`);
  return {
    schema,
    pool: {
      host: decodeURIComponent(parsed.hostname) || "localhost",
      port: parsed.port ? Number(parsed.port) : 5432,
      user: decodeURIComponent(parsed.username) || undefined,
      password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
      database: decodeURIComponent(parsed.pathname.replace(/^\//, "")) || undefined,
      options: `-c search_path="${schema}"`,
    },
  };
}
