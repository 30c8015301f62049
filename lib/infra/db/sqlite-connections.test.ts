import { statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/infra/db";
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
