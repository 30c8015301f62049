// inOneSnapshot: the queries of a list (its page and its total) read one snapshot of the database. PostgreSQL only:
// SQLite's transactions are serializable by construction, and its connection cannot be held between two statements
// of a batch from outside. The reading transaction is held between its two counts by an advisory lock this test
// owns, a row is committed meanwhile from another connection, and the second count must not see it.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { db, inOneSnapshot } from "@/lib/infra/db";
import { postgresTarget, providerOf } from "@/lib/infra/db/url";

const DATABASE_URL = process.env.DATABASE_URL ?? "";

describe.skipIf(providerOf(DATABASE_URL) !== "postgresql")("inOneSnapshot on PostgreSQL", () => {
  it("reads every query in the first one's snapshot: a row committed in between is in none of them", async () => {
    const email = `snapshot-${randomUUID()}@example.test`;
    const lockKey = Math.floor(Math.random() * 2 ** 31);
    const holder = new pg.Client(postgresTarget(DATABASE_URL).pool);
    await holder.connect();
    try {
      await holder.query("SELECT pg_advisory_lock($1)", [lockKey]);
      const reading = inOneSnapshot([
        db.user.count({ where: { email } }),
        // Waits here, inside the transaction, until the test lets go of the lock.
        db.$queryRawUnsafe(`SELECT pg_advisory_lock(${lockKey})::text, pg_advisory_unlock(${lockKey})`),
        db.user.count({ where: { email } }),
      ]);
      // The transaction has read its first count and is waiting for the lock.
      await expect
        .poll(async () => {
          const { rows } = await holder.query<{ waiting: number }>(
            "SELECT count(*)::int AS waiting FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND objid = $1",
            [lockKey],
          );
          return rows[0]?.waiting;
        })
        .toBe(1);
      await db.user.create({ data: { email, passwordHash: "not-a-real-hash" } });
      await holder.query("SELECT pg_advisory_unlock($1)", [lockKey]);

      const [before, , after] = await reading;
      expect(before).toBe(0);
      // READ COMMITTED (a transaction without the isolation level, or the queries side by side) counts it here.
      expect(after).toBe(0);
      expect(await db.user.count({ where: { email } })).toBe(1);
    } finally {
      await holder.end();
    }
  });
});
