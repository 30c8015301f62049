import "server-only";
import { PrismaClient as PostgresPrismaClient } from "@/lib/generated/prisma-postgres/client";
import { PrismaClient } from "@/lib/generated/prisma-sqlite/client";
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
