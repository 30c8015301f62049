import { statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
import { adapterFactoryFor, PREPARED_STATEMENTS_KEPT, preparedStatementsOf } from "@/lib/infra/db/adapters";
import { hotDb, hotQuery, hotStatement } from "@/lib/infra/db/hot";
import { providerOf, sqliteFilePath } from "@/lib/infra/db/url";
import { env } from "@/lib/infra/env";

const SYNCHRONOUS = hotStatement<[], { synchronous: number }>({
  name: "test_synchronous",
  sqlite: "PRAGMA synchronous",
  postgres: "",
});
const NORMAL = 1;
const AUTOCHECKPOINT = hotStatement<[], { wal_autocheckpoint: number }>({
  name: "test_autocheckpoint",
  sqlite: "PRAGMA wal_autocheckpoint",
  postgres: "",
});
const CREATE_SCRATCH = hotStatement<[]>({
  name: "test_scratch_create",
  sqlite: "CREATE TABLE IF NOT EXISTS checkpoint_scratch (id INTEGER PRIMARY KEY, filler TEXT)",
  postgres: "",
});
const FILL_SCRATCH = hotStatement<[filler: string]>({
  name: "test_scratch_fill",
  sqlite: "INSERT INTO checkpoint_scratch (filler) VALUES (?)",
  postgres: "",
});
const DROP_SCRATCH = hotStatement<[]>({ name: "test_scratch_drop", sqlite: "DROP TABLE checkpoint_scratch", postgres: "" });

// Both SQLite connections of a process commit without an fsync each (lib/infra/db/adapters.ts, SQLITE_CONNECTION_PRAGMAS).
describe.skipIf(providerOf(env.DATABASE_URL) !== "sqlite")("SQLite connections", () => {
  it("run with synchronous = NORMAL, Prisma's and the hot one", async () => {
    const [prisma] = await db.$queryRawUnsafe<{ synchronous: bigint | number }[]>("PRAGMA synchronous");
    expect(Number(prisma?.synchronous)).toBe(NORMAL);
    expect(hotDb().dialect).toBe("sqlite");
    const [hot] = await hotQuery(SYNCHRONOUS, []);
    expect(hot?.synchronous).toBe(NORMAL);
  });

  it("keep Prisma's statements prepared, once per SQL text, with each call's own parameters", async () => {
    const adapter = await adapterFactoryFor(env.DATABASE_URL).connect();
    try {
      const kept = preparedStatementsOf(adapter);
      // Undefined when an adapter upgrade no longer keeps its connection where cachePreparedStatements looks.
      expect(kept).toBeDefined();
      const int = { scalarType: "int", arity: "scalar" } as const;
      const plusOne = (n: number) => adapter.queryRaw({ sql: "SELECT ? + 1 AS n", args: [n], argTypes: [int] });
      const before = kept?.size ?? 0;
      const answers = await Promise.all([1, 2, 3].map(plusOne));
      expect(answers.map((answer) => Number(answer.rows[0]?.[0]))).toEqual([2, 3, 4]);
      expect(answers[0]?.columnNames).toEqual(["n"]);
      expect(kept?.size).toBe(before + 1);
      // Writes (run) and a transaction's BEGIN go through the same cache.
      await adapter.executeRaw({ sql: "CREATE TEMP TABLE prepared_scratch (n INTEGER)", args: [], argTypes: [] });
      for (const n of [5, 6])
        await adapter.executeRaw({ sql: "INSERT INTO prepared_scratch VALUES (?)", args: [n], argTypes: [int] });
      const rows = await adapter.queryRaw({ sql: "SELECT n FROM prepared_scratch ORDER BY n", args: [], argTypes: [] });
      expect(rows.rows.map((row) => Number(row[0]))).toEqual([5, 6]);
      // Bounded: the oldest texts go first.
      for (let i = 0; i < PREPARED_STATEMENTS_KEPT + 10; i++) {
        await adapter.queryRaw({ sql: `SELECT ${i} AS n`, args: [], argTypes: [] });
      }
      expect(kept?.size).toBe(PREPARED_STATEMENTS_KEPT);
    } finally {
      await adapter.dispose();
    }
  });

  it("checkpoint the hot connection's commits in a thread, not inside them", async () => {
    const [setting] = await hotQuery(AUTOCHECKPOINT, []);
    expect(setting?.wal_autocheckpoint).toBe(0);
    const file = sqliteFilePath(env.DATABASE_URL);
    await hotQuery(CREATE_SCRATCH, []);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = statSync(file).size;
    // Commits only append to the log; the database file grows once the thread has moved them in.
    for (let i = 0; i < 200; i++) await hotQuery(FILL_SCRATCH, ["x".repeat(2000)]);
    await expect.poll(() => statSync(file).size, { timeout: 5000 }).toBeGreaterThan(before + 200 * 2000);
    await hotQuery(DROP_SCRATCH, []);
  });
});
