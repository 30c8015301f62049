import "server-only";
import { PrismaClient as PostgresPrismaClient } from "@/lib/generated/prisma-postgres/client";
import { type Prisma, PrismaClient } from "@/lib/generated/prisma-sqlite/client";
import { env } from "@/lib/infra/env";
import { processWide } from "@/lib/infra/process-state";
import { adapterFactoryFor } from "./adapters";
import { providerOf } from "./url";

export type Db = PrismaClient;
export type { Prisma } from "@/lib/generated/prisma-sqlite/client";

/** One client per process; both generated clients share the model, so the SQLite type serves for both. */
export function createDb(url: string): Db {
  const adapter = adapterFactoryFor(url);
  if (providerOf(url) === "postgresql") {
    return new PostgresPrismaClient({ adapter }) as unknown as Db;
  }
  return new PrismaClient({ adapter });
}

/** The process's client (lib/infra/process-state.ts): every copy of lib/ shares its connections. */
export const db: Db = processWide("db", () => createDb(env.DATABASE_URL));

/** True for Prisma's unique-constraint failure (P2002), on either database. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}

/**
 * The queries in one transaction that sees one snapshot of the database, in order: a page of a list and its total
 * read this way agree (on PostgreSQL each statement of a READ COMMITTED transaction, or each of two queries run side
 * by side, sees the rows committed by its own start, so a row added in between could be counted and not shown).
 * SQLite's transactions are serializable already; PostgreSQL's is asked for REPEATABLE READ.
 */
export function inOneSnapshot<const Queries extends readonly Prisma.PrismaPromise<unknown>[]>(
  queries: [...Queries],
): Promise<{ [Index in keyof Queries]: Awaited<Queries[Index]> }> {
  const options =
    providerOf(env.DATABASE_URL) === "postgresql"
      ? // The SQLite client's type lists only Serializable; the PostgreSQL client behind `db` takes this one.
        { isolationLevel: "RepeatableRead" as Prisma.TransactionIsolationLevel }
      : undefined;
  return db.$transaction(queries, options) as Promise<{ [Index in keyof Queries]: Awaited<Queries[Index]> }>;
}
