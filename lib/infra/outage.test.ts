// Real failures of each driver, caused for real (nothing listening, a backend terminated, a write lock held),
// told apart from the errors that are not outages.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { Redis } from "ioredis";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createDb, db } from "@/lib/infra/db";
import { providerOf } from "@/lib/infra/db/url";
import { createTestUser } from "@/test/support/users";
import { AppError } from "./errors";
import { dependencyOutage, OUTAGE_RETRY_AFTER_SECONDS, unavailableDependency } from "./outage";

/** What the promise rejected with. */
async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
}

// Nothing listens on port 1 of this machine.
const NOWHERE_POSTGRES = "postgresql://postgres@127.0.0.1:1/none";

describe("dependencyOutage", () => {
  it("turns a database nobody answers for into service_unavailable with a Retry-After", async () => {
    const unreachable = createDb(NOWHERE_POSTGRES);
    for (const attempt of [
      () => unreachable.user.findFirst(),
      () => unreachable.$queryRawUnsafe("SELECT 1"),
      () => unreachable.$transaction(async (tx) => tx.user.findFirst()),
    ]) {
      const outage = dependencyOutage(await failure(attempt()));
      expect(outage).toBeInstanceOf(AppError);
      expect(outage).toMatchObject({ code: "service_unavailable", details: { retryAfterSeconds: OUTAGE_RETRY_AFTER_SECONDS } });
      expect(outage?.message).toMatch(/^The database is not answering right now/);
    }
    await unreachable.$disconnect();
    const pool = new pg.Pool({ host: "127.0.0.1", port: 1, user: "postgres" });
    expect(unavailableDependency(await failure(pool.query("SELECT 1")))).toBe("database");
    await pool.end();
  });

  it.skipIf(providerOf(process.env.DATABASE_URL ?? "") !== "postgresql")(
    "recognizes a PostgreSQL backend terminated under a connection (a restart's first sign)",
    async () => {
      const { postgresTarget } = await import("@/lib/infra/db/url");
      const { pool: config } = postgresTarget(process.env.DATABASE_URL as string);
      const victim = new pg.Client({ ...config, options: undefined });
      victim.on("error", () => {});
      await victim.connect();
      const { rows } = await victim.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
      await db.$queryRawUnsafe(`SELECT pg_terminate_backend(${Number(rows[0]?.pid)})`);
      expect(unavailableDependency(await failure(victim.query("SELECT 1")))).toBe("database");
      await victim.end().catch(() => {});
    },
  );

  it("recognizes SQLite's busy database (another connection holds the write lock)", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "scrapedeck-outage-")), "busy.db");
    const holder = new Database(file);
    holder.exec("CREATE TABLE t (x INTEGER)");
    holder.exec("BEGIN IMMEDIATE");
    const waiter = new Database(file, { timeout: 0 });
    let busy: unknown;
    try {
      waiter.exec("INSERT INTO t VALUES (1)");
    } catch (error) {
      busy = error;
    }
    expect(unavailableDependency(busy)).toBe("database");
    holder.exec("ROLLBACK");
    holder.close();
    waiter.close();
  });

  it("recognizes Redis away: a command that ran out of retries, and a queue handle that fails fast offline", async () => {
    const retrying = new Redis("redis://127.0.0.1:1", { maxRetriesPerRequest: 1 });
    retrying.on("error", () => {});
    const outage = dependencyOutage(await failure(retrying.get("key")));
    expect(outage?.message).toMatch(/^The queue and limits store \(Redis\) is not answering right now/);
    retrying.disconnect();
    const failingFast = new Redis("redis://127.0.0.1:1", { enableOfflineQueue: false, lazyConnect: true });
    failingFast.on("error", () => {});
    expect(unavailableDependency(await failure(failingFast.get("key")))).toBe("redis");
    failingFast.disconnect();
  });

  it("leaves every other error alone: domain errors, constraint violations, bugs", async () => {
    expect(dependencyOutage(new AppError("not_found", "Run not found"))).toBeNull();
    expect(dependencyOutage(new TypeError("x is not a function"))).toBeNull();
    expect(dependencyOutage("a string")).toBeNull();
    const user = await createTestUser();
    const duplicate = await failure(db.user.create({ data: { email: user.email, passwordHash: "x" } }));
    expect(dependencyOutage(duplicate)).toBeNull();
  });
});
